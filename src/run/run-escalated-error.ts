import { asSentence } from './as-sentence.ts';
import { RunStoppedError } from './run-stopped-error.ts';

/** Recovery ran out (replans used up, or the replanner could not write a valid plan): a person is needed. */
export class RunEscalatedError extends RunStoppedError {
  /** The failure the run could not get past. */
  readonly lastError: string;
  /** What was tried before giving up, in words ("retried step 4 twice", "replanned once (revision 2)"). */
  readonly tried: readonly string[];

  constructor(fields: { why: string; lastError: string; tried: readonly string[] }) {
    // No "a person is needed" here: every view says so beside the status (escalated — a person is needed: …).
    const tried = fields.tried.length ? ` Tried: ${asSentence(fields.tried.join('; '))}` : '';
    super(`${asSentence(fields.why)} Last error: ${asSentence(fields.lastError)}${tried}`, 'escalated');
    this.lastError = fields.lastError;
    this.tried = [...fields.tried];
  }
}
