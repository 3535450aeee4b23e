import { OutputPathRefusedError } from './output-path-refused-error.ts';

/** The trace file could not be written; the run itself may have been fine, its audit record is not. */
export class TraceWriteError extends Error {
  readonly path: string;

  constructor(options: { path: string; cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const advice = options.cause instanceof OutputPathRefusedError ? '' : '; check the path is writable and the disk is not full';
    super(`cannot write the trace file ${options.path}: ${reason}${advice}`, {
      cause: options.cause,
    });
    this.name = 'TraceWriteError';
    this.path = options.path;
  }
}
