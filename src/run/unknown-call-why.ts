/**
 * Why a run escalates after a call with side effects whose outcome is unknown: no answer came, the call was
 * stopped (a timeout, a cancel), or its answer was too large to read (the server did answer: "got no answer"
 * alone was untrue there; found by an adversarial pass).
 */
export function unknownCallWhy(stepKey: string, call: string): string {
  return `step ${stepKey} called ${call}, a tool with side effects, and got no answer it could use (none came, the call was stopped, or the answer was too large to read); it may have taken effect, so plan-runner will not call it again: check whether it did`;
}
