// A used plan's (`type: plan`) `for_each` step whose item failed under `on_item_failure: continue` showed only
// its counts (`each — 2/3 done, 1 failed`): which item failed, and why, was in the trace alone, where the same
// step in the top plan lists its failed item with its error (found by an adversarial pass).
import { describe, expect, it } from 'vitest';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { httpError, textAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

const PLAN = `
name: top
limits: { max_replans: 0, concurrency: 1 }
workflow_sequence:
  - { id: used, type: plan, uses: sub.yml }
`;

const SUB = `
name: sub
tools:
  files: { description: files, command: ["sh", "-c", "echo '[\\"a\\", \\"b\\", \\"c\\"]'"], input: { type: object } }
workflow_sequence:
  - { id: list, type: tool_call, tool: files, args: {} }
  - { id: each, type: reasoning, description: "Review \${item}", for_each: "\${steps.list.result}", depends_on: [list], on_item_failure: continue }
  - { id: after, type: tool_call, tool: files, args: {}, depends_on: [each] }
`;

const run = (log: string[] = []) =>
  runOfflineJob({
    plan: PLAN,
    files: { 'sub.yml': SUB },
    script: [textAnswer('fine'), httpError(400, { message: 'the review of b was refused' }), textAnswer('fine')],
    listeners: () => [consoleChecklist({ write: (text) => log.push(text), isTTY: false, redact: (text) => text })],
  });

describe('a used plan’s for_each step with a failed item', () => {
  it('lists the failed item with its error under its step in the job summary', async () => {
    const job = await run();
    expect(job.summary).toContain('- ✅ each. Review \\${item} — 2/3 done, 1 failed\n  - ❌ each\\[1] — Model call for step used/each\\[1] ');
    expect(job.summary).toContain('400 the review of b was refused');
  });

  it('logs the failed item with its error under the plan step, as the top plan’s item is logged', async () => {
    const log: string[] = [];
    await run(log);
    expect(log.join('')).toMatch(/^ {4}used › ❌ each\[1\] — Model call for step used\/each\[1\] .*400 the review of b was refused/m);
  });
});
