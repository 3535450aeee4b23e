import { describe, expect, it } from 'vitest';
import { checklistHeader } from '../../src/report/checklist.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { renderMermaidGraph } from '../../src/report/mermaid-graph.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { neutraliseRendered } from '../../src/security/neutralise-outbound.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';

const noRedaction = (text: string): string => text;

const list: PlanStep = { key: 'list', id: 'list', type: 'tool_call', tool: 'ls', description: 'List packages', inputs: [], dependsOn: [] };
const review: PlanStep = {
  key: 'review',
  id: 'review',
  type: 'tool_call',
  tool: 'review',
  title: 'Review packages',
  description: 'Review ${item}',
  inputs: [],
  dependsOn: ['list'],
  forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' },
};

/** Events of a run whose for_each step has `count` items; `failed` of them fail, `done` settle in all. */
function mappedRun(count: number, done: number, failed: readonly number[] = []): RunEvent[] {
  const keys = Array.from({ length: count }, (_, i) => `review[${i}]`);
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'packages', revision: 1, steps: [list, review] } },
    { type: 'step_started', at: 1, stepKey: 'list' },
    { type: 'step_completed', at: 2, stepKey: 'list', result: keys.map((_, i) => `pkg-${i}`), durationMs: 1, usage: NO_USAGE },
    { type: 'step_started', at: 3, stepKey: 'review' },
    { type: 'step_expanded', at: 3, stepKey: 'review', keys },
  ];
  for (let index = 0; index < done; index += 1) {
    events.push({ type: 'item_started', at: 4, stepKey: 'review', index });
    if (failed.includes(index)) events.push({ type: 'item_failed', at: 5, stepKey: 'review', index, error: `package ${index} has no manifest`, transient: false, durationMs: 1, usage: NO_USAGE });
    else events.push({ type: 'item_completed', at: 5, stepKey: 'review', index, result: `review of package ${index}: ${'fine. '.repeat(40)}`, durationMs: 1, usage: NO_USAGE });
  }
  return events;
}

function recordOf(events: readonly RunEvent[]): RunRecord {
  return events.reduce(applyEvent, newRunRecord());
}

function finished(events: RunEvent[], count: number, failed: readonly number[]): RunEvent[] {
  const results = Array.from({ length: count }, (_, i) => (failed.includes(i) ? null : `review of package ${i}`));
  const failedItems = failed.map((index) => ({ index, key: `review[${index}]`, error: `package ${index} has no manifest` }));
  return [
    ...events,
    { type: 'step_completed', at: 6, stepKey: 'review', result: results, durationMs: 3, usage: NO_USAGE, ...(failedItems.length > 0 && { failedItems }) },
    { type: 'run_finished', at: 7, status: 'succeeded', durationMs: 7, usage: NO_USAGE, resultStepKey: 'review' },
  ];
}

