/**
 * Why a run escalates after a call with side effects whose outcome is unknown: no answer came, the call was
 * stopped (a timeout, a cancel), or its answer was too large to read (the server did answer: "got no answer"
 * alone was untrue there; found by an adversarial pass), or it answered with a failure that may have come after
 * the effect (a server error, a command's temporary failure: "none came" was untrue there too; found by a hunt of retries).
 */
export function unknownCallWhy(stepKey: string, call: string): string {
  return `step ${stepKey} called ${call}, a tool with side effects, and got no answer that says whether it took effect (none came, the call was stopped, the answer was too large to read, or it was a failure that may have come after the effect: a server error, a temporary failure); it may have taken effect, so plan-runner will not call it again: check whether it did`;
}
