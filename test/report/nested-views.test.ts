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
