import { StepError } from '../core/step-error.ts';

/** A `for_each` list that cannot be expanded: not a list or map, or two items with the same key. */
export class ForEachListError extends StepError {
  readonly stepKey: string;

  constructor(stepKey: string, problem: string, cause?: unknown) {
    super(`step ${stepKey}: ${problem}; no item was run`, { transient: false, cause });
    this.stepKey = stepKey;
  }
}
