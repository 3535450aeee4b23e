import type { StepState } from '../../core/run-event.ts';
import type { ItemRecord, RunRecord, StepRecord } from '../../core/run-record.ts';
import { NO_USAGE } from '../../core/usage.ts';
import { MAX_ITEMS_CEILING } from '../../core/run-event.ts';
import { resultPreview } from '../checklist.ts';
import { resultJson } from '../../core/result-text.ts';
import { sameStepTextFields, stepTextFields, type StepTextFields } from '../step-text-fields.ts';

/**
 * What one comment writer of a fanned-out run (prepare, shard and merge jobs, each in its own
 * process) tells the others through the comment: each step's state, its status text, and its items'
 * states, one letter each (`p` pending, `w` waiting, `r` running, `c` completed, `f` failed, `s` skipped).
 */
export interface SharedCommentState {
  readonly steps: Readonly<Record<string, SharedStep>>;
  /**
   * The workflow run (`GITHUB_RUN_ID`) whose jobs wrote it. The comment outlives the run: the run for
   * a newer push writes the same comment, and the older run's states are not its own.
   */
  readonly run?: number;
  /**
   * The attempt of that run (`GITHUB_RUN_ATTEMPT`; 1 when left out). A re-run's writers do not merge an
   * earlier attempt's states: ranked above a failure, attempt 1's ✅ stood over attempt 2's ❌ while its
   * shards ran, and for good when no merge job ran after them (found by an adversarial pass). What a
   * re-run has not reached yet shows as not started; its merge job draws every state at the end.
   */
  readonly attempt?: number;
}

export interface SharedStep {
  readonly s: StepState;
  /** The result's first line, the error, or the skip reason (redacted). */
  readonly t?: string;
  readonly i?: string;
}

const LETTERS: Readonly<Record<StepState, string>> = { pending: 'p', waiting: 'w', in_progress: 'r', completed: 'c', failed: 'f', skipped: 's' };
const STATES: Readonly<Record<string, StepState>> = { p: 'pending', w: 'waiting', r: 'in_progress', c: 'completed', f: 'failed', s: 'skipped' };
/** How far along a state is, for writers of one attempt: a merge keeps the further one. */
const RANK: Readonly<Record<StepState, number>> = { pending: 0, waiting: 1, in_progress: 2, skipped: 3, failed: 3, completed: 4 };

const OPEN = '<!-- plan-runner-state: ';
const CLOSE = ' -->';
const TEXT_MAX_CHARS = 200;

/** Marks a block whose JSON is deflated; a block without it (as earlier versions wrote) is plain base64 JSON. */
const DEFLATED = 'z';
/** The most JSON a block may inflate to: a step's letters for 100,000 items (a plan's `max_items` at most) and their texts, with room. */
const MAX_STATE_BYTES = 4 * 1024 * 1024;

/** Node's zlib, loaded at the first block written or read: loading it costs a start 5–8 ms, and a run with no comment reads none. */
const zlib = () => process.getBuiltinModule('node:zlib');

/**
 * The hidden block that carries `state` in a comment body: its JSON deflated, in base64 (nothing in
 * it can end the HTML comment). A fan-out step's items take a letter each; deflated, 100,000 of them
 * in any order fit in the 65,536 characters of a comment (plain, they took 133,000 in base64, and the
 * block was cut off with the body).
 */
export function sharedStateBlock(state: SharedCommentState): string {
  return `\n${OPEN}${DEFLATED}${fitState(state).encoded}${CLOSE}`;
}

/**
 * The most characters a block takes when status texts make it longer: half a comment, the rest for the
 * checklist. Each step's text is up to 200 characters: 500 steps of text that does not compress (hashes,
 * ids) made a block of 104,000 characters, which the comment's last-resort cut took off the end of the
 * body, and every writer lost the others' states. Item letters alone may take more (100,000 in any order
 * fit in a comment), and are never left out.
 */
