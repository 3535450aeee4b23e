import { StepError } from '../core/step-error.ts';
import { describePurpose } from './describe-purpose.ts';
import { REPLAYS_ONLY_ITS_RUN } from './stale-recording-error.ts';

/** A replayed run asked something the recording has no answer for (more calls, or a new step). */
export class ReplayMissingAnswerError extends StepError {
  readonly file: string;
  readonly purpose: string;
  /** Zero-based: the how-many-th call with this purpose it was. */
  readonly ordinal: number;
  /** How many answers the file holds for this purpose. */
  readonly recordedCalls: number;

  /**
   * `bare`: how many answers the file holds for the purpose with the using steps left off (`step:s` for
   * `step:a/s`), as recordings made before a used plan's steps were named by the step using them hold them.
   */
  constructor(fields: { file: string; purpose: string; ordinal: number; recordedCalls: number; bare?: { purpose: string; calls: number } }) {
    const recorded =
      fields.recordedCalls === 0 ? 'has no calls for it at all' : `holds only ${fields.recordedCalls} call(s) for it`;
    const cause = fields.bare
      ? `It holds ${fields.bare.calls} call(s) for ${fields.bare.purpose}: it was recorded before the steps of a plan that a \`type: plan\` step uses were named by that step (${fields.purpose})`
      : undefined;
    const todo = cause
      ? `${cause}: record it again with --record ${fields.file}, or run with a model.`
      : `${REPLAYS_ONLY_ITS_RUN}, and this one asked more: give it the inputs and options it was recorded with, record it again with --record ${fields.file}, or run with a model.`;
    super(
      `Replay file ${fields.file} has no recorded answer for model call ${fields.ordinal + 1} of ${describePurpose(fields.purpose)} ` +
        `(the file ${recorded}). ${todo}`,
      { transient: false },
    );
    this.file = fields.file;
    this.purpose = fields.purpose;
    this.ordinal = fields.ordinal;
    this.recordedCalls = fields.recordedCalls;
  }
}
