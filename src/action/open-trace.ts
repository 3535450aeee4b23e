import type { Redactor } from '../core/redact.ts';
import { traceWriter, type TraceWriter } from '../report/trace-writer.ts';
import type { ActionIO } from './action-io.ts';

/** The trace writer for `file`, or undefined (with a warning) when the file cannot be created: the run goes on. */
export function openTrace(file: string, redact: Redactor, io: ActionIO): TraceWriter | undefined {
  try {
    return traceWriter(file, { redact });
  } catch (error) {
    io.warning(`${error instanceof Error ? error.message : String(error)}; the run goes on without a trace.`);
    return undefined;
  }
}