export const STATE_BLOCK_MAX_CHARS = 32_768;
/** The characters of status text a block keeps, in all, when they do not all fit. */
const SHARED_TEXT_MAX_CHARS = 20_000;
/** Whose text a block keeps first when they do not all fit: a failure's says what went wrong. */
const TEXT_PRIORITY: readonly StepState[] = ['failed', 'skipped', 'completed'];

function encode(state: SharedCommentState): string {
  return zlib().deflateRawSync(JSON.stringify(state)).toString('base64');
}

/**
 * `state` as a block carries it, and its encoding: whole when that is no longer than STATE_BLOCK_MAX_CHARS,
 * else with texts up to SHARED_TEXT_MAX_CHARS, else with none. Applied to its own output it changes
 * nothing, so a writer comparing states this way sees the block it wrote as holding what it knew.
 */
function fitState(state: SharedCommentState): { readonly state: SharedCommentState; readonly encoded: string } {
  const whole = encode(state);
  if (whole.length <= STATE_BLOCK_MAX_CHARS) return { state, encoded: whole };
  const budgeted = withTexts(state, SHARED_TEXT_MAX_CHARS);
  const encoded = budgeted === state ? whole : encode(budgeted);
  if (encoded.length <= STATE_BLOCK_MAX_CHARS) return { state: budgeted, encoded };
  const bare = withTexts(state, 0);
  return { state: bare, encoded: bare === state ? whole : encode(bare) };
}

/** `state` with texts up to `room` characters in all: failures' first, then skip reasons, then results, each in step order. */
function withTexts(state: SharedCommentState, room: number): SharedCommentState {
  const entries = Object.entries(state.steps);
  if (entries.reduce((total, [, step]) => total + (step.t?.length ?? 0), 0) <= room) return state;
  const kept = new Set<string>();
  for (const wanted of TEXT_PRIORITY) {
    for (const [key, step] of entries) {
      if (step.s !== wanted || step.t === undefined || step.t.length > room) continue;
      kept.add(key);
      room -= step.t.length;
    }
  }
  const steps = Object.fromEntries(entries.map(([key, step]) => [key, step.t === undefined || kept.has(key) ? step : { s: step.s, ...(step.i !== undefined && { i: step.i }) }]));
  return { ...state, steps };
}

/**
 * The state in a body's hidden block; undefined when it has none, it cannot be read, or another
 * workflow run than `run` wrote it (then nothing is merged from it). Only the block plan-runner writes
 * counts: the body's last line, whole. Text a tool or model put in the comment (a fenced block keeps
 * `<!-- … -->` as written) never ends it.
 */
export function readSharedState(body: string | undefined, run?: number, attempt = 1): SharedCommentState | undefined {
  if (lastRead && lastRead.body === body && lastRead.run === run && lastRead.attempt === attempt) return lastRead.state;
  const state = parseSharedState(body, run, attempt);
  lastRead = { body, run, attempt, state };
  return state;
}

/**
 * The body read last, and its state: a fanned-out writer reads the body it is given twice (the `holds`
 * check, then the render), and inflating and parsing the block of 4,000 steps' texts takes 13 ms.
 */
let lastRead: { readonly body: string | undefined; readonly run: number | undefined; readonly attempt: number; readonly state: SharedCommentState | undefined } | undefined;

function parseSharedState(body: string | undefined, run: number | undefined, attempt: number): SharedCommentState | undefined {
  const last = body?.trimEnd().split('\n').at(-1);
  if (!last?.startsWith(OPEN) || !last.endsWith(CLOSE)) return undefined;
  try {
    const payload = last.slice(OPEN.length, -CLOSE.length);
    const json = payload.startsWith(DEFLATED) ? zlib().inflateRawSync(Buffer.from(payload.slice(1), 'base64'), { maxOutputLength: MAX_STATE_BYTES }) : Buffer.from(payload, 'base64');
    const value = JSON.parse(json.toString('utf8')) as unknown;
    const steps = (value as { steps?: unknown } | null)?.steps;
    if (!steps || typeof steps !== 'object' || Array.isArray(steps)) return undefined;
    const writer = (value as { run?: unknown }).run;
    if ((typeof writer === 'number' ? writer : undefined) !== run) return undefined;
    const written = (value as { attempt?: unknown }).attempt;
    if ((typeof written === 'number' ? written : 1) !== attempt) return undefined;
    const valid = Object.entries(steps).filter((entry): entry is [string, SharedStep] => isSharedStep(entry[1]));
    return { steps: Object.fromEntries(valid), ...(run !== undefined && { run }), ...(attempt !== 1 && { attempt }) };
  } catch {
    return undefined;
  }
}

