import { StepError } from '../core/step-error.ts';
import { showArgs } from './show-args.ts';

/** A call with side effects that already ran (or may have) was about to be made again: refused, never retried. */
export class RepeatedSideEffectError extends StepError {
  readonly stepKey: string;
  readonly callKey: string;
  /** The call in words, `send_email({"to":"…"})`, for the escalation. */
  readonly call: string;
  readonly outcome: 'succeeded' | 'unknown';
  /** The earlier call was made by the run this one resumed, not by this run. */
  readonly earlierRun: boolean;

  constructor(fields: {
    stepKey: string;
    tool: string;
    args: Readonly<Record<string, unknown>>;
    callKey: string;
    outcome: 'succeeded' | 'unknown';
    /** The step that made the earlier call, in words: `publish`, `post of the plan 'announce'`. */
    earlierStep: string;
    earlierRun?: boolean;
  }) {
    const what = fields.outcome === 'succeeded' ? 'already succeeded' : 'got no answer, so it may have taken effect';
    const where = fields.earlierRun ? ', in an earlier run' : '';
    super(
      `step ${fields.stepKey} would call ${fields.tool}(${showArgs(fields.args)}) again, a call with side effects that ${what} in step ${fields.earlierStep}${where}; plan-runner never repeats one: check whether it took effect, then run the plan again without that step`,
      { transient: false, toolName: fields.tool },
    );
    this.stepKey = fields.stepKey;
    this.callKey = fields.callKey;
    this.call = `${fields.tool}(${showArgs(fields.args)})`;
    this.outcome = fields.outcome;
    this.earlierRun = fields.earlierRun === true;
  }
}
