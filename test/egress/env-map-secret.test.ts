// Found by review: a plan's `env: { API_TOKEN: "${env.SALES}" }` hands the runner's SALES to a tool
// as a token, but only secret-named runner variables were known to the redactor: what the tool
// printed of it reached the trace, the summary, the log and the next prompt.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { planSecretValues } from '../../src/process/plan-secret-values.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { actAsRunner } from './act-as-runner.ts';

const VALUE = 'a7Fq2LmZ9xKc4RtW';
let server: ChatServer;
let workspace: string;
beforeEach(async () => {
  server = await startChatServer();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'egress-envmap-'));
});
afterEach(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

/** A tool that prints the token it is handed as API_TOKEN (from the runner's SALES) and fails, then `steps`. */
function salesPlan(steps: string): string {
  return `name: sales
tools:
  sales:
    description: Weekly sales
    command: [node, -e, "console.error('> X-Api-Key: ' + process.env.API_TOKEN); process.exit(1)"]
    env: { API_TOKEN: "\${env.SALES}" }
workflow_sequence:
${steps}`;
}

// Found by the second review: mode: eval ran runJob without the caller's redactor, so it never learned them.
it('mode: eval hides it from the prompt, and from eval.json when a failing run quotes it', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), salesPlan('  - { id: 1, type: tool_call, tool: sales, args: {}, on_failure: continue }\n  - { id: 2, type: reasoning, description: Report what happened, depends_on: [{ step: 1, optional: true }] }\n'));
  server.script([textAnswer('The sales API failed.')]);
  const evalInputs = { plan: 'plan.yml', mode: 'eval', 'eval-runs': '1', comment: 'never', 'check-run': 'false', state: 'off' };
  await actAsRunner({ workspace, inputs: { ...evalInputs, 'api-key': 'sk-test-key-0000', 'base-url': server.baseURL }, env: { SALES: VALUE } });
  expect(JSON.stringify(server.requests.map((request) => request.body.messages))).not.toContain(VALUE);
  await writeFile(path.join(workspace, 'plan.yml'), salesPlan('  - { id: 1, type: tool_call, tool: sales, args: {} }\n'));
  const { result } = await actAsRunner({ workspace, inputs: evalInputs, env: { SALES: VALUE } });
  expect(await readFile(result.outputs.report.replace(/\.md$/, '.json'), 'utf8')).not.toContain(VALUE);
});

it('hides a value the plan hands a tool under a secret-looking name in env:, in every report and the prompt', async () => {
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: sales
tools:
  sales:
    description: Weekly sales
    command: [node, -e, "console.error('> GET /v1/sales\\\\n> X-Api-Key: ' + process.env.API_TOKEN + '\\\\n< HTTP/1.1 503'); process.exit(1)"]
    env: { API_TOKEN: "\${env.SALES}", REGION: "\${env.REGION}" }
workflow_sequence:
  - { id: 1, type: tool_call, tool: sales, args: {}, on_failure: continue }
  - { id: 2, type: reasoning, description: Report what happened, depends_on: [{ step: 1, optional: true }] }
`,
  );
  server.script([textAnswer('The sales API failed.')]);
  const { said, outputs } = await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', 'api-key': 'sk-test-key-0000', 'base-url': server.baseURL, comment: 'never', 'check-run': 'false', state: 'off' },
    env: { SALES: VALUE, REGION: 'eu-west-1' },
  });
  const trace = await readFile(outputs['trace']!, 'utf8');
  const log = [...said.log, ...said.groups.flatMap((group) => group.lines), ...said.annotations.map((annotation) => annotation.message)].join('\n');
  const prompt = JSON.stringify(server.requests.map((request) => request.body.messages));
  for (const text of [trace, said.summary, log, prompt]) expect(text).not.toContain(VALUE);
  expect(trace).toContain('X-Api-Key: ***');
});

it('takes values under secret-looking names and credential headers, and their credential after Bearer; not other values', () => {
  const env = { SALES: VALUE, REGION: 'eu-west-1', DOCS: 'docs-token-123456' };
  const values = planSecretValues(
    {
      tools: { sales: { env: { API_TOKEN: '${env.SALES}', REGION: '${env.REGION}' } }, listed: { env: ['SALES'] } },
      mcp_servers: { docs: { headers: { Authorization: 'Bearer ${env.DOCS}', Accept: 'application/json' } }, local: { env: { DB_PASSWORD: 'literal-pass', MISSING_KEY: '${env.NOT_SET}' } } },
    },
    env,
  );
  expect(values.sort()).toEqual(['Bearer docs-token-123456', VALUE, 'docs-token-123456', 'literal-pass'].sort());
});

// Found by an adversarial pass: `X-Auth`, `X-Authorization`, `Authentication` and `X-Session` matched
// neither the secret names (`_AUTH` with an underscore) nor `^authorization$`, and a server echoing its
// request headers put their values in the report, the trace and the log.
it('takes every header that reads a runner variable, and credential-looking header names, whatever they hold', () => {
  const env = { H1: 'sekrit-one-AAAA', H2: 'sekrit-two-BBBB', H3: 'sekrit-three-CCCC', H4: 'sekrit-six-FFFF', PLAIN: 'plain-value-1234' };
  const values = planSecretValues(
    {
      mcp_servers: {
        docs: {
          headers: { 'X-Auth': '${env.H1}', 'X-Authorization': 'Token ${env.H2}', Authentication: '${env.H3}', 'X-Trace': '${env.H4}', 'X-Session': 'literal-session-9876', Accept: 'application/json' },
        },
      },
    },
    env,
  );
  expect(values.sort()).toEqual(['sekrit-one-AAAA', 'Token sekrit-two-BBBB', 'sekrit-two-BBBB', 'sekrit-three-CCCC', 'sekrit-six-FFFF', 'literal-session-9876'].sort());
});
