import type { FailureNote } from './replanner.ts';

function times(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** What recovery tried so far, in words for the person the run is escalated to. */
export function triedSoFar(failures: readonly FailureNote[], replans: number, revision: number): string[] {
  const tried = failures.map((failure) => {
    const what = failure.step.tool ? `${failure.step.type} ${failure.step.tool}` : failure.step.type;
    const attempts = failure.attempts > 1 ? ` after ${failure.attempts} attempts` : '';
    return `step ${failure.step.key} (${what}) failed${attempts}`;
  });
  if (replans > 0) tried.push(`replanned ${times(replans)} (plan revision ${revision})`);
  return tried;
}

/** The `plan_revised` reason: what triggered the revision, and the replanner's own why. */
export function revisionReason(trigger: { failure?: FailureNote; review?: { stepKey: string; reason: string } }, why?: string): string {
  const cause = trigger.failure
    ? `step ${trigger.failure.step.key} failed: ${trigger.failure.error}`
    : `the review after step ${trigger.review?.stepKey} found the rest of the plan no longer fits: ${trigger.review?.reason}`;
  return why?.trim() ? `${cause} — ${why.trim()}` : cause;
}
