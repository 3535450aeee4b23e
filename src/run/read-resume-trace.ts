import { isCarriedLine } from '../core/carried-line.ts';
import type { RunEvent } from '../core/run-event.ts';
import { byteOrderMarkNote } from '../core/byte-order-mark.ts';
import { resumeStateFromEvents, traceFormatProblem, type ResumeStateResult } from './resume-state.ts';
import { JsonDuplicateKeyError, JsonTooDeepError, MAX_JSON_DEPTH, parseJson } from '../core/parse-json.ts';
import { TRACE_GAP } from '../core/trace-gap.ts';
import { traceEventProblem } from '../core/trace-event-problem.ts';
import { MAX_TRACE_BYTES, readInputFile } from '../core/read-input-file.ts';
import { groupDigits } from '../core/group-digits.ts';
import { traceHolder } from '../core/trace-lock.ts';

/** Why a saved state of `bytes` (as its artifact is listed) is not downloaded; undefined when it may be. */
export function oversizedState(bytes: number): string | undefined {
  // A run can write more than it reads back: each result is kept whole, and a for_each step's items twice
  // (each item's event and the step's list), so 150 items of 1 MB made a 300 MB trace (found by an
  // adversarial pass). Say so rather than call the file something no run writes.
  return bytes > MAX_TRACE_BYTES
    ? `it is ${groupDigits(bytes)} bytes, more than the ${MAX_TRACE_BYTES / 1024 / 1024} MiB plan-runner reads back (a run whose steps return very large results, a for_each over many of them above all, can write that much)`
    : undefined;
}

/** A trace's text, read before anything writes a new trace (often to the same path). */
export interface ResumeTrace {
  readonly file: string;
  readonly text: string;
  /** Where it came from in words when not a file the user named, e.g. `attempt 1`. */
  readonly label?: string;
  /**
   * The part of a fanned-out run that saved it: `prepare`, `merge`, or a shard's number. A shard's
   * state counts for the items the prepare job assigned to that shard only (`shardOwnState`).
   */
  readonly fanOutPart?: 'prepare' | 'merge' | number;
  /**
   * What to give instead, in the words of whoever named the file (`readResumeTrace`'s `ifMissing`), for a file that is no
   * trace: the action's `resume-from` was told to give "the --trace file", which the action has none of.
   */
  readonly remedy?: string;
}

/**
 * Reads a trace file whole; a missing or oversized file is a problem in words. `ifMissing` says what to
 * give instead of a file that is not there, in the words of whoever named it (the CLI's `--trace`, the
 * action's `trace` output); a file plan-runner named itself (a downloaded state) needs none.
 */
export async function readResumeTrace(file: string, ifMissing?: string): Promise<{ ok: true; trace: ResumeTrace } | { ok: false; problem: string }> {
  // A run still writing it has not ended: its completed steps are no finished run's, its call in flight looks
  // unanswered, and a resume in place would write over it while it goes on writing (see `lockTrace`).
  const writer = traceHolder(file);
  if (writer) return { ok: false, problem: `the trace ${file} is still being written by a plan-runner run (process ${writer.pid}, started ${writer.started}); resume it once that run has ended` };
  // Read whole, at most the cap, and only from a regular file (a FIFO or /dev/zero would hang or fill memory).
  const read = readInputFile(file, MAX_TRACE_BYTES);
  if (read.ok) return { ok: true, trace: { file, text: read.bytes.toString('utf8'), ...(ifMissing !== undefined && { remedy: ifMissing }) } };
  if (read.code === 'ENOENT') return { ok: false, problem: `no trace at ${file}${ifMissing === undefined ? '' : `: ${ifMissing}`}` };
  return { ok: false, problem: `cannot read the trace ${file}: ${read.problem}; resume from the trace file of one run` };
}

/**
 * A trace's events, one per JSON line; a broken line is a problem in words, naming the file and the
 * line. A run killed mid-write may leave its last line cut: that line is left out. Each event must
 * have the fields plan-runner writes for its type (`traceEventProblem`): every reader takes them as
 * typed, and a damaged or hand-edited one would otherwise fail later as an internal error.
 * `thisFormatOnly`: a `plan_created` of another trace format ends the reading with that problem.
 */
export function traceEvents(trace: ResumeTrace, options: { readonly thisFormatOnly?: boolean } = {}): TraceEvents {
  // Read once however often it is asked for: the action checks the trace `resume-from` names before the job reads it.
  const key = options.thisFormatOnly === true ? 'thisFormatOnly' : 'any';
  let read = parsedTraces.get(trace);
  if (read === undefined) parsedTraces.set(trace, (read = {}));
  return (read[key] ??= readTraceEvents(trace, options));
}

type TraceEvents = { readonly ok: true; readonly events: RunEvent[] } | { readonly ok: false; readonly problem: string };

/** `traceEvents`' readings of each trace, by whether only this format was taken. */
const parsedTraces = new WeakMap<ResumeTrace, { thisFormatOnly?: TraceEvents; any?: TraceEvents }>();

