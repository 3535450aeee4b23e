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
  /**
   * The used plan ran, and its required goals decided against it: a verdict, which a replan must not route
   * around (a model replacing the step with one that skips the check let the gate pass; found by an
   * adversarial pass). The step fails as `on_failure: fail` would, unless the plan says `continue`.
   */
  readonly goalsUnmet: boolean;

  constructor(fields: { stepKey: string; uses: string; problem: string; escalation?: string; endpointUnusable?: boolean; goalsUnmet?: boolean }) {
    super(`the plan ${fields.uses} ${fields.problem}`, { transient: false });
    this.stepKey = fields.stepKey;
    this.uses = fields.uses;
    if (fields.escalation !== undefined) this.escalation = fields.escalation;
    this.endpointUnusable = fields.endpointUnusable === true;
    this.goalsUnmet = fields.goalsUnmet === true;
  }
}
