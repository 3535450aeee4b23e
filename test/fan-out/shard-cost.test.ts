import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { killedRunEnd } from '../../src/action/finish-killed-run.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { renderSummaryCost } from '../../src/report/summary/summary-cost.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-shard-cost-'));
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const plan = `name: Shards
model: { name: gpt-4.1-mini }
approval: never
tools:
  list: { description: The list, command: [node, -e, "process.stdout.write('[1,2,3,4]')"] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: reasoning, description: "say \${item}", for_each: "\${steps.list.result}", fan_out: true, depends_on: [list] }
`;

// A shard job ends with its fan-out step in progress (the merge completes it): the cost table charged the
// calls of its items to "planning and goal checks", while the same shard killed mid-run charged them to the
// step (found by a review of model_used).
it('charges a shard’s item calls to their fan-out step, as a killed shard does', async () => {
  server.script(() => textAnswer('ok', { usage: { prompt_tokens: 100, completion_tokens: 10 } }));
  const prepare = await runTracedJob(dir, plan, server, { fanOut: { part: 'prepare', shards: 2 } });
  expect(prepare.status).toBe('succeeded');
  const shard = await runTracedJob(dir, plan, server, { fanOut: { part: 'shard', shard: 1 }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
  expect(shard.status).toBe('succeeded');
  const read = traceEvents(shard.trace);
  if (!read.ok) throw new Error(read.problem);
  const ended = renderSummaryCost(read.events.reduce(applyEvent, newRunRecord()), undefined, (text) => text, { fannedOut: true });
  expect(ended).toContain('| each | 2 | 200 | 20 |');
  expect(ended).not.toContain('planning and goal checks');
  // Killed before its end, the same shard says the same.
  const left = read.events.filter((event) => event.type !== 'run_finished');
  const killed = [...left, ...killedRunEnd(left.reduce(applyEvent, newRunRecord()))].reduce(applyEvent, newRunRecord());
  expect(renderSummaryCost(killed, undefined, (text) => text, { fannedOut: true })).toContain('| each | 2 | 200 | 20 |');
});
