import type { Escalate } from '../plan/schema.ts';
import type { Escalation } from '../core/run-event.ts';

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
