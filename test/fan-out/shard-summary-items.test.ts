import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { killedRunEnd } from '../../src/action/finish-killed-run.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { checklistItems } from '../../src/report/checklist.ts';
import { sharedStateOf } from '../../src/report/comment/shared-comment-state.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { fanOutScope } from '../../src/run/fan-out-part.ts';
import { traceEvents, type ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

let dir: string;
let server: ChatServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-shard-items-'));
  server = await startChatServer();
  await writeFile(path.join(dir, 'check.sh'), CHECK);
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

// Shell, not node: a node start costs 80 ms of CPU or more. Reads {"n":<digits>} on stdin.
const CHECK = `input=$(cat); n=\${input#'{"n":'}; n=\${n%'}'}
if [ "$n" = 0 ] && [ -e broken ]; then exit 1; fi
printf '"ok %s"' "$n"
`;

// Four items over two shards, by index: shard 1 runs items 0 and 2, shard 2 items 1 and 3. Item 0 fails when `broken` is there.
const plan = (onItemFailure: 'fail' | 'continue') => `name: Shards
approval: never
tools:
  list: { description: The list, command: [sh, -c, "printf '[0,1,2,3]'"] }
  check: { description: Check one, command: [sh, check.sh], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: each, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, on_item_failure: ${onItemFailure}, args: { n: "\${item}" } }
`;

const events = (trace: ResumeTrace): RunEvent[] => {
  const read = traceEvents(trace);
  if (!read.ok) throw new Error(read.problem);
  return read.events;
};

const itemLines = (left: readonly RunEvent[]): string[] =>
  renderSummary(left.reduce(applyEvent, newRunRecord()), { redact: (text) => text, fannedOut: true })
    .split('\n')
    .filter((line) => line.startsWith('- '));

// Found by a review: a shard job's summary showed the other shards' items ⏭️ "not run", as if this job had skipped them.
it("a shard killed mid-run shows the other shard's items as that shard's, and its own not started as not run", async () => {
  const prepare = await runTracedJob(dir, plan('continue'), server, { fanOut: { part: 'prepare', shards: 2 } });
  expect(prepare.status).toBe('succeeded');
  const shard = await runTracedJob(dir, plan('continue'), server, { fanOut: { part: 'shard', shard: 1 }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
  const all = events(shard.trace);
  // What the trace held when the main step was killed: item 0 done, item 2 not yet started.
  const cut = all.findIndex((event) => event.type === 'item_completed' && event.index === 0);
  const left = all.slice(0, cut + 1).filter((event) => !(event.type.startsWith('item_') && 'index' in event && event.index !== 0));
  const record = left.reduce(applyEvent, newRunRecord());
  const ended = [...left, ...killedRunEnd(record, fanOutScope(record.plan!.steps, 'shard'))];
  expect(itemLines(ended)).toEqual(['- ✅ each\\[0\\] → ok 0', "- ⬜ each\\[1\\] — shard 2's", '- ⏭️ each\\[2\\] — not run', "- ⬜ each\\[3\\] — shard 2's"]);
  // Its counts are of its own items, saying how many the other shards run: `1/4 done` counted shard 2's as undone here.
  const summary = renderSummary(ended.reduce(applyEvent, newRunRecord()), { redact: (text) => text, fannedOut: true });
  expect(summary).toMatch(/\*\*each\. check\*\* · [^—\n]+ — 1\/2 done; other shards run 2 more — /);
  expect(summary).toContain('each. check #40;4 items, 2 run here#41;');
});

// Found by a review: a shard job that had done every item of its own ended with its fan-out step ⏳, as if it still ran.
it('a finished shard job shows its fan-out step done for its own items, and the comment the jobs share the step as the whole run has it', async () => {
  await writeFile(path.join(dir, 'broken'), '');
  const prepare = await runTracedJob(dir, plan('continue'), server, { fanOut: { part: 'prepare', shards: 2 } });
  const shard = await runTracedJob(dir, plan('continue'), server, { fanOut: { part: 'shard', shard: 1 }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
  expect(shard.status).toBe('succeeded');
  const all = events(shard.trace);
  // The trace says the share ended, and never that the step completed: the merge completes it.
  expect(all.filter((event) => (event.type === 'share_ended' || event.type === 'step_completed' || event.type === 'step_failed') && event.stepKey === 'each').map((event) => event.type)).toEqual(['share_ended']);
  const record = all.reduce(applyEvent, newRunRecord());
  const summary = renderSummary(record, { redact: (text) => text, fannedOut: true });
  expect(summary).toMatch(/\n✅ \*\*each\. check\*\* · [^—\n]+ — 1\/2 done, 1 failed; other shards run 2 more\n/);
  expect(summary).toContain('2/2 complete, 0 failed, 1 item failed');
  expect(summary).not.toContain('⏳');
  expect(checklistItems(record).map((item) => `${item.icon} ${item.key}${item.status}`)).toEqual(['✅ list (reused) → [0,1,2,3]', '✅ each — 1/2 done, 1 failed; other shards run 2 more']);
  // The comment is the whole run's: other shards may still run the step's other items.
  expect(sharedStateOf(record, (text) => text).steps['each']).toEqual({ s: 'in_progress', i: 'fpcp' });
});

it("a shard whose item fails the step (on_item_failure: fail) does not show the other shard's items skipped", async () => {
  const prepare = await runTracedJob(dir, plan('fail'), server, { fanOut: { part: 'prepare', shards: 2 } });
  await writeFile(path.join(dir, 'broken'), '');
  const shard = await runTracedJob(dir, plan('fail'), server, { fanOut: { part: 'shard', shard: 1 }, resume: [{ ...prepare.trace, fanOutPart: 'prepare' }] });
  expect(shard.status).toBe('failed');
  const lines = itemLines(events(shard.trace));
  expect(lines.filter((line) => line.includes('each\\[1\\]') || line.includes('each\\[3\\]'))).toEqual(["- ⬜ each\\[1\\] — shard 2's", "- ⬜ each\\[3\\] — shard 2's"]);
  expect(lines.join('\n')).not.toContain('⏭️');
});
