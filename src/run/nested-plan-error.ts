import { StepError } from '../core/step-error.ts';

/** A `type: plan` step whose plan could not run, did not succeed, or did not meet its goals. */
export class NestedPlanError extends StepError {
  readonly stepKey: string;
  readonly uses: string;

  constructor(fields: { stepKey: string; uses: string; problem: string }) {
    super(`the plan ${fields.uses} ${fields.problem}`, { transient: false });
    this.stepKey = fields.stepKey;
    this.uses = fields.uses;
  }
}
