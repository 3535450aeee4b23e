// A refused approval started the plan's MCP servers first (found by an adversarial pass): the plan file's servers
// were started to validate the plan, and only then was the approval checked, so a changed plan file (or other inputs)
// was refused after its servers had run. An approval is now checked before any server starts, where it can be.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { ApprovalGrant } from '../../src/job/grant-approval.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'abs-'));
  const serve = pathToFileURL(path.resolve('test/fixtures/mcp/serve-stdio.mjs')).href;
  // Notes each start in started.txt.
  await writeFile(
    path.join(dir, 'server.mjs'),
    `import { appendFileSync } from 'node:fs';
import { serveStdio } from ${JSON.stringify(serve)};
appendFileSync('started.txt', 'x');
serveStdio({
  name: 'docs',
  listTools: () => ({ tools: [{ name: 'lookup', description: 'Look it up', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }),
  callTool: () => ({ content: [{ type: 'text', text: 'found' }] }),
});
`,
  );
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const plan = (b: number) => `name: docs
inputs:
  topic: { default: "a" }
mcp_servers:
  docs: { command: [${JSON.stringify(process.execPath)}, server.mjs] }
toolsets: [math]
workflow_sequence:
  - { id: sum, type: tool_call, tool: add, args: { a: 1, b: ${b} } }
  - { id: look, type: tool_call, tool: docs__lookup, args: { q: "\${inputs.topic}" }, depends_on: [sum], approval: true }
`;

let n = 0;
async function run(text: string, options: { readonly resume?: string; readonly approve?: ApprovalGrant; readonly inputs?: Record<string, string>; readonly model?: string } = {}) {
  await writeFile(path.join(dir, 'plan.yml'), text);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const outcome = await runJob(
    {
      planFile: path.join(dir, 'plan.yml'), inputs: options.inputs ?? {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: 'http://127.0.0.1:9', ...(options.model && { model: options.model }) },
      ...(options.resume && { resume: { file: options.resume, text: await readFile(options.resume, 'utf8') } }),
      ...(options.approve && { approve: options.approve }),
    },
    { listeners: [trace.listener], clock: systemClock },
  );
  await trace.close();
  return { outcome, trace: tracePath };
}

const starts = async () => (await readFile(path.join(dir, 'started.txt'), 'utf8').catch(() => '')).length;

async function paused() {
  const first = await run(plan(1));
  expect(first.outcome.kind === "ran" && first.outcome.status, JSON.stringify(first.outcome.kind === "rejected" && first.outcome.errors)).toBe("awaiting-approval");
  const asked = (await readFile(first.trace, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request?: { hash: string } }).find((event) => event.type === 'approval_requested');
  expect(await starts()).toBe(1);
  return { trace: first.trace, hash: asked!.request!.hash };
}

it('refuses an approval of a plan file changed since the pause before its MCP servers start', async () => {
  const { trace, hash } = await paused();
  const refused = await run(plan(2), { resume: trace, approve: { hash } });
  expect(refused.outcome.kind).toBe('rejected');
  expect(JSON.stringify(refused.outcome.kind === 'rejected' && refused.outcome.errors)).toContain('changed since the approval was asked');
  expect(await starts()).toBe(1);
});

it('refuses an approval given other inputs before its MCP servers start', async () => {
  const { trace, hash } = await paused();
  const refused = await run(plan(1), { resume: trace, approve: { hash }, inputs: { topic: 'b' } });
  expect(JSON.stringify(refused.outcome.kind === 'rejected' && refused.outcome.errors)).toContain("the run's inputs differ");
  expect(await starts()).toBe(1);
});

it('an approval that holds starts the servers and runs the approved step', async () => {
  const { trace, hash } = await paused();
  const approved = await run(plan(1), { resume: trace, approve: { hash } });
  expect(approved.outcome.kind === 'ran' && approved.outcome.status).toBe('succeeded');
  expect(await starts()).toBe(2);
});

it("an approval under the caller's model (the action's model input) holds: the early check hashes the plan as the load gives it", async () => {
  const first = await run(plan(1), { model: 'gpt-4.1' });
  const asked = (await readFile(first.trace, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request?: { hash: string } }).find((event) => event.type === 'approval_requested');
  const approved = await run(plan(1), { resume: first.trace, approve: { hash: asked!.request!.hash }, model: 'gpt-4.1' });
  expect(approved.outcome.kind === 'ran' && approved.outcome.status, JSON.stringify(approved.outcome.kind === 'rejected' && approved.outcome.errors)).toBe('succeeded');
  expect(await starts()).toBe(2);
});
