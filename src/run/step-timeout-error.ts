import { StepError } from '../core/step-error.ts';

/** A step ran past its `timeout_seconds` (its own, or its tool's). Trying again may help. */
export class StepTimeoutError extends StepError {
  readonly stepKey: string;
  readonly timeoutSeconds: number;

  constructor(stepKey: string, timeoutSeconds: number, toolName?: string) {
    super(`step ${stepKey} timed out after ${timeoutSeconds} s`, { transient: true, toolName });
    this.stepKey = stepKey;
    this.timeoutSeconds = timeoutSeconds;
  }
}
