import { StepError } from '../core/step-error.ts';

/**
 * A reference that cannot be resolved at run time: the step has no result yet, or its result has
 * no such field. Permanent: the same result will not grow the field on a retry.
 */
export class UnresolvedReferenceError extends StepError {
  /** The referenced step's key, or undefined for an `${inputs.x}` reference. */
  readonly stepKey?: string;
  readonly inputName?: string;
  /** The reference as written. */
  readonly reference: string;

  constructor(message: string, details: { reference: string; stepKey?: string; inputName?: string }) {
    super(message, { transient: false });
    this.reference = details.reference;
    if (details.stepKey !== undefined) this.stepKey = details.stepKey;
    if (details.inputName !== undefined) this.inputName = details.inputName;
  }
}
