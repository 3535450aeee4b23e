import { closeSync, openSync, writeFileSync } from 'node:fs';
import type { RunEvent, RunListener } from '../core/run-event.ts';
import { jsonMayNeedRedaction, redactDeep, type Redactor } from '../core/redact.ts';
import { TraceWriteError } from './trace-write-error.ts';
import { createOutputFolder } from './create-output-folder.ts';

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

/** Lines are written out once this much text is waiting (or at `run_finished`, a flush timer, close or exit). */
const FLUSH_CHARS = 64 * 1024;
const FLUSH_INTERVAL_MS = 250;

/**
 * Events a resume is built from, on disk before the run goes on: the trace is the run's state, and a
 * process killed outright (SIGKILL) loses only what is waiting. A completed step must be there before
 * the next step starts, and a side-effect call's `tool_called` before the tool runs, or a resume
 * would repeat the step, or the call, not knowing it happened. One write (to the page cache, no
 * fsync: a killed process's writes survive it) per such event.
 */
const DURABLE: ReadonlySet<string> = new Set(['plan_created', 'plan_revised', 'step_completed', 'tool_called', 'tool_returned', 'run_finished']);

// bigint is not JSON; a tool written in JS may still return one. Every string is redacted as it is
// written, and an object whose keys would change under the redactor is copied with redacted keys.
function redactingReplacer(redact: Redactor) {
  return function replacer(_key: string, value: unknown): unknown {
    if (typeof value === 'string') return redact(value);
    if (typeof value === 'bigint') return value.toString();
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (Array.isArray(value)) return value;
    for (const key in value) {
      if (Object.hasOwn(value, key) && redact(key) !== key) {
        return Object.fromEntries(Object.entries(value).map(([name, inner]) => [redact(name), inner]));
      }
    }
    return value;
  };
}

// Events whose every value is a string, number or boolean (or the plain usage counts): their JSON
// text needs no replacer unless the redactor might change something in it.
function isFlat(event: RunEvent): boolean {
  if (event.type === 'plan_created' || event.type === 'plan_revised') return false;
  return event.type !== 'step_completed' || event.result === null || typeof event.result !== 'object';
}

/** One trace line: `{"ts": …, …event}` with every string and key redacted, cycles as `"[Circular]"`. */
function traceLine(ts: string, event: RunEvent, redact: Redactor, replacer: (key: string, value: unknown) => unknown): string {
  const line = (json: string): string => `{"ts":${JSON.stringify(redact(ts))},${json.slice(1)}`;
  if (isFlat(event) && typeof (event as { result?: unknown }).result !== 'bigint') {
    const json = JSON.stringify(event);
    if (!jsonMayNeedRedaction(json, redact) && !jsonMayNeedRedaction(ts, redact)) return line(json);
  }
  try {
    return line(JSON.stringify(event, replacer));
  } catch {
    // A cycle in a result: the slower walk that writes it as "[Circular]".
    return line(JSON.stringify(redactDeep(event, redact), replacer));
  }
}

/**
 * A listener that writes each event as one JSON line (`{"ts": ISO time, ...event}`) to `file`,
 * replacing it. Lines are buffered and written at the end of the run, every 250 ms, whenever 64 KiB
 * are waiting, on `close()` and when the process exits, so the trace is complete up to the last
 * event even when the run fails or the process is stopped; a failed write never disturbs the run
 * but makes `close()` reject. Throws `TraceWriteError` when the file cannot be created.
 */
export function traceWriter(file: string, options: TraceWriterOptions = {}): TraceWriter {
  const redact = options.redact ?? ((text: string) => text);
  const now = options.now ?? (() => new Date());
  const replacer = redactingReplacer(redact);
  let fd: number;
  try {
    createOutputFolder(file);
    fd = openSync(file, 'w');
  } catch (cause) {
    throw new TraceWriteError({ path: file, cause });
  }
  let failure: unknown;
  let closed = false;
  let pending: string[] = [];
  let pendingChars = 0;
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    if (failure !== undefined) return;
    try {
      writeFileSync(fd, text);
    } catch (cause) {
      failure = cause;
    }
  };
  // Nothing a run completed is lost: an exit (a crash or `process.exit`) writes what is waiting.
  process.once('exit', flush);

  return {
    path: file,
    listener(event) {
      if (closed || failure !== undefined) return;
      try {
        const line = `${traceLine(now().toISOString(), event, redact, replacer)}\n`;
        pending.push(line);
        pendingChars += line.length;
      } catch (cause) {
        failure = cause;
        return;
      }
      if (DURABLE.has(event.type) || pendingChars >= FLUSH_CHARS) flush();
      else if (!timer) {
        timer = setTimeout(flush, FLUSH_INTERVAL_MS);
        timer.unref();
      }
    },
    async close() {
      if (!closed) {
        closed = true;
        flush();
        process.removeListener('exit', flush);
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