describe('a for_each step in the views', () => {
  it('is one checklist line with counts while it runs', () => {
    const record = recordOf(mappedRun(40, 13, [2]));
    expect(checklistLines(record)[1]).toBe('⏳ review. Review packages — 12/40 done, 1 failed');
  });

  it('keeps the comment to counts, so 1,000 items stay far under the 65,536-character limit', () => {
    const record = recordOf(finished(mappedRun(1000, 1000, [7]), 1000, [7]));
    const body = renderComment(record, { marker: commentMarker('plan.yml'), redact: noRedaction });
    expect(body).toContain('- ✅ review. Review packages — 999/1,000 done, 1 failed');
    expect(body).not.toContain('review of package');
    expect(body.length).toBeLessThan(COMMENT_MAX_CHARS / 10);
  });

  // Found by an adversarial pass: in a comment too long for every line's status (3,000 steps), the ✅ line of
  // a step that lost 667 of its 2,000 items read `- ✅ each. echo`, with nothing on it saying any failed.
  it('keeps a for_each step’s counts on its line when the comment leaves the steps’ results out', () => {
    const others: PlanStep[] = Array.from({ length: 3000 }, (_, i) => ({ key: `s${i}`, id: `s${i}`, type: 'tool_call', tool: 'multiply', title: `Step number ${i} ${'t'.repeat(80)}`, description: 'Multiply', inputs: [], dependsOn: [] }));
    const events = finished(mappedRun(1000, 1000, [7]), 1000, [7]);
    events[0] = { type: 'plan_created', at: 0, plan: { name: 'packages', revision: 1, steps: [list, review, ...others] } };
    const end = events.pop()!;
    for (const step of others) events.push({ type: 'step_started', at: 6, stepKey: step.key }, { type: 'step_completed', at: 6, stepKey: step.key, result: 6, durationMs: 1, usage: NO_USAGE });
    const record = recordOf([...events, end]);
    const body = renderComment(record, { marker: commentMarker('plan.yml'), redact: noRedaction });
    expect(body).toContain('more steps');
    expect(body).toContain('\n- ✅ review. Review packages — 999/1,000 done, 1 failed\n');
    // Cancelled part-way, its ❌ line says how far it got.
    const part = mappedRun(1000, 500, [7]);
    part[0] = events[0]!;
    part.push({ type: 'step_failed', at: 6, stepKey: 'review', error: 'cancelled', transient: false, durationMs: 3, usage: NO_USAGE }, ...events.slice(-6000));
    part.push({ type: 'run_finished', at: 7, status: 'cancelled', durationMs: 7, usage: NO_USAGE });
    const cancelled = renderComment(recordOf(part), { marker: commentMarker('plan.yml'), redact: noRedaction });
    expect(cancelled).toContain('\n- ❌ review. Review packages — 499/1,000 done, 1 failed\n');
  });

  // Every item of a step failed under on_item_failure: continue, and the header said "1/1 complete, 0 failed"
  // (found by an adversarial pass): the items a completed step lost are counted in it.
  it('counts the items that failed in a completed step in the header, as the comment and the log show it', () => {
    const record = recordOf(finished(mappedRun(3, 3, [0, 1, 2]), 3, [0, 1, 2]));
    expect(checklistHeader(record)).toBe('2/2 complete, 0 failed, 3 items failed');
    expect(renderComment(record, { marker: commentMarker('plan.yml'), redact: noRedaction })).toContain('2/2 complete, 0 failed, 3 items failed');
    expect(checklistHeader(recordOf(finished(mappedRun(3, 3, [1]), 3, [1])))).toBe('2/2 complete, 0 failed, 1 item failed');
    expect(checklistHeader(recordOf(finished(mappedRun(3, 3, []), 3, [])))).toBe('2/2 complete, 0 failed');
  });

  // Found by a review: a result was escaped as `\["pkg-0","pkg-1"]`, and the neutraliser every GitHub write goes through
  // made the bare `]` plain (fullwidth): the PR comment showed `["pkg-0","pkg-1"］`.
  it('shows a list result in the PR comment with its brackets as written, once neutralised', () => {
    const record = recordOf(finished(mappedRun(2, 2, [1]), 2, [1]));
    const comment = neutraliseRendered(renderComment(record, { marker: commentMarker('plan.yml'), redact: noRedaction }));
    expect(comment).not.toMatch(/[\uFF3B\uFF3D]/);
    expect(toString(fromMarkdown(comment))).toContain('List packages → ["pkg-0","pkg-1"]');
  });

  it('folds out one line per item in the summary, failed ones with their error', () => {
    const record = recordOf(finished(mappedRun(3, 3, [1]), 3, [1]));
    const summary = renderSummary(record, { redact: noRedaction });
    expect(summary).toContain('<details><summary>3 items — 2/3 done, 1 failed</summary>');
    expect(summary).toContain('- ✅ review\\[0\\] → review of package 0: fine');
    expect(summary).toContain('- ❌ review\\[1\\] — package 1 has no manifest');
  });

  // Found by an adversarial pass: an item's line shows its result's first 80 characters, and nothing in the
  // summary said where the rest was (the `result` output had it whole).
  it('says where the whole results are when an item’s line shows part of its result', () => {
    const whole = renderSummary(recordOf(finished(mappedRun(2, 2), 2, [])), { redact: noRedaction, fullRecordAt: 'the trace file `t.jsonl`' });
    expect(whole).toContain('- ✅ review\\[0\\] → review of package 0: fine. fine.');
    expect(whole).toContain("_An item's line shows the start of its result or error; each is whole in the trace file `t.jsonl`._\n\n</details>");
    const short = recordOf([
      ...mappedRun(1, 0),
      { type: 'item_started', at: 4, stepKey: 'review', index: 0 },
      { type: 'item_completed', at: 5, stepKey: 'review', index: 0, result: 'ok', durationMs: 1, usage: NO_USAGE },
    ]);
    expect(renderSummary(short, { redact: noRedaction })).not.toContain('shows the start of its result');
  });

  // Found by an adversarial pass: 20,000 items were over the 1 MiB, the list was cut whole, and the 2 that failed,
  // which the header counted, were nowhere in a summary of 1 KB.
  it('keeps the items that failed when the list is too long for the summary, and counts the others', () => {
    const record = recordOf(finished(mappedRun(20_000, 20_000, [19_000, 19_500]), 20_000, [19_000, 19_500]));
    const summary = renderSummary(record, { redact: noRedaction, fullRecordAt: 'the trace file `t.jsonl`' });
    expect(summary).toContain('2/2 complete, 0 failed, 2 items failed');
    expect(summary).toContain('- ❌ review\\[19000\\] — package 19000 has no manifest\n- ❌ review\\[19500\\] — package 19500 has no manifest');
    expect(summary).toContain('_The other 19,998 of the 20,000 items were cut from this summary; every item is in the trace file `t.jsonl`._');
    expect(summary).not.toContain('review\\[0\\]');
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('says which items never ran when the step failed part-way', () => {
    const events = mappedRun(3, 1, [0]);
    events.push({ type: 'step_failed', at: 6, stepKey: 'review', error: 'item review[0] failed: package 0 has no manifest', transient: false, durationMs: 3, usage: NO_USAGE });
    const summary = renderSummary(recordOf(events), { redact: noRedaction });
    expect(summary).toContain('- ⏭️ review\\[2\\] — not run');
  });

  it('draws the step once in the graph, with its count', () => {
    const graph = renderMermaidGraph(recordOf(mappedRun(40, 0)), noRedaction);
    expect(graph.match(/review/g)).toHaveLength(1);
    expect(graph).toContain('Review packages #40;40 items#41;');
  });

  it('prints a log line for a failed item but not for every item', () => {
    const lines: string[] = [];
    const listener = consoleChecklist({ write: (text) => lines.push(text), isTTY: false });
    for (const event of mappedRun(50, 50, [3])) listener(event);
    const text = lines.join('');
    expect(text).toContain('  ❌ review[3] — package 3 has no manifest');
    expect(text.split('\n').filter((line) => line.includes('review[')).length).toBe(1);
  });
});
