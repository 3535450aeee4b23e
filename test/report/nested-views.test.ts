import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';

const reasoning = (key: string, description: string): PlanStep => ({ key, id: key, type: 'reasoning', description, inputs: [], dependsOn: [] });
const usesStep: PlanStep = { key: 'web', id: 'web', type: 'plan', title: 'Summarise octo/web', description: 'plan', uses: 'plans/summarise.yml', inputs: [], dependsOn: [] };

const nested = (event: RunEvent): RunEvent => ({ type: 'nested_event', at: event.at, stepKey: 'web', event });

const events: RunEvent[] = [
  { type: 'plan_created', at: 0, plan: { name: 'portfolio', revision: 1, steps: [usesStep] } },
  { type: 'step_started', at: 1, stepKey: 'web' },
  nested({ type: 'plan_created', at: 0, plan: { name: 'summarise', revision: 1, steps: [reasoning('stats', 'Fetch stats'), reasoning('line', 'Write the line')] } }),
  nested({ type: 'step_started', at: 1, stepKey: 'stats' }),
  nested({ type: 'step_completed', at: 2, stepKey: 'stats', result: '42 issues', durationMs: 1, usage: NO_USAGE }),
  nested({ type: 'step_started', at: 3, stepKey: 'line' }),
];

describe('a plan step’s nested run in the views', () => {
  it('shows the nested steps indented under the plan step in the comment and the summary', () => {
    const record = events.reduce(applyEvent, newRunRecord());
    const comment = renderComment(record, { marker: commentMarker('p.yml'), redact: (t) => t });
    expect(comment).toContain('- ⏳ web. Summarise octo/web\n  - ✅ stats. Fetch stats\n  - ⏳ line. Write the line');
    const summary = renderSummary(record, { redact: (t) => t });
    expect(summary).toContain('- ✅ stats. Fetch stats → 42 issues\n- ⏳ line. Write the line');
  });

  it('logs a nested step’s change under the plan step’s key, and nothing for run-level events', () => {
    const lines: string[] = [];
    const listener = consoleChecklist({ write: (text) => lines.push(text), isTTY: false });
    for (const event of events) listener(event);
    expect(lines.join('')).toContain('  web › ✅ stats. Fetch stats → 42 issues\n');
    expect(lines.join('')).not.toContain('summarise');
  });
});

// Found by a reports pass: a used plan's agent that answered "Done." with a TODO still pending read `✅ triage. Triage → Done.`
// in the summary and the comment (neither draws a used plan's TODO lists), while all_steps_completed counted it unfinished.
describe('a used plan’s agent step that left TODOs not done', () => {
  const agent: PlanStep = { key: 'triage', id: 'triage', type: 'agent', title: 'Triage', description: 'Triage the issues', task: 'Triage the issues', inputs: [], dependsOn: [] };
  const record = [
    { type: 'plan_created', at: 0, plan: { name: 'portfolio', revision: 1, steps: [usesStep] } },
    { type: 'step_started', at: 1, stepKey: 'web' },
    nested({ type: 'plan_created', at: 1, plan: { name: 'summarise', revision: 1, steps: [agent] } }),
    nested({ type: 'step_started', at: 1, stepKey: 'triage' }),
    nested({ type: 'todos_created', at: 2, stepKey: 'triage', todos: [{ id: '1', content: 'Label them', status: 'completed' }, { id: '2', content: 'Close duplicates', status: 'pending' }] }),
    nested({ type: 'step_completed', at: 3, stepKey: 'triage', result: 'Done.', durationMs: 1, usage: NO_USAGE }),
    nested({ type: 'run_finished', at: 4, status: 'succeeded', durationMs: 3, usage: NO_USAGE }),
    { type: 'step_completed', at: 5, stepKey: 'web', result: 'Done.', durationMs: 4, usage: NO_USAGE },
  ].reduce((folded: ReturnType<typeof newRunRecord>, event) => applyEvent(folded, event as RunEvent), newRunRecord());

  it('says so on its line in the comment and the summary', () => {
    expect(renderComment(record, { marker: commentMarker('p.yml'), redact: (t) => t })).toContain('\n  - ✅ triage. Triage — 1 TODO not done');
    expect(renderSummary(record, { redact: (t) => t })).toContain('\n- ✅ triage. Triage → Done. — 1 TODO not done');
  });
});

