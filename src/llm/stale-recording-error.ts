import { StepError } from '../core/step-error.ts';
import { describePurpose } from './describe-purpose.ts';

/** A replayed request differs from the one recorded for the same call: the recording is stale. */
export class StaleRecordingError extends StepError {
  readonly file: string;
  readonly purpose: string;
  readonly ordinal: number;
  /** The first difference, briefly: "message 2 (user) differs at character 40: recorded "…" but now "…"". */
  readonly difference: string;

  constructor(fields: { file: string; purpose: string; ordinal: number; difference: string }) {
    super(
      `Replay file ${fields.file} is stale for model call ${fields.ordinal + 1} of ${describePurpose(fields.purpose)}: ` +
        `${fields.difference}. Record it again with --record ${fields.file}.`,
      { transient: false },
    );
    this.file = fields.file;
    this.purpose = fields.purpose;
    this.ordinal = fields.ordinal;
    this.difference = fields.difference;
  }
}
