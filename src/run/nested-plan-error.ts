import { StepError } from '../core/step-error.ts';

/** A `type: plan` step whose plan could not run, did not succeed, or did not meet its goals. */
export class NestedPlanError extends StepError {
  readonly stepKey: string;
  readonly uses: string;
  /**
   * Why the nested run escalated, when it did (a side-effect call that got no answer, a call a resume
   * would repeat): the outer run escalates too, as for its own step, never continuing or replanning past it.
   */
  readonly escalation?: string;
  /** A step of the used plan failed on a model endpoint no call can use (see `endpointUnusable`). */
  readonly endpointUnusable: boolean;

  constructor(fields: { stepKey: string; uses: string; problem: string; escalation?: string; endpointUnusable?: boolean }) {
    super(`the plan ${fields.uses} ${fields.problem}`, { transient: false });
    this.stepKey = fields.stepKey;
    this.uses = fields.uses;
    if (fields.escalation !== undefined) this.escalation = fields.escalation;
    this.endpointUnusable = fields.endpointUnusable === true;
  }
}