describe('a used plan too long for the job summary', () => {
  /** A run whose step `p` uses a plan of `count` steps, the step at `failAt` failed under `on_failure: continue`. */
  const longRun = (count: number, failAt: number | 'all') => {
    const inner = Array.from({ length: count }, (_, i) => reasoning(`s${i}`, `Check region ${i} of the fleet and report its health to the operators`));
    const all: RunEvent[] = [
      { type: 'plan_created', at: 0, plan: { name: 'fleet', revision: 1, steps: [{ ...usesStep, key: 'p', id: 'p' }, reasoning('q', 'Report')] } },
      { type: 'step_started', at: 1, stepKey: 'p' },
    ];
    const inside = (event: RunEvent): RunEvent => ({ type: 'nested_event', at: event.at, stepKey: 'p', event });
    all.push(inside({ type: 'plan_created', at: 1, plan: { name: 'regions', revision: 1, steps: inner } }));
    for (const s of inner) {
      all.push(inside({ type: 'step_started', at: 2, stepKey: s.key }));
      if (failAt === 'all' || s.key === `s${failAt}`) all.push(inside({ type: 'step_failed', at: 3, stepKey: s.key, error: 'DOWN', transient: false, durationMs: 1, usage: NO_USAGE }));
      else all.push(inside({ type: 'step_completed', at: 3, stepKey: s.key, result: 'ok', durationMs: 1, usage: NO_USAGE }));
    }
    all.push(inside({ type: 'run_finished', at: 4, status: 'failed', durationMs: 3, usage: NO_USAGE }));
    all.push({ type: 'step_completed', at: 5, stepKey: 'p', result: 'done', durationMs: 4, usage: NO_USAGE });
    all.push({ type: 'step_started', at: 6, stepKey: 'q' }, { type: 'step_completed', at: 7, stepKey: 'q', result: 'ok', durationMs: 1, usage: NO_USAGE });
    all.push({ type: 'run_finished', at: 8, status: 'succeeded', durationMs: 8, usage: NO_USAGE });
    return all.reduce(applyEvent, newRunRecord());
  };

  // Found by an adversarial pass: the used plan's lines were one block no cut could shorten, so a used plan of 30,000
  // steps left both steps out of a 1 MiB summary (386 bytes written), the ❌ its header counted with them.
  it('keeps the ❌ of a used plan’s step far down its list, and says how many steps it cut', () => {
    const summary = renderSummary(longRun(30_000, 29_900), { redact: (t) => t, fullRecordAt: 'the trace file `t.jsonl`' });
    expect(summary).toContain('1 step of used plans failed');
    expect(summary).toMatch(/^✅ \*\*p\. Summarise octo\/web\*\*/m);
    expect(summary).toMatch(/^- ❌ s29900\. Check region 29900 of the fleet and report its health to the operators — DOWN$/m);
    expect(summary).toContain('_… 29,999 steps of the plans this step uses that completed or did not run were cut from this summary; every step is in the trace file `t.jsonl`._');
    expect(summary).toMatch(/^✅ \*\*q\. Report\*\*/m);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
  });

  // Found by a review: a used plan whose steps all failed (`on_failure: continue`) was still one block no cut could
  // shorten, its step left out of a summary of 300 bytes, as before the cut to the steps that need attention.
  it('cuts a used plan whose every step failed to its first ❌ lines, and counts the others', () => {
    const summary = renderSummary(longRun(30_000, 'all'), { redact: (t) => t, fullRecordAt: 'the trace file `t.jsonl`' });
    expect(summary).toMatch(/^✅ \*\*p\. Summarise octo\/web\*\*/m);
    expect(summary).toMatch(/^- ❌ s0\. Check region 0 of the fleet and report its health to the operators — DOWN$/m);
    expect(summary).toMatch(/^- ❌ s499\. Check region 499 /m);
    expect(summary).not.toContain('- ❌ s500. ');
    expect(summary).toContain('_… 29,500 steps of the plans this step uses that failed or did not finish were cut from this summary; every step is in the trace file `t.jsonl`._');
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('shows every step of a used plan that fits', () => {
    const summary = renderSummary(longRun(300, 290), { redact: (t) => t });
    expect(summary).toContain('- ✅ s0. Check region 0 of the fleet and report its health to the operators → ok');
    expect(summary).toContain('- ❌ s290. Check region 290');
    expect(summary).not.toContain('cut from this summary');
  });
});
