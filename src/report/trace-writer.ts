import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunListener } from '../core/run-event.ts';
import { redactDeep, type Redactor } from '../core/redact.ts';
import { TraceWriteError } from './trace-write-error.ts';

export interface TraceWriter {
  readonly path: string;
  readonly listener: RunListener;
  /** Closes the file; rejects with `TraceWriteError` if any event could not be written. */
  close(): Promise<void>;
}

export interface TraceWriterOptions {
  /** Applied to every string of every event (results, errors, the plan) before it is written. */
  readonly redact?: Redactor;
  /** Wall-clock time for each line's `ts`; events carry only run-relative `at`. */
  readonly now?: () => Date;
}

// bigint is not JSON; a tool written in JS may still return one.
function jsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * A listener that writes each event as one JSON line (`{"ts": ISO time, ...event}`) to `file`,
 * replacing it. Lines are written synchronously as events arrive, so the trace is complete up to
 * the last event even when the run fails or the process is stopped; a failed write never disturbs
 * the run but makes `close()` reject. Throws `TraceWriteError` when the file cannot be created.
 */
export function traceWriter(file: string, options: TraceWriterOptions = {}): TraceWriter {
  const redact = options.redact ?? ((text: string) => text);
  const now = options.now ?? (() => new Date());
  let fd: number;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    fd = openSync(file, 'w');
  } catch (cause) {
    throw new TraceWriteError({ path: file, cause });
  }
  let failure: unknown;
  let closed = false;

  return {
    path: file,
    listener(event) {
      if (closed || failure !== undefined) return;
      try {
        const line = JSON.stringify(redactDeep({ ts: now().toISOString(), ...event }, redact), jsonReplacer);
        writeFileSync(fd, `${line}\n`);
      } catch (cause) {
        failure = cause;
      }
    },
    async close() {
      if (!closed) {
        closed = true;
        try {
          closeSync(fd);
        } catch (cause) {
          failure ??= cause;
        }
      }
      if (failure !== undefined) throw new TraceWriteError({ path: file, cause: failure });
    },
  };
}
