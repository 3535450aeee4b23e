import type { Redactor } from '../core/redact.ts';
import { TraceInUseError } from '../core/trace-in-use-error.ts';
import { traceWriter, type TraceWriter, type TraceWriterOptions } from './trace-writer.ts';

/**
 * The trace writer for `file`, or undefined when the file cannot be created: `warn` gets the
 * `TraceWriteError`'s message (naming the path) and the run goes on without a trace. Throws
 * `TraceInUseError` when another run is writing the file: that run's trace is not to be mixed with this
 * one's, and this run is refused before it starts. Both front ends open their trace here.
 */
export function openTrace(file: string, redact: Redactor, warn: (message: string) => void, options: Pick<TraceWriterOptions, 'openOnFirstEvent' | 'onOpen' | 'onStart'> = {}): TraceWriter | undefined {
  try {
    return traceWriter(file, { redact, ...options });
  } catch (error) {
    if (error instanceof TraceInUseError) throw error;
    warn(`${error instanceof Error ? error.message : String(error)}; the run goes on without a trace.`);
    return undefined;
  }
}

/** Closes the trace; a line that could not be written is a warning (the run's outcome stands). */
export async function closeTrace(trace: TraceWriter | undefined, warn: (message: string) => void): Promise<boolean> {
  try {
    await trace?.close();
    return true;
  } catch (error) {
    warn(error instanceof Error ? error.message : String(error));
    return false;
  }
}
