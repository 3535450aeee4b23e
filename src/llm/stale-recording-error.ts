import { StepError } from '../core/step-error.ts';
import { describePurpose } from './describe-purpose.ts';

/** Why a replay answers no other run: a recording holds the answers of one run's requests, word for word. */
export const REPLAYS_ONLY_ITS_RUN = 'A recording answers only the requests of the run it recorded (the same plan, inputs, options and prompts)';

/**
 * A replayed request differs from the one recorded for the same call: the recording is stale, or this run is not the
 * run it recorded (other `--input`s: the README's weekly report with another week was told to record the file again).
 */
export class StaleRecordingError extends StepError {
  readonly file: string;
  readonly purpose: string;
  readonly ordinal: number;
  /** The first difference, briefly: "message 2 (user) differs at character 40: recorded "…" but now "…"". */
  readonly difference: string;

  constructor(fields: { file: string; purpose: string; ordinal: number; difference: string }) {
    super(
      `Replay file ${fields.file} does not match model call ${fields.ordinal + 1} of ${describePurpose(fields.purpose)}: ` +
        `${fields.difference}. ${REPLAYS_ONLY_ITS_RUN}: give the run the inputs and options it was recorded with, or record it again (a run with a model and --record ${fields.file}).`,
      { transient: false },
    );
    this.file = fields.file;
    this.purpose = fields.purpose;
    this.ordinal = fields.ordinal;
    this.difference = fields.difference;
  }
}
