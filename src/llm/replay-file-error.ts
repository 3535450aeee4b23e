import { StepError } from '../core/step-error.ts';

/** A replay file that cannot be read or holds a line that is not a recorded exchange. */
export class ReplayFileError extends StepError {
  readonly file: string;
  readonly line?: number;
  readonly problem: string;

  constructor(fields: { file: string; line?: number; problem: string; cause?: unknown; notARecording?: boolean }) {
    const where = fields.line === undefined ? fields.file : `${fields.file} line ${fields.line}`;
    // A file that could not be read at all (a folder, a FIFO, missing), or whose first line is no JSON, is no
    // recording to record again: `--replay plan.yml` advised `--record plan.yml`, which overwrites the plan
    // (found by a new-user walkthrough).
    const todo = fields.line === undefined || fields.notARecording ? 'give --replay the file a run wrote with --record FILE' : `record it again with --record ${fields.file}`;
    super(`Replay file ${where}: ${fields.problem}. ${todo[0]!.toUpperCase()}${todo.slice(1)}.`, {
      transient: false,
      cause: fields.cause,
    });
    this.file = fields.file;
    if (fields.line !== undefined) this.line = fields.line;
    this.problem = fields.problem;
  }
}
