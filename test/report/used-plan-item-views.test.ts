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
    expect(job.summary).toContain('- ✅ each. Review \\${item} — 2/3 done, 1 failed\n  - ❌ each\\[1\\] — Model call for step used/each\\[1\\] ');
    expect(job.summary).toContain('400 the review of b was refused');
  });

  it('logs the failed item with its error under the plan step, as the top plan’s item is logged', async () => {
    const log: string[] = [];
    await run(log);
    expect(log.join('')).toMatch(/^ {4}used › ❌ each\[1\] — Model call for step used\/each\[1\] .*400 the review of b was refused/m);
  });
});

// Found by an adversarial pass: a used plan's failed item line is cut at 200 characters and ended in "…" without
// saying where the rest is, where the top plan's item list says each is whole in the trace.
describe('a used plan’s failed item whose error is longer than its line', () => {
  it('says in the summary that the whole error is in the trace, as the top plan’s items do', async () => {
    const { applyEvent, newRunRecord } = await import('../../src/core/run-record.ts');
    const { renderSummary } = await import('../../src/report/summary/render-summary.ts');
    const { NO_USAGE } = await import('../../src/core/usage.ts');
    type Event = Parameters<typeof applyEvent>[1];
    const nested = (event: Event): Event => ({ type: 'nested_event', at: 1, stepKey: 'used', event });
    const step = (key: string) => ({ key, id: key, type: 'reasoning' as const, description: `step ${key}`, inputs: [], dependsOn: [] });
    const events: Event[] = [
      { type: 'plan_created', at: 0, plan: { name: 'top', revision: 1, steps: [{ ...step('used'), type: 'plan' }] } },
      { type: 'step_started', at: 0, stepKey: 'used' },
      nested({ type: 'plan_created', at: 0, plan: { name: 'sub', revision: 1, steps: [step('each')] } }),
      nested({ type: 'step_started', at: 0, stepKey: 'each' }),
      nested({ type: 'step_expanded', at: 0, stepKey: 'each', keys: ['each[0]', 'each[1]'] }),
      nested({ type: 'item_failed', at: 1, stepKey: 'each', index: 0, error: `the review failed: ${'detail '.repeat(60)}END`, transient: false, durationMs: 1, usage: NO_USAGE }),
      nested({ type: 'item_completed', at: 1, stepKey: 'each', index: 1, result: 'fine', durationMs: 1, usage: NO_USAGE }),
      nested({ type: 'step_completed', at: 1, stepKey: 'each', result: ['fine'], durationMs: 1, usage: NO_USAGE, failedItems: [{ index: 0, key: 'each[0]', error: 'the review failed' }] }),
      { type: 'step_completed', at: 2, stepKey: 'used', result: 'done', durationMs: 2, usage: NO_USAGE },
      { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
    ];
    const record = events.reduce(applyEvent, newRunRecord());
    const summary = renderSummary(record, { redact: (text) => text });
    expect(summary).toMatch(/ {2}- ❌ each\\\[0\\\] — the review failed: detail .*…\n/);
    expect(summary).not.toContain('END');
    expect(summary).toContain("_An item's line shows the start of its result or error; each is whole in the trace file._");
  });
});
