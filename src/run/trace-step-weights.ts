import { MAX_TRACE_BYTES, readInputFile } from '../core/read-input-file.ts';
import { stepKeyWithin } from '../core/plan-step.ts';
import type { StepWeights } from './start-order.ts';

/**
 * What to give instead, in the CLI's words, naming its option: the message began with the file alone, and said
 * nothing of --weights-from (found by an adversarial pass). The action says it in its own (it has no `--trace`).
 */
const GIVE_A_TRACE = 'give --weights-from the trace file a previous run wrote (--trace)';

/** A trace that cannot be read for step durations: the file, the line when one is at fault, and what is wrong. */
export class TraceWeightsError extends Error {
  override readonly name = 'TraceWeightsError';
  readonly file: string;
  readonly line?: number;

  constructor(fields: { file: string; line?: number; problem: string; cause?: unknown; remedy?: string }) {
    const where = fields.line === undefined ? fields.file : `${fields.file}:${fields.line}`;
    super(`${where}: ${fields.problem}; ${fields.remedy ?? GIVE_A_TRACE}`, { cause: fields.cause });
    this.file = fields.file;
    if (fields.line !== undefined) this.line = fields.line;
  }
}

/**
 * The longest duration read as one: a week, far past the 6 hours a run may take. Durations of 1e308 summed to
 * Infinity, every shard's load became Infinity and one shard of four was dealt 17 of 20 items (found by an
 * adversarial pass).
 */
const MAX_STEP_DURATION_MS = 7 * 24 * 3_600_000;

/**
 * How long each step took, from a run's events: the `durationMs` of each step's last `step_completed`
 * or `step_failed` event, and of each `for_each` item's last `item_completed` or `item_failed` under
 * its child key (`review[3]`: a fan-out's shards are balanced by these); a completion reused from an
 * earlier run counts with the time it took there when the event says it (`reused.durationMs`, which a resume hands on), otherwise not
 * at all, nor does a merge's failure of an item it did not run (`notRunHere`), nor a duration negative or past `MAX_STEP_DURATION_MS`. The steps of a used plan are named as in the whole job (`web/s`): a
 * used plan's step `s` took the weight of the outer step `s`. Anything else is passed over.
 */
export function stepDurations(events: Iterable<unknown>): Map<string, number> {
  const weights = new Map<string, number>();
  const childKeys = new Map<string, unknown[]>();
  const read = (outer: unknown): void => {
    let event = outer;
    let within: string | undefined;
    // A loop, not a call a level: a trace line may nest thousands of levels (found by a review).
    while (event && typeof event === 'object' && (event as { type?: unknown }).type === 'nested_event' && typeof (event as { stepKey?: unknown }).stepKey === 'string') {
      within = stepKeyWithin(within, (event as { stepKey: string }).stepKey);
      event = (event as { event?: unknown }).event;
    }
    if (!event || typeof event !== 'object') return;
    const { type, stepKey, durationMs, keys, index, reused, notRunHere } = event as Record<string, unknown>;
    if (typeof stepKey !== 'string') return;
    const key = stepKeyWithin(within, stepKey);
    if (type === 'step_expanded' && Array.isArray(keys)) childKeys.set(key, keys);
    // A result reused from an earlier run took no time here: its time is the one it took where it ran, when the event
    // says it (a fan-out merge's items, taken from their shards). A merge's failure of an item its shard left ran nothing:
    // read as 0 ms, a dead shard's items weighed nothing and the next prepare dealt them all to one shard (found by a review).
    const measured = reused === undefined ? durationMs : (reused as { durationMs?: unknown } | null)?.durationMs;
    const duration = typeof measured === 'number' && measured >= 0 && measured <= MAX_STEP_DURATION_MS ? measured : undefined;
    if (duration === undefined || notRunHere === true) return;
    if (type === 'step_completed' || type === 'step_failed') weights.set(key, duration);
    const child = (type === 'item_completed' || type === 'item_failed') && typeof index === 'number' ? childKeys.get(key)?.[index] : undefined;
    if (typeof child === 'string') weights.set(stepKeyWithin(within, child), duration);
  };
  for (const event of events) read(event);
  return weights;
}

/** The weights of the steps of the plan run `within` (named so in the whole job), by their keys in that plan. */
export function weightsWithin(weights: StepWeights, within: string | undefined): StepWeights {
  if (within === undefined) return weights;
  let own: StepWeights = weights;
  for (const segment of within.split('/')) own = bySegment(own).get(segment) ?? NO_WEIGHTS;
  return own;
}

const NO_WEIGHTS: StepWeights = new Map();

/**
 * Each map's weights of keys `a/…` by their first segment `a`, the rest as their key: made once per map. Each
 * nested run looked through every weight for its own, and a plan of 16,000 used plans given the weights of its
 * last run took 3.5 s doing so (found by an adversarial pass).
 */
const segmented = new WeakMap<StepWeights, Map<string, Map<string, number>>>();

function bySegment(weights: StepWeights): Map<string, Map<string, number>> {
  let groups = segmented.get(weights);
  if (groups) return groups;
  groups = new Map();
  for (const [key, weight] of weights) {
    const slash = key.indexOf('/');
    if (slash === -1) continue;
    const first = key.slice(0, slash);
    let group = groups.get(first);
    if (!group) groups.set(first, (group = new Map()));
    group.set(key.slice(slash + 1), weight);
  }
  segmented.set(weights, groups);
  return groups;
}

/** The events of a trace file's text, one per line; a line that is not one is an error naming it. */
function* traceEvents(text: string, file: string, remedy: string): Generator<unknown> {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch (cause) {
      // A run killed mid-write may leave its last line cut: left out, as a resume leaves it (read-resume-trace.ts).
      // A first line that is not JSON is no trace at all (a plan file given by mistake).
      const last = i > 0 && lines.slice(i + 1).every((rest) => rest.trim() === '');
      if (last) continue;
      throw new TraceWeightsError({ file, line: i + 1, problem: 'not a JSON line', cause, remedy });
    }
    if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
      throw new TraceWeightsError({ file, line: i + 1, problem: 'not a trace event (an object with a type)', remedy });
    }
    yield event;
  }
}

/**
 * How long each step took in a previous run, from its trace file (JSON lines as `traceWriter` writes them): see `stepDurations`.
 * `remedy` says what to give instead, where the CLI's `--trace` is no option (the action's `weights-from`).
 */
export async function stepWeightsFromTrace(file: string, remedy = GIVE_A_TRACE): Promise<StepWeights> {
  const read = readInputFile(file, MAX_TRACE_BYTES);
  if (!read.ok) throw new TraceWeightsError({ file, problem: read.code === 'ENOENT' ? 'no such file' : read.problem, remedy });
  const text = read.bytes.toString('utf8');
  const events = [...traceEvents(text, file, remedy)];
  const weights = stepDurations(events);
  if (weights.size === 0) {
    // A resumed run that reused every step: "no finished step" of a trace whose steps all completed.
    const reused = events.some((event) => (event as { type?: unknown; reused?: unknown }).type === 'step_completed' && (event as { reused?: unknown }).reused !== undefined);
    throw new TraceWeightsError({ file, problem: reused ? 'every step it records was reused from an earlier run, which says nothing of how long they take (the trace of the run that ran them does)' : 'it records no finished step', remedy });
  }
  return weights;
}
