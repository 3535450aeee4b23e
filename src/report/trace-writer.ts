import { isCarriedLine } from '../core/carried-line.ts';
import { fstatSync, readSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { OutputPathRefusedError } from '../core/output-path-refused-error.ts';
import { realPathAhead } from '../core/real-path-ahead.ts';
import type { RunEvent, RunListener } from '../core/run-event.ts';
import { jsonMayNeedRedaction, redactDeep, redactNumber, type Redactor } from '../core/redact.ts';
import { TRACE_GAP } from '../core/trace-gap.ts';
import { TraceGapError, TraceWriteError } from './trace-write-error.ts';
import { closeOutputFile, openOutputFile, writeOutputFile } from '../core/open-output-file.ts';
import { lockTrace } from '../core/trace-lock.ts';
import { PLAIN_DATA_DEPTH, plainContainer } from '../core/plain-data.ts';
import { jsonLine } from '../core/json-line.ts';

export interface TraceWriter {
  readonly path: string;
  readonly listener: RunListener;
  /** Writes out the lines still waiting (see `DurabilityRule`): before a view shows what they record. */
  flush(): void;
  /** Closes the file; rejects with `TraceWriteError` if any event could not be written. */
  close(): Promise<void>;
  /** Why the file can no longer be written (a full disk), once a write failed; undefined until then. */
  problem(): string | undefined;
}

export interface TraceWriterOptions {
  /** Applied to every string of every event (results, errors, the plan) before it is written. */
  readonly redact?: Redactor;
  /** Wall-clock time for each line's `ts`; events carry only run-relative `at`. */
  readonly now?: () => Date;
  /**
   * Leave `file` as it is until the first event: a job refused before it runs (a wrong approval hash, a
   * changed plan) writes nothing, so a trace it was asked to resume, which may be this very file, is kept.
   * A file that cannot be created then makes `close()` reject instead of throwing here.
   */
  readonly openOnFirstEvent?: boolean;
  /** Called once the file is opened (created or truncated for this run's events). */
  readonly onOpen?: () => void;
  /**
   * Called at the run's first event with the `ts` its line is written with (`traceStartedBy` reads it back):
   * what tells this run's trace from another run's written later at the same path.
   */
  readonly onStart?: (ts: string) => void;
}

/** Lines are written out once this much text is waiting (or when `DurabilityRule` says, a flush timer, close or exit). */
const FLUSH_CHARS = 64 * 1024;
const FLUSH_INTERVAL_MS = 250;

/** A JSON replacer, and whether it has masked anything since `masked` was last reset. */
interface RedactingReplacer {
  readonly replace: (this: unknown, key: string, value: unknown) => unknown;
  masked: boolean;
  /** The objects whose numbers are the run's own (times, counts, usage), never a secret: see `ownNumberHolders`. */
  own: ReadonlySet<unknown>;
}

/**
 * The event's own objects, whose numbers (`at`, `durationMs`, usage counts and cost) the run made: a
 * PIN of 123456 equal to an `at` of 123456 ms must not turn it into text, which a resume refuses.
 */
function ownNumberHolders(event: RunEvent): ReadonlySet<unknown> {
  const own = new Set<unknown>();
  for (let inner: RunEvent | undefined = event; inner; inner = inner.type === 'nested_event' ? inner.event : undefined) {
    const fields = inner as { usage?: unknown; reused?: { usage?: unknown } };
    own.add(inner);
    own.add(fields.usage);
    own.add(fields.reused);
    own.add(fields.reused?.usage);
  }
  return own;
}

/** `event` as JSON (with its leading `{`) through `replacer`, its own numbers left as they are. */
function stringified(event: RunEvent, replacer: RedactingReplacer): string {
  replacer.own = ownNumberHolders(event);
  return JSON.stringify(event, replacer.replace);
}

// bigint is not JSON; a tool written in JS may still return one. Every string is redacted as it is
// written, and an object whose keys would change under the redactor is copied with redacted keys.
function redactingReplacer(redact: Redactor): RedactingReplacer {
  const state: RedactingReplacer = {
    masked: false,
    own: new Set(),
    replace(this: unknown, key: string, value: unknown): unknown {
      if (typeof value === 'string') {
        const written = redact(value);
        if (written !== value) state.masked = true;
        return written;
      }
      // A result that is a number stands on the event itself, and is the tool's, not the run's. No number of the run's
      // own is a bigint: one on the event (an agent's call's arguments) is a tool's too, and left as it was it broke
      // the line ("Do not know how to serialize a BigInt").
      if (typeof value === 'bigint' || (typeof value === 'number' && (key === 'result' || !state.own.has(this)))) {
        const written = redactNumber(value, redact);
        if (written !== value) state.masked = true;
        return typeof written === 'bigint' ? written.toString() : written;
      }
      if (value === null || typeof value !== 'object') return value;
      if (value instanceof Error) return { name: value.name, message: value.message };
      if (Array.isArray(value)) return value;
      for (const key in value) {
        if (Object.hasOwn(value, key) && redact(key) !== key) {
          state.masked = true;
          return Object.fromEntries(Object.entries(value).map(([name, inner]) => [redact(name), inner]));
        }
      }
      return value;
    },
  };
  return state;
}

/**
 * The event's plain JSON text, when it is JSON and the redactor's screen finds nothing in it to
 * change: the line needs no replacer. Not when a value is no JSON: a result, an item's, an agent's
 * tool's, or arguments may hold whatever a tool returned, a bigint or a cycle, and the replacer's walk
 * writes those. A plan is JSON (a loaded file's or a model's, validated), and its line the run's
 * longest: a 10,000-step plan took 14.5 ms through the walk, 5.6 ms as text and one screen; a plan
 * the screen finds something in (a step that says "basic") takes both, 20 ms.
 */
function plainJson(event: RunEvent, redact: Redactor): string | undefined {
  // An event holding what is not JSON data goes through the replacer, which writes an Error as its name and message. Every
  // event, not only a step's result: an item's or a carried result, a tool's arguments, an agent's call and a nested step's
  // event took this path unchecked, and an Error in them was written `{}`, or `{name, message}` when the screen happened
  // to fire (a differential pass of 604,000 events found 47 such lines).
  if (!isJsonData(event, 0)) return undefined;
  let json: string;
  try {
    json = JSON.stringify(event);
  } catch {
    return undefined;
  }
  return jsonMayNeedRedaction(json, redact) ? undefined : json;
}

/**
 * Whether JSON.stringify writes `value` as the replacer does when the screen finds nothing in its text:
 * arrays and objects of Object's prototype or none, no `toJSON`, down to strings, booleans, null and
 * finite numbers (the replacer reads `Infinity` as text, and marks a NaN masked: NaN !== NaN). Not an
 * Error (the replacer writes its name and message), a bigint, a class's instance, a depth a cycle
 * reaches, nor a member JSON leaves out (undefined, a function), whose key the replacer still redacts.
 * 10,000 steps' small object results took the listener 38 ms through the replacer, 26 ms as text and one
 * screen (this walk 0.16 µs a result).
 */
function isJsonData(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (value === null) return true;
  // Deeper, a result is left to the replacer, which also writes a cycle.
  const container = depth < PLAIN_DATA_DEPTH ? plainContainer(value) : undefined;
  if (container === undefined) return false;
  if (container === 'array') {
    const items = value as readonly unknown[];
    for (let i = 0; i < items.length; i++) if (!isJsonData(items[i], depth + 1)) return false;
    return true;
  }
  // Not Object.values: an array made for each object of each event. An enumerable key Object's prototype was given is
  // walked too, which JSON leaves out: at worst a line that could have been plain goes through the replacer.
  for (const key in value) if (!isJsonData((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}

/** A line's start, `{"ts":"…",`, for a wall-clock time: events come many to a millisecond, so it is reused while the time is the same. */
function linePrefix(redact: Redactor) {
  let lastMs = Number.NaN;
  let last = '';
  return (time: Date): string => {
    const ms = time.getTime();
    if (ms !== lastMs) {
      lastMs = ms;
      last = tracePrefix(redact(time.toISOString()));
    }
    return last;
  };
}

/** A trace line's start for its `ts` as written. */
export function tracePrefix(ts: string): string {
  return `{"ts":${JSON.stringify(ts)},`;
}

/**
 * One trace line after its prefix: the event's fields with every string and key redacted, cycles as
 * `"[Circular]"`. A step's or item's completion whose result the redaction changed is marked `masked` (see
 * `RunEvent`): a resume must know the result it reads back is not the one the step returned.
 */
function traceFields(event: RunEvent, redact: Redactor, replacer: RedactingReplacer): string {
  const plain = plainJson(event, redact);
  if (plain !== undefined) return plain.slice(1);
  replacer.masked = false;
  let json: string;
  try {
    json = stringified(event, replacer);
  } catch {
    // A cycle in a result: the slower walk that writes it as "[Circular]", which is not the result either.
    // Its numbers are left to the replacer, which tells the run's own from the result's.
    return stringified(withMasked(redactDeep(event, redact, { numbers: false })), replacer).slice(1);
  }
  return (replacer.masked ? stringified(withMasked(event), replacer) : json).slice(1);
}

/** `event` with its completion (the innermost event, for a nested run's) marked `masked`. */
function withMasked(event: RunEvent): RunEvent {
  if (event.type === 'nested_event') return { ...event, event: withMasked(event.event) };
  return event.type === 'step_completed' || event.type === 'item_completed' || event.type === 'result_carried' ? { ...event, masked: true } : event;
}

/** The event itself, or for a nested run's event the innermost one, with the path of step keys to it. */
function innermost(event: RunEvent): { readonly event: RunEvent; readonly path: string } {
  let path = '';
  let inner = event;
  while (inner.type === 'nested_event') {
    path += `${inner.stepKey}\u0000`;
    inner = inner.event;
  }
  return { event: inner, path };
}

/** Where a regular file is: its device and inode. */
interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
}

/** The file `fd` names, when it is a regular file; undefined for a device or a pipe (`--trace /dev/stdout`), which no folder holds. */
function identityOf(fd: number): FileIdentity | undefined {
  const stat = fstatSync(fd);
  return stat.isFile() ? { dev: stat.dev, ino: stat.ino } : undefined;
}

/** Whether `file` is still the file `identity` names. */
function samePlace(file: string, identity: FileIdentity): boolean {
  let stat;
  try {
    stat = statSync(file, { throwIfNoEntry: false });
  } catch {
    return false;
  }
  return stat !== undefined && stat.dev === identity.dev && stat.ino === identity.ino;
}

/** Opens a trace file afresh, readable back (see `keepAtPath`), or for writing only where reading is refused (a file of mode 0200). */
function openReadable(file: string): number {
  try {
    return openOutputFile(file, 'w+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') throw error;
    return openOutputFile(file);
  }
}

/** Copies the whole of the file open at `from` to the one open at `to`. */
function copyFile(from: number, to: number): void {
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  for (let position = 0; ; ) {
    const read = readSync(from, chunk, 0, chunk.length, position);
    if (read === 0) return;
    for (let written = 0; written < read; ) written += writeSync(to, chunk, written, read - written);
    position += read;
  }
}

/** A completed step that took less than this, with no model call and no side effect, is cheap to run again. */
const CHEAP_STEP_MS = 10;

/** What a resumed run writes between its `plan_created` and the lines it carries (`DurabilityRule`'s hold). */
const HEADER_EVENTS: ReadonlySet<RunEvent['type']> = new Set(['tool_returned', 'model_used', 'approval_decided']);

/**
 * When a line must reach the file: the trace is the run's state, and a process killed outright
 * (SIGKILL) loses only what is waiting. Written at once (one write to the page cache, no fsync: a
 * killed process's writes survive it): the plan and its revisions; a call with side effects before
 * the tool runs, and its answer; the completion of a step (or a for_each item) that made one, or that
 * is worth keeping (it took 10 ms or more, called the model, or was reused from an earlier run); a
 * model call's usage; the run's end; the results a resumed run carries, with the event after them.
 * Everything else waits for the next of these, or at most 250 ms: so a kill loses at most the cheap
 * steps that completed in the last 250 ms, which a resume runs again, and never a side effect. A
 * write per trivial step would cost more than the step.
 */

class DurabilityRule {
  /** Steps (by path and key) that made a call with side effects, and those calls, by call key. */
  readonly #effectSteps = new Set<string>();
  readonly #effectCalls = new Set<string>();
  /** A resumed run's `result_carried` lines are waiting: written with the first event after them. */
  #carrying = false;
  /**
   * A resumed run's `plan_created` waits for the lines it `carries` (how many are still to come): all are
   * written in one write, the file opened (for a run resumed in place, truncated) only then. Written at
   * once, a kill while the rest were serialized left a started run that knew nothing of the run it
   * resumed, in place of that run's trace (found by an adversarial hunt of durable runs).
   */
  #held = 0;

  /** True while a resumed run's first lines wait for what it carries: nothing may be written, nor the file opened. */
  get holding(): boolean {
    return this.#held > 0;
  }

  /** True when the lines waiting, `event`'s included, must be written now. */
  mustWrite(outer: RunEvent): boolean {
    const durable = this.#durable(outer);
    if (outer.type === 'plan_created' && (outer.carries ?? 0) > 0) {
      this.#held = outer.carries!;
      return false;
    }
    if (this.#held === 0) return durable;
    if (isCarriedLine(outer)) this.#held -= 1;
    // Anything but the lines a resumed run writes before its steps (a step, the run's end after an internal
    // error): the header is as whole as it will be, and waits no more.
    else if (!HEADER_EVENTS.has(outer.type)) {
      this.#held = 0;
      return true;
    }
    // The last of them: all written now, the file opened (emptied, for a run resumed in place) only for this write.
    return this.#held === 0;
  }

  #durable(outer: RunEvent): boolean {
    const { event, path } = innermost(outer);
    // What a resume carries on, lost, a resume of this run would run again: the run writes them before any
    // step starts, so the event after them (in the same turn of the event loop) writes them all in one.
    if (event.type === 'result_carried') {
      this.#carrying = true;
      return false;
    }
    const afterCarried = this.#carrying;
    this.#carrying = false;
    // The event after them is still read for what it is: a call it makes (a resumed run's first inherited
    // call) must be known, or its answer waited for the next write and a kill then found the call unanswered.
    return this.#ownRule(event, path) || afterCarried;
  }

  #ownRule(event: RunEvent, path: string): boolean {
    switch (event.type) {
      case 'plan_created':
      case 'plan_revised':
      case 'run_finished':
      // A model call's cost: a killed run's summary counts it (a write is nothing beside the call).
      case 'model_used':
        return true;
      case 'tool_called':
        if (!event.sideEffects) return false;
        this.#effectSteps.add(path + event.stepKey);
        this.#effectCalls.add(path + event.callKey);
        return true;
      case 'tool_returned':
        return this.#effectCalls.delete(path + event.callKey);
      case 'step_completed':
        return this.#effectSteps.has(path + event.stepKey) || event.durationMs >= CHEAP_STEP_MS || event.usage.modelCalls > 0 || event.reused !== undefined;
      // A for_each item by the same rule (its calls are its step's): a killed shard keeps the items worth keeping.
      case 'item_completed':
        return this.#effectSteps.has(path + event.stepKey) || event.durationMs >= CHEAP_STEP_MS || event.usage.modelCalls > 0 || event.reused !== undefined;
      default:
        return false;
    }
  }
}

/**
 * A listener that writes each event as one JSON line (`{"ts": ISO time, ...event}`) to `file`,
 * replacing it. Lines are batched, and written when the run's durable state needs them on disk (a
 * completed step worth keeping at once, a call with side effects before the tool runs: see
 * `DurabilityRule`), else every 250 ms, whenever 64 KiB are waiting, on `close()`
 * and when the process exits; so the trace is complete up to the last event even when the run
 * fails or the process is stopped. A failed write never disturbs the run but makes `close()`
 * reject. Throws `TraceWriteError` when the file cannot be created, `TraceInUseError` when another run is
 * writing it (see `lockTrace`; released by `close()`).
 */
export function traceWriter(file: string, options: TraceWriterOptions = {}): TraceWriter {
  const redact = options.redact ?? ((text: string) => text);
  const now = options.now ?? (() => new Date());
  const replacer = redactingReplacer(redact);
  const prefix = linePrefix(redact);
  const durability = new DurabilityRule();
  // The file as opened (a regular file's device and inode), to tell when no path names it any more.
  let identity: FileIdentity | undefined;
  // Where the trace's folder led when it was opened (checked then: `refuseLinkedOutputFolder`).
  let folder: string | undefined;
  const open = (): number => {
    let opened: number;
    try {
      opened = openReadable(file);
      identity = identityOf(opened);
      if (identity) folder = realPathAhead(path.dirname(file));
    } catch (cause) {
      throw new TraceWriteError({ path: file, cause });
    }
    try {
      options.onOpen?.();
    } catch {
      // A hint to the post step (the action's saved state); the trace goes on either way.
    }
    return opened;
  };
  // Taken before anything is opened, even for a file opened at the first event: another run writing `file`
  // now is refused (`TraceInUseError`) before this one runs a step.
  const unlock = lockTrace(file);
  let fd: number | undefined;
  try {
    fd = options.openOnFirstEvent ? undefined : open();
  } catch (error) {
    unlock?.();
    throw error;
  }
  /**
   * A step may remove or move the folder the trace is in (a tool's `rm -rf`, `git clean -fdx`): the writes
   * then went on into a file no path named, lost at the end, and a re-run found no state and made its side
   * effects again. Before each write, a file at `file` that is not this one is replaced by what this one
   * holds, and the writes go on there. Throws when it cannot be (the trace is then incomplete, and says so).
   */
  const keepAtPath = (): void => {
    if (fd === undefined || identity === undefined || samePlace(file, identity)) return;
    // Not through a link the step put in its place (a checkout's `.plan-runner -> /anywhere`): over a file there.
    const leadsTo = realPathAhead(path.dirname(file));
    if (leadsTo !== folder) throw new OutputPathRefusedError(file, `its folder now leads to ${leadsTo}, not to ${folder} where the trace was opened (a step put a symbolic link in its place), and plan-runner does not follow it`);
    const moved = fd;
    const fresh = openReadable(file);
    try {
      copyFile(moved, fresh);
    } catch (cause) {
      closeOutputFile(fresh);
      throw cause;
    }
    fd = fresh;
    identity = identityOf(fresh);
    closeOutputFile(moved);
  };
  let failure: unknown;
  let gap: string | undefined;
  let closed = false;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  let started = false;

  const write = (): void => {
    if (!pending.length) return;
    const text = pending;
    pending = '';
    if (failure !== undefined) return;
    try {
      // Lines held unopened (`DurabilityRule`'s `holding`) that a close or an exit writes.
      fd ??= open();
      keepAtPath();
      // Open: text waits only after an event, and the first event opens the file (`listener`).
      writeOutputFile(fd!, text);
    } catch (cause) {
      failure = cause;
    }
  };
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    write();
  };
  // A write in between leaves the timer be: one timer per interval, not one per write.
  const onTimer = (): void => {
    timer = undefined;
    write();
  };
  // Nothing a run completed is lost: an exit (a crash or `process.exit`) writes what is waiting.
  process.once('exit', flush);

  return {
    path: file,
    listener(event) {
      if (closed || failure !== undefined) return;
      const must = durability.mustWrite(event);
      // Opened at the first event, not at its first write up to 250 ms later: until then the file is
      // the trace this run resumes in place, which a post step would take for this run's. A resumed run's
      // first lines are the exception: they wait, unopened, for what it carries (`DurabilityRule`), which
      // comes in the same turn of the event loop.
      if (fd === undefined && !durability.holding) {
        try {
          fd = open();
        } catch (cause) {
          failure = cause;
          return;
        }
      }
      const time = now();
      if (!started) {
        started = true;
        try {
          options.onStart?.(redact(time.toISOString()));
        } catch {
          // A hint to the post step (the action's saved state); the trace goes on either way.
        }
      }
      try {
        pending += `${prefix(time)}${jsonLine(traceFields(event, redact, replacer))}\n`;
      } catch (cause) {
        // One event that cannot be written must not end the trace: a line says which is missing, a
        // resume refuses the trace (it could make a side effect again), and `close()` says so.
        gap ??= `${/^[aeiou]/.test(event.type) ? 'an' : 'a'} ${event.type} event (${cause instanceof Error ? cause.message : String(cause)})`;
        pending += `${prefix(time)}${jsonLine(JSON.stringify({ type: TRACE_GAP, event: event.type, why: redact(cause instanceof Error ? cause.message : String(cause)) }).slice(1))}\n`;
      }
      if (durability.holding) return;
      if (must || pending.length >= FLUSH_CHARS) write();
      else if (!timer) {
        timer = setTimeout(onTimer, FLUSH_INTERVAL_MS);
        timer.unref();
      }
    },
    flush() {
      // Not while a resumed run's first lines wait for what it carries: they come in this same turn.
      if (!closed && !durability.holding) flush();
    },
    problem() {
      return failure === undefined ? undefined : `the trace file ${file} could not be written (${failure instanceof Error ? failure.message : String(failure)})`;
    },
    async close() {
      if (!closed) {
        closed = true;
        flush();
        process.removeListener('exit', flush);
        try {
          // Removed after the last write: nothing was waiting to be written, and the file is put back whole.
          if (failure === undefined) keepAtPath();
        } catch (cause) {
          failure = cause;
        }
        try {
          if (fd !== undefined) closeOutputFile(fd);
        } catch (cause) {
          failure ??= cause;
        }
        unlock?.();
      }
      if (failure !== undefined) throw failure instanceof TraceWriteError ? failure : new TraceWriteError({ path: file, cause: failure });
      if (gap !== undefined) throw new TraceWriteError({ path: file, cause: new TraceGapError(gap) });
    },
  };
}
