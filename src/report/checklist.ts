import type { StepState } from '../run/events.ts';
import type { RunRecord, StepRecord } from '../run/run-record.ts';

/** The icon of each step state, as every view draws it. */
export const STATE_ICONS: Readonly<Record<StepState, string>> = {
  pending: '⬜',
  in_progress: '⏳',
  completed: '✅',
  failed: '❌',
  skipped: '⏭️',
};

/** `3/5 complete, 0 failed` (plus skipped when any). */
export function checklistHeader(record: RunRecord): string {
  const steps = [...record.steps.values()];
  const done = steps.filter((s) => s.state === 'completed').length;
  const failed = steps.filter((s) => s.state === 'failed').length;
  const skipped = steps.filter((s) => s.state === 'skipped').length;
  return `${done}/${steps.length} complete, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** The first line of a result, as text, cut to `max` characters. */
export function resultPreview(result: unknown, max = 80): string {
  const text = typeof result === 'string' ? result : JSON.stringify(result) ?? String(result);
  const first = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

function describeStatus(step: StepRecord): string {
  switch (step.state) {
    case 'completed':
      return step.result === undefined ? '' : ` → ${resultPreview(step.result)}`;
    case 'failed':
      return ` — ${resultPreview(step.error ?? 'failed', 160)}`;
    case 'skipped':
      return step.skipReason ? ` — ${step.skipReason}` : '';
    case 'in_progress':
      if (step.retry) {
        const seconds = Math.round(step.retry.waitMs / 100) / 10;
        return ` — retry ${step.retry.attempt}/${step.retry.maxAttempts} after ${seconds} s: ${resultPreview(step.retry.error, 120)}`;
      }
      return '';
    default:
      return '';
  }
}

/** One plain-text line per step of the current plan: icon, id, description, and a short status. */
export function checklistLines(record: RunRecord): string[] {
  const steps = record.plan?.steps ?? [];
  return steps.map((planStep) => {
    const step = record.steps.get(planStep.key);
    const state = step?.state ?? 'pending';
    const title = planStep.description || (planStep.tool ? `${planStep.type} ${planStep.tool}` : planStep.type);
    return `${STATE_ICONS[state]} ${planStep.key}. ${title}${step ? describeStatus(step) : ''}`;
  });
}
