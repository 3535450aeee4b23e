import { StepError } from '../core/step-error.ts';

/** A step ran past its `timeout_seconds` (its own, or its tool's). Trying again may help. */
export class StepTimeoutError extends StepError {
  readonly stepKey: string;
  readonly timeoutSeconds: number;

  /** `toolsTimeout`: the limit is the tool's `timeout_seconds` (the step sets none), so the message names the tool's. */
  constructor(stepKey: string, timeoutSeconds: number, toolName?: string, toolsTimeout = false) {
    // Which setting to raise: the step's own, or its tool's (a race with the tool's own stop said the tool's, or nothing).
    const remedy = toolsTimeout && toolName !== undefined ? `, the timeout_seconds of its tool '${toolName}'; raise that if it needs longer` : '; raise its timeout_seconds if it needs longer';
    super(`step ${stepKey} timed out after ${timeoutSeconds} s${remedy}`, { transient: true, toolName });
    this.stepKey = stepKey;
    this.timeoutSeconds = timeoutSeconds;
  }
}