function isSharedStep(value: unknown): value is SharedStep {
  const step = value as Partial<Record<keyof SharedStep, unknown>> | null;
  return (
    !!step &&
    typeof step.s === 'string' &&
    Object.hasOwn(RANK, step.s) &&
    (step.t === undefined || typeof step.t === 'string') &&
    // No step has more items than a for_each may expand into: a block of 5 KB inflated to 4 million letters cost
    // 7 s and 560 MB at each write of the comment (found by an adversarial pass).
    (step.i === undefined || (typeof step.i === 'string' && step.i.length <= MAX_ITEMS_CEILING && /^[pwrcfs]*$/.test(step.i)))
  );
}

/** A step's status text as last computed, with what it was computed from: reused while none of that changed. */
interface CachedText {
  readonly redact: (text: string) => string;
  readonly fields: StepTextFields;
  readonly items: boolean;
  readonly text: string | undefined;
}

// By step record: a fanned-out writer draws every step's state on each write, twice (the `holds` check,
// then the render). Stringifying and redacting every result each time, a run of 4,000 steps with 4 KiB
// results written every 20 steps took 27 s of writes (0.6 s not fanned out); now 10 s, most of it
// merging the hidden states.
const statusTexts = new WeakMap<StepRecord, CachedText>();

function statusText(step: StepRecord, redact: (text: string) => string): string | undefined {
  const cached = statusTexts.get(step);
  if (cached && cached.redact === redact && sameStepTextFields(cached.fields, step) && cached.items === !!step.items) return cached.text;
  const text = freshStatusText(step, redact);
  statusTexts.set(step, { redact, fields: stepTextFields(step), items: !!step.items, text });
  return text;
}

function freshStatusText(step: StepRecord, redact: (text: string) => string): string | undefined {
  // A for_each step's line shows its item counts, drawn from the item letters.
  const result = step.state === 'completed' && step.result !== undefined && !step.items ? (typeof step.result === 'string' ? step.result : resultJson(step.result)) : undefined;
  const text = result ?? (step.state === 'failed' ? step.error : step.state === 'skipped' ? step.skipReason : undefined);
  return text === undefined ? undefined : resultPreview(redact(text), TEXT_MAX_CHARS);
}

/** What this writer (of workflow run `run`) knows, as shared state: every step of its record, texts redacted. */
export function sharedStateOf(record: RunRecord, redact: (text: string) => string, run?: number, attempt = 1): SharedCommentState {
  const steps: Record<string, SharedStep> = {};
  for (const [key, step] of record.steps) {
    const text = statusText(step, redact);
    // A shard's share done is not the step done: the comment is the whole run's, where other shards may still run.
    steps[key] = { s: step.shareDone ? 'in_progress' : step.state, ...(text !== undefined && { t: text }), ...(step.items && { i: step.items.map((item) => LETTERS[item.state]).join('') }) };
  }
  return { steps, ...(run !== undefined && { run }), ...(attempt !== 1 && { attempt }) };
}

function mergeItems(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined || a.length !== b.length) return a ?? b;
  let merged = '';
  for (let index = 0; index < a.length; index++) merged += RANK[STATES[a[index]!]!] >= RANK[STATES[b[index]!]!] ? a[index] : b[index];
  return merged;
}