function readTraceEvents(trace: ResumeTrace, options: { readonly thisFormatOnly?: boolean }): TraceEvents {
  const lines = trace.text.split('\n');
  const events: RunEvent[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let event: unknown;
    try {
      // An event wraps values of up to MAX_JSON_DEPTH (a call's arguments, a result), nested runs around it.
      event = parseJson(line, 2 * MAX_JSON_DEPTH);
    } catch (error) {
      // Only a line cut by a kill can be left out; one that parsed but nests too deep is no torn write:
      // skipping it could drop a call with side effects from what a resume knows.
      // Nor one that names a key twice: a kill cuts a line short, it never writes a key again.
      if (error instanceof JsonTooDeepError || error instanceof JsonDuplicateKeyError) return { ok: false, problem: `${trace.file}:${index + 1}: ${error.message}; the trace is damaged` };
      const last = lines.slice(index + 1).every((rest) => rest.trim() === '');
      // A first line that is not JSON is no trace at all (a plan file given to --resume), not a damaged one.
      if (!last) return { ok: false, problem: index === 0 ? `${trace.file} is not a trace: its first line is not JSON${byteOrderMarkNote(line)}; ${trace.remedy ?? 'give the --trace file a run wrote'}` : `${trace.file}:${index + 1}: not a JSON line; the trace is damaged` };
      continue;
    }
    if (event === null || typeof event !== 'object' || Array.isArray(event) || typeof (event as { type?: unknown }).type !== 'string') {
      // A first line that is JSON but no event is no trace at all, not a damaged one: a --record file given to --resume was
      // "rec.jsonl:1: not a trace event …; the trace is damaged" (found by a replay hunt).
      if (events.length === 0) {
        const recording = (event as { recording?: unknown } | null)?.recording === 'plan-runner';
        return { ok: false, problem: `${trace.file} is not a trace: ${recording ? 'it is a recording (a --record file), which holds model answers, not a run\'s steps' : 'its first line is not a trace event (a JSON object with a "type")'}; ${trace.remedy ?? 'give the --trace file a run wrote'}` };
      }
      return { ok: false, problem: `${trace.file}:${index + 1}: not a trace event (a JSON object with a "type"); the trace is damaged` };
    }
    if ((event as { type: string }).type === TRACE_GAP) {
      const missing = (event as { event?: unknown }).event;
      return { ok: false, problem: `${trace.file}:${index + 1}: the run could not write ${typeof missing === 'string' ? `a ${missing} event` : 'an event'} here, so the trace is incomplete; a resume from it could make a call with side effects again: start a fresh run` };
    }
    // `thisFormatOnly`: a trace of another format is refused as that, before its events are read as this format's
    // (found by an adversarial pass: a newer plan-runner's trace was called damaged at its first changed event).
    if (options.thisFormatOnly && (event as { type: string }).type === 'plan_created') {
      const otherFormat = traceFormatProblem(trace.label ?? trace.file, (event as { format?: unknown }).format);
      if (otherFormat) return { ok: false, problem: otherFormat };
    }
    const problem = traceEventProblem(event as { type: string });
    if (problem !== undefined) return { ok: false, problem: `${trace.file}:${index + 1} has ${problem}; the trace is damaged` };
    events.push(event as RunEvent);
  }
  return { ok: true, events };
}

/** A trace's JSON lines into what a resume of `planName` needs; a broken line, or a trace of another plan or format, is a problem in words. */
export function parseResumeTrace(trace: ResumeTrace, planName: string): ResumeStateResult {
  const read = traceEvents(trace, { thisFormatOnly: true });
  if (!read.ok) return read;
  try {
    return resumeStateFromEvents(read.events, planName, trace.label ?? trace.file);
  } catch (error) {
    // An event with the right type but not the fields it needs: refused in words, not as an internal error.
    return { ok: false, problem: `${trace.file} holds an event plan-runner cannot read (${error instanceof Error ? error.message : String(error)}); the trace is damaged` };
  }
}

/**
 * Whether a trace may hold a run that started: false when every line is an event and none is its
 * `plan_created` (a run cancelled or killed while MCP servers started or the model planned, a rejected
 * plan), which holds nothing to resume; false too when the run's first write was cut by a kill (`whole`:
 * the text is the whole file): its `plan_created`, or the lines a resumed run carries with it, end in a cut
 * last line (which `traceEvents` leaves out) or before they all came. Nothing runs before that write ends,
 * so such a run did nothing: saved as started, every re-run was refused ("no plan_created event", "was
 * cut while its run wrote what it carried") and never reached the attempt before it (found by an
 * adversarial pass). Any other line that is not an event could be anything, so it counts as started (a
 * resume then says what is wrong with the trace). The scan ends at `plan_created` and what it carries, not
 * after parsing the whole trace, which the resume parses again.
 */
export function runStarted(trace: ResumeTrace, options: { readonly whole?: boolean } = {}): boolean {
  const lines = trace.text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.trim() === '') last -= 1;
  // Carried lines still to come after the run's `plan_created`; undefined until it is read.
  let carrying: number | undefined;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let event: unknown;
    try {
      event = parseJson(line, 2 * MAX_JSON_DEPTH);
    } catch (error) {
      // A last line a kill cut, as `traceEvents` reads it: the run's first write did not end.
      const cut = index === last && options.whole !== false && !(error instanceof JsonTooDeepError) && !(error instanceof JsonDuplicateKeyError);
      return !cut;
    }
    const fields = event !== null && typeof event === 'object' ? (event as { type?: unknown; kind?: unknown; carries?: unknown }) : {};
    if (typeof fields.type !== 'string') return true;
    if (carrying === undefined) {
      if (fields.type !== 'plan_created') continue;
      carrying = typeof fields.carries === 'number' && fields.carries > 0 ? fields.carries : 0;
    } else if (isCarriedLine({ type: fields.type, ...(typeof fields.kind === 'string' && { kind: fields.kind }) })) carrying -= 1;
    if (carrying === 0) return true;
  }
  // Its `plan_created` came, and fewer lines than it carries: the write was cut at a line's end.
  return carrying !== undefined && options.whole === false;
}
