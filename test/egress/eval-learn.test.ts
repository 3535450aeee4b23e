// Found by review: mode: eval ran runJob without the caller's redactor, so it never learned what the plan hands its tools under secret names.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { actAsRunner } from './act-as-runner.ts';

const VALUE = 'a7Fq2LmZ9xKc4RtW';
let server: ChatServer;
let workspace: string;
beforeEach(async () => {
  server = await startChatServer();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'review-eval-'));
});
afterEach(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

it('mode: eval hides a value the plan hands a tool under a secret name (prompt, summary, eval.json)', async () => {
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: sales
tools:
  sales:
    description: Weekly sales
    command: [node, -e, "console.error('> X-Api-Key: ' + process.env.API_TOKEN); process.exit(1)"]
    env: { API_TOKEN: "\${env.SALES}" }
workflow_sequence:
  - { id: 1, type: tool_call, tool: sales, args: {}, on_failure: continue }
  - { id: 2, type: reasoning, description: Report what happened, depends_on: [{ step: 1, optional: true }] }
`,
  );
  server.script([textAnswer('The sales API failed.')]);
  await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', mode: 'eval', 'eval-runs': '1', 'api-key': 'sk-test-key-0000', 'base-url': server.baseURL, comment: 'never', 'check-run': 'false', state: 'off' },
    env: { SALES: VALUE },
  });
  const prompt = JSON.stringify(server.requests.map((request) => request.body.messages));
  expect(prompt).not.toContain(VALUE);
});

it('mode: eval keeps the value out of eval.json when a failing run\'s reason quotes it', async () => {
  await writeFile(
    path.join(workspace, 'plan.yml'),
    `name: sales
tools:
  sales:
    description: Weekly sales
    command: [node, -e, "console.error('> X-Api-Key: ' + process.env.API_TOKEN); process.exit(1)"]
    env: { API_TOKEN: "\${env.SALES}" }
workflow_sequence:
  - { id: 1, type: tool_call, tool: sales, args: {} }
`,
  );
  const { result } = await actAsRunner({
    workspace,
    inputs: { plan: 'plan.yml', mode: 'eval', 'eval-runs': '1', comment: 'never', 'check-run': 'false', state: 'off' },
    env: { SALES: VALUE },
  });
  const json = await readFile(path.join(path.dirname(result.outputs.report), 'eval.json'), 'utf8');
  expect(json).not.toContain(VALUE);
});
