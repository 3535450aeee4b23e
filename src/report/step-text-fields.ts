import type { StepState } from '../core/run-event.ts';
import type { StepRecord } from '../core/run-record.ts';

/**
 * What a step's texts (its checklist line, its status in a shared comment) are drawn from. Records change
 * in place (`applyEvent`), so a cache of such a text keeps these beside it and reuses it while they match.
 */
export interface StepTextFields {
  readonly state: StepState;
  readonly result: unknown;
  readonly error: string | undefined;
  readonly skipReason: string | undefined;
  readonly partial: string | undefined;
  /** An agent's list, which a completed step's line counts when items of it are not done. */
  readonly todos: StepRecord['todos'];
  /** Calls the run resumed made that this run found done, which a completed step's line says. */
  readonly foundDone: StepRecord['foundDone'];
}

export function stepTextFields(step: StepRecord | undefined): StepTextFields {
  return { state: step?.state ?? 'pending', result: step?.result, error: step?.error, skipReason: step?.skipReason, partial: step?.partial, todos: step?.todos, foundDone: step?.foundDone };
}

/** True when `step` still has the fields a text was drawn from. */
export function sameStepTextFields(fields: StepTextFields, step: StepRecord | undefined): boolean {
  return fields.state === (step?.state ?? 'pending') && fields.result === step?.result && fields.error === step?.error && fields.skipReason === step?.skipReason && fields.partial === step?.partial && fields.todos === step?.todos && fields.foundDone === step?.foundDone;
}