/** Both writers' knowledge: per step and per item the further state; never moves one back. */
export function mergeSharedStates(mine: SharedCommentState, theirs: SharedCommentState | undefined): SharedCommentState {
  if (!theirs || theirs.run !== mine.run || (theirs.attempt ?? 1) !== (mine.attempt ?? 1)) return mine;
  const steps: Record<string, SharedStep> = { ...theirs.steps };
  for (const [key, step] of Object.entries(mine.steps)) {
    const other = steps[key];
    if (!other) {
      steps[key] = step;
      continue;
    }
    const ahead = RANK[step.s] >= RANK[other.s] ? step : other;
    const items = mergeItems(step.i, other.i);
    steps[key] = { s: ahead.s, ...(ahead.t !== undefined && { t: ahead.t }), ...(items !== undefined && { i: items }) };
  }
  return { steps, ...(mine.run !== undefined && { run: mine.run }), ...(mine.attempt !== undefined && { attempt: mine.attempt }) };
}

/** True when `state` holds everything `mine` knows (a comment with it needs no write from this writer). */
export function holdsState(state: SharedCommentState | undefined, mine: SharedCommentState): boolean {
  if (!state) return false;
  // As a block holds them: texts a block has no room for are not in the comment, and never will be.
  return JSON.stringify(fitState(mergeSharedStates(mine, state)).state) === JSON.stringify(fitState(mergeSharedStates(state, state)).state);
}

/** `record` with the merged state drawn in: the steps and items other writers got further with. */
export function recordWithSharedState(record: RunRecord, shared: SharedCommentState): RunRecord {
  const steps = new Map(record.steps);
  const planned = new Set(record.plan?.steps.map((step) => step.key));
  for (const [key, theirs] of Object.entries(shared.steps)) {
    const mine = record.steps.get(key);
    // A step this writer's plan does not have (another revision's) would count as replaced: not drawn.
    if (!mine && !planned.has(key)) continue;
    const myLetters = mine?.items?.map((item) => LETTERS[item.state]).join('');
    if (mine && mine.state === theirs.s && myLetters === theirs.i) continue;
    const items = theirs.i === undefined ? undefined : [...theirs.i].map((letter, index): ItemRecord => ({ key: mine?.items?.[index]?.key ?? String(index), state: STATES[letter]! }));
    const drawn: StepRecord = {
      key,
      state: theirs.s,
      usage: NO_USAGE,
      ...(theirs.t !== undefined && theirs.s === 'completed' && !items && { result: theirs.t }),
      ...(theirs.t !== undefined && theirs.s === 'failed' && { error: theirs.t }),
      ...(theirs.t !== undefined && theirs.s === 'skipped' && { skipReason: theirs.t }),
      ...(items && {
        items,
        itemCounts: {
          total: items.length,
          running: items.filter((item) => item.state === 'in_progress').length,
          completed: items.filter((item) => item.state === 'completed').length,
          failed: items.filter((item) => item.state === 'failed').length,
          // Another writer's reuse is not in the shared state: drawn as its states only.
          reused: 0,
          reusedUsage: NO_USAGE,
        },
      }),
    };
    steps.set(key, drawn);
  }
  return { ...record, steps };
}

/**
 * What a writer draws over the comment's `current` body: its record with every other writer's
 * further states merged in, and the hidden block to write with it. `authoritative` (the merge job's
 * final write) draws its own record alone: it has every state by then.
 */
export function drawShared(record: RunRecord, current: string | undefined, redact: (text: string) => string, authoritative = false, run?: number, attempt = 1): { readonly record: RunRecord; readonly block: string } {
  const mine = sharedStateOf(record, redact, run, attempt);
  const merged = authoritative ? mine : mergeSharedStates(mine, readSharedState(current, run, attempt));
  return { record: recordWithSharedState(record, merged), block: sharedStateBlock(merged) };
}

/** True when the comment body `current` already shows everything `record` knows. */
export function bodyHolds(record: RunRecord, current: string, redact: (text: string) => string, run?: number, attempt = 1): boolean {
  return holdsState(readSharedState(current, run, attempt), sharedStateOf(record, redact, run, attempt));
}
