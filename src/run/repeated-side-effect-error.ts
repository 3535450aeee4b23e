import { StepError } from '../core/step-error.ts';
import { showArgs } from './show-args.ts';

/** A call with side effects that already ran (or may have) was about to be made again: refused, never retried. */
export class RepeatedSideEffectError extends StepError {
  readonly stepKey: string;
  readonly callKey: string;
  /** The call in words, `send_email({"to":"…"})`, for the escalation: the earlier one, where this one is it in other words. */
  readonly call: string;
  readonly outcome: 'succeeded' | 'unknown';
  /** The earlier call was made by the run this one resumed, not by this run. */
  readonly earlierRun: boolean;
  /** This call is not the earlier one but the step's model choosing its arguments again, in other words. */
  readonly otherWords: boolean;

  constructor(fields: {
    stepKey: string;
    tool: string;
    args: Readonly<Record<string, unknown>>;
    callKey: string;
    outcome: 'succeeded' | 'unknown';
    /** The step that made the earlier call, in words: `publish`, `post of the plan 'announce'`. */
    earlierStep: string;
    earlierRun?: boolean;
    /** The earlier call's arguments, where the step's model chose others for the same call (a `tool_call` step without `args`). */
    insteadOf?: Readonly<Record<string, unknown>>;
    /** The arguments hold a secret the run masks: the call the tool gets is the earlier one, whatever the secret. */
    masked?: boolean;
  }) {
    const what = fields.outcome === 'succeeded' ? 'already succeeded' : 'got no answer, so it may have taken effect';
    // A call that succeeded took effect: there is nothing to check, only whether to make it again on purpose.
    const then = fields.outcome === 'succeeded' ? 'it took effect, so run the plan again without that step' : 'check whether it took effect, then run the plan again without that step';
    const where = fields.earlierRun ? ', in an earlier run' : '';
    // Two for_each items revoking two tokens were refused as one call, and nothing said why (found by a hunt of for_each).
    const masked = fields.masked ? ' (its arguments hold a secret, which every tool gets masked, so the tool would get the same call: give a tool a secret through its env: or headers:, not as an argument)' : '';
    const call = `${fields.tool}(${showArgs(fields.args)})`;
    const earlier = fields.insteadOf === undefined ? undefined : `${fields.tool}(${showArgs(fields.insteadOf)})`;
    super(
      earlier === undefined
        ? `step ${fields.stepKey} would call ${call} again${masked}, a call with side effects that ${what} in step ${fields.earlierStep}${where}; plan-runner never repeats one: ${then}`
        : `step ${fields.stepKey} would call ${call} in place of ${earlier}, its call with side effects that ${what} in step ${fields.earlierStep}${where}: its model chose the arguments again, in other words, and plan-runner never makes a step's call twice: ${then}`,
      { transient: false, toolName: fields.tool },
    );
    this.stepKey = fields.stepKey;
    this.callKey = fields.callKey;
    this.call = earlier ?? call;
    this.outcome = fields.outcome;
    this.earlierRun = fields.earlierRun === true;
    this.otherWords = earlier !== undefined;
  }
}
