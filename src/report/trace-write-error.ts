import { OutputPathRefusedError } from '../core/output-path-refused-error.ts';

/** The trace file could not be written; the run itself may have been fine, its audit record is not. */
export class TraceWriteError extends Error {
  readonly path: string;

  constructor(options: { path: string; cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    const advice = options.cause instanceof OutputPathRefusedError || options.cause instanceof TraceGapError ? '' : '; check the path is writable and the disk is not full';
    super(`cannot write the trace file ${options.path}: ${reason}${advice}`, {
      cause: options.cause,
    });
    this.name = 'TraceWriteError';
    this.path = options.path;
  }
}

/** The trace was written, but without an event it could not serialise: a line in its place names it. */
export class TraceGapError extends Error {
  constructor(what: string) {
    super(`it misses ${what}, written as a trace_gap line; the run's record is incomplete, and a resume from this trace is refused`);
    this.name = 'TraceGapError';
  }
}
