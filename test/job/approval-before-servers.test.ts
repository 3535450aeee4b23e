// A refused approval started the plan's MCP servers first (found by an adversarial pass): the plan file's servers
// were started to validate the plan, and only then was the approval checked, so a changed plan file (or other inputs)
// was refused after its servers had run. An approval is now checked before any server starts, where it can be.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { ApprovalGrant } from '../../src/job/grant-approval.ts';
import { runJob } from '../../src/job/run-job.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

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
async function run(text: string, options: { readonly resume?: string; readonly approve?: ApprovalGrant; readonly inputs?: Record<string, string>; readonly model?: string; readonly task?: string; readonly mode?: 'agent'; readonly baseURL?: string } = {}) {
  await writeFile(path.join(dir, 'plan.yml'), text);
  const tracePath = path.join(dir, `t${++n}.jsonl`);
  const trace = traceWriter(tracePath, { redact: createRedactor() });
  const outcome = await runJob(
    {
      planFile: path.join(dir, 'plan.yml'), inputs: options.inputs ?? {}, cwd: dir, env: { PATH: process.env['PATH'] }, model: { baseURL: options.baseURL ?? 'http://127.0.0.1:9', apiKey: 'sk-test', ...(options.model && { model: options.model }) },
      ...(options.resume && { resume: { file: options.resume, text: await readFile(options.resume, 'utf8') } }),
      ...(options.approve && { approve: options.approve }),
      ...(options.task !== undefined && { task: options.task }),
      ...(options.mode && { mode: options.mode }),
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


// A plan that uses other plans, a task and `mode: agent` were left to the check after the load, which started the
// servers first; so was a plan file that no longer loads as a plan.
const server = `mcp_servers:\n  docs: { command: [${JSON.stringify(process.execPath)}, server.mjs] }\n`;
const INNER = 'name: inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: one, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n';
const usingPlan = plan(1).replace('workflow_sequence:\n', 'workflow_sequence:\n  - { id: inner, type: plan, uses: inner.yml }\n');
const goalOnly = `name: docs\napproval: plan\n${server}goal: Look it up\n`;
const kinds = [
  { kind: 'a plan with a type: plan step', text: usingPlan, settings: {} },
  { kind: 'a task', text: goalOnly, settings: { task: 'Look up a' } },
  { kind: 'mode: agent', text: goalOnly, settings: { mode: 'agent' as const } },
];
for (const { kind, text, settings } of kinds) {
  it(`refuses an approval of a hash the paused run did not ask, for ${kind}, before its MCP servers start`, async () => {
    const { trace } = await paused();
    await writeFile(path.join(dir, 'inner.yml'), INNER);
    const refused = await run(text, { resume: trace, approve: { hash: 'not-the-hash' }, ...settings });
    expect(JSON.stringify(refused.outcome.kind === 'rejected' && refused.outcome.errors)).toContain('approve what it asked');
    expect(await starts()).toBe(1);
  });
}

it('refuses an approval of a plan file that no longer loads as a plan before its MCP servers start, saying how to see why', async () => {
  const { trace, hash } = await paused();
  const refused = await run(plan(1).replace('toolsets: [math]', 'toolsets: [math]\nlimits: { max_steps: many }'), { resume: trace, approve: { hash } });
  expect(refused.outcome.kind === 'rejected' && refused.outcome.errors.map((error) => error.message)).toEqual([expect.stringMatching(/^cannot approve: the plan file .*plan\.yml does not load as a plan now.*plan-runner validate/)]);
  expect(await starts()).toBe(1);
});

it('refuses an approval given other inputs for a plan with a type: plan step after the load, where the hash covers the used plans', async () => {
  await writeFile(path.join(dir, 'inner.yml'), INNER);
  const first = await run(usingPlan);
  const asked = (await readFile(first.trace, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request?: { hash: string } }).find((event) => event.type === 'approval_requested');
  const refused = await run(usingPlan, { resume: first.trace, approve: { hash: asked!.request!.hash }, inputs: { topic: 'b' } });
  expect(JSON.stringify(refused.outcome.kind === 'rejected' && refused.outcome.errors)).toContain("the run's inputs differ");
  const approved = await run(usingPlan, { resume: first.trace, approve: { hash: asked!.request!.hash } });
  expect(approved.outcome.kind === 'ran' && approved.outcome.status, JSON.stringify(approved.outcome.kind === 'rejected' && approved.outcome.errors)).toBe('succeeded');
});

describe('an approval that holds passes the check before the servers', () => {
  let chat: ChatServer;
  beforeEach(async () => {
    chat = await startChatServer();
  });
  afterEach(() => chat.close());

  it.each([
    { kind: 'a task, whose goal the model planned for', settings: { task: 'Look up a' }, answer: textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'docs__lookup', args: { q: 'a' }, depends_on: [], why: 'look' }] })) },
    { kind: 'mode: agent, whose one step names the servers\u2019 tools', settings: { mode: 'agent' as const }, answer: textAnswer('found') },
  ])('for $kind', async ({ settings, answer }) => {
    chat.script(settings.task === undefined ? [] : [answer]);
    const first = await run(goalOnly, { ...settings, baseURL: chat.baseURL });
    expect(first.outcome.kind === 'ran' && first.outcome.status, JSON.stringify(first.outcome.kind === 'rejected' && first.outcome.errors)).toBe('awaiting-approval');
    const asked = (await readFile(first.trace, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; request?: { hash: string } }).find((event) => event.type === 'approval_requested');
    chat.script(settings.task === undefined ? [answer] : []);
    const approved = await run(goalOnly, { ...settings, baseURL: chat.baseURL, resume: first.trace, approve: { hash: asked!.request!.hash } });
    expect(approved.outcome.kind === 'ran' && approved.outcome.status, JSON.stringify(approved.outcome.kind === 'rejected' && approved.outcome.errors)).toBe('succeeded');
    expect(await starts()).toBe(2);
    // The same approval with another task is refused before the servers start.
    const other = await run(goalOnly, { ...settings, task: 'Look up b', baseURL: chat.baseURL, resume: first.trace, approve: { hash: asked!.request!.hash } });
    expect(JSON.stringify(other.outcome.kind === 'rejected' && other.outcome.errors)).toMatch(/cannot approve: (the run's goal|the plan file)/);
    expect(await starts()).toBe(2);
  });
});
