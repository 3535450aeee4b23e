import type { Escalate } from '../plan/schema.ts';

/**
 * Why a run was escalated to a person, for the comment, the summary and the action: the last
 * error, what was tried, and the plan's `escalate:` block (a mention and/or a label to add).
 */
export interface Escalation {
  /** The whole reason, as the run's `reason` says it. */
  readonly reason: string;
  readonly lastError: string;
  readonly tried: readonly string[];
  /** `@org/team` to mention in the comment, from the plan's `escalate.mention`. */
  readonly mention?: string;
  /** A label to add to the PR or issue, from the plan's `escalate.label`. */
  readonly label?: string;
}

/** The escalation of a run stopped with `RunEscalatedError`, with the plan's `escalate:` block applied. */
export function escalationOf(error: { message: string; lastError: string; tried: readonly string[] }, escalate?: Escalate): Escalation {
  return {
    reason: error.message,
    lastError: error.lastError,
    tried: error.tried,
    ...(escalate?.mention !== undefined && { mention: escalate.mention }),
    ...(escalate?.label !== undefined && { label: escalate.label }),
  };
}
