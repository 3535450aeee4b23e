import type { RunRecord } from '../../core/run-record.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { attentionClause } from './attention-clause.ts';
import { goalsHeadline, renderGoalsTable, type GoalRow } from '../goals-table.ts';
import { renderMermaidGraph } from '../mermaid-graph.ts';
import { renderApprovalSection } from '../approval-section.ts';
import { type CostLimits, renderSummaryCost } from './summary-cost.ts';
import { renderSummaryHeader } from './summary-header.ts';
import { byteSize, isCuttable, isDroppable, type CuttablePart, type DroppableStep, type SummaryPart } from './summary-part.ts';
import { renderSummaryRevisions } from './summary-revisions.ts';
import { renderSummarySteps } from './summary-steps.ts';

/** GitHub shows at most 1 MiB of a step's job summary. */
export const SUMMARY_MAX_BYTES = 1024 * 1024;

/**
 * The bytes a step's summary is given: 16 under {@link SUMMARY_MAX_BYTES} as a margin (the runner drops a summary over its
 * limit whole). Nothing is written after it: a summary is appended as it is, no newline added.
 */
export const SUMMARY_ROOM_BYTES = SUMMARY_MAX_BYTES - 16;

/** The line saying `what` (e.g. "3 steps") is left out of a summary to fit, and where every step is when known. */
export function leftOutStepsLine(what: string, where: string | undefined): string {
  return `_… ${what} left out here to stay under GitHub's 1 MiB limit${where ? `; every step is in ${where}` : ''}._`;
}

export interface SummaryOptions {
  /** Replaces secrets in any text that came from the run (results, errors, names). */
  readonly redact: (text: string) => string;
  readonly goals?: readonly GoalRow[];
  readonly limits?: CostLimits;
  /** Where the full results are when some are cut, e.g. "the trace file (artifact `plan-runner-trace`)". */
  readonly fullRecordAt?: string;
  /** Defaults to {@link SUMMARY_ROOM_BYTES}. */
  readonly maxBytes?: number;
  /** A job of a fanned-out run (prepare, shard, merge): the steps it reused are the other jobs', not an earlier run's. */
  readonly fannedOut?: boolean;
  /** Written by the post step of a main step killed mid-run, from its trace (`CostOptions.killed`). */
  readonly killed?: boolean;
}

const SEPARATOR = '\n\n';

function cutNotice(count: number, where: string): string {
  return `> [!WARNING]\n> ${count} result${count === 1 ? ' was' : 's were'} cut from this summary (largest first) to stay under GitHub's 1 MiB limit; the full results are in ${where}.`;
}

/** The line for `count` steps left out, `unfinished` of which failed or did not finish and `flagged` completed past failed or undone work. */
function leftOutNotice(count: number, unfinished: number, flagged: number, where: string): string {
  return leftOutStepsLine(`${groupDigits(count)} step${count === 1 ? '' : 's'}${attentionClause(count, unfinished, flagged)}`, where);
}

/** Every cuttable part, also those inside a step's lines. */
function cuttables(parts: readonly SummaryPart[]): CuttablePart[] {
  return parts.flatMap((part) => (isDroppable(part) ? part.lines.filter(isCuttable) : isCuttable(part) ? [part] : []));
}

function show(part: string | CuttablePart, cut: ReadonlySet<CuttablePart>, least: ReadonlySet<CuttablePart>): string {
  return isCuttable(part) ? (least.has(part) ? part.least! : cut.has(part) ? part.cut : part.full) : part;
}

/** The parts as `join` shows them, each piece with its place (a part is its own line 0); a run of steps left out is one notice (index -1). */
function eachPiece(
  parts: readonly SummaryPart[],
  dropped: ReadonlySet<DroppableStep>,
  where: string,
  visit: (piece: string | CuttablePart, index: number, line: number) => void,
): void {
  let leftOut = 0;
  let unfinished = 0;
  let flagged = 0;
  const notice = (): void => {
    if (leftOut > 0) visit(leftOutNotice(leftOut, unfinished, flagged, where), -1, -1);
    leftOut = 0;
    unfinished = 0;
    flagged = 0;
  };
  parts.forEach((part, index) => {
    if (isDroppable(part) && dropped.has(part)) {
      leftOut++;
      if (part.rank === 3 && part.completed) flagged++;
      else if (part.rank === 3) unfinished++;
      return;
    }
    notice();
    if (isDroppable(part)) part.lines.forEach((line, at) => visit(line, index, at));
    else visit(part, index, 0);
  });
  notice();
}

/** The parts as text; a run of steps left out becomes one line saying how many. */
function join(parts: readonly SummaryPart[], cut: ReadonlySet<CuttablePart>, least: ReadonlySet<CuttablePart>, dropped: ReadonlySet<DroppableStep>, where: string): string {
  const out: string[] = [];
  eachPiece(parts, dropped, where, (piece) => {
    const shown = show(piece, cut, least);
    if (shown !== '') out.push(shown);
  });
  return out.join(SEPARATOR);
}

/** Sizes in bytes of the body's texts, each measured once. */
interface BodyBytes {
  /** A piece as `show` shows it now, placed as `eachPiece` places it: a notice, placed nowhere, is measured when asked for. */
  readonly shown: (piece: string | CuttablePart, index: number, line: number) => number;
  readonly full: (part: CuttablePart) => number;
  readonly cut: (part: CuttablePart) => number;
}

/**
 * Measures every text of the body once: results whole and cut, strings by their place. Measured each
 * time they were asked for, in each comparison of the sort of the results and in the whole text joined
 * again after each cut, 256 results of 1 MB took 4.7 s and 1.3 GB (now 1.5 s and 0.9 GB, most of it V8
 * copying each result's block into one string, once, to measure it).
 */
function measureBody(body: readonly SummaryPart[], cut: ReadonlySet<CuttablePart>, least: ReadonlySet<CuttablePart>): BodyBytes {
  const full = new Map<CuttablePart, number>();
  const short = new Map<CuttablePart, number>();
  const measure = (piece: string | CuttablePart): number => {
    if (typeof piece === 'string') return byteSize(piece);
    // One cut already is never shown whole: a result longer than the cap is not measured whole either.
    if (!cut.has(piece)) full.set(piece, byteSize(piece.full));
    short.set(piece, byteSize(piece.cut));
    return 0;
  };
  const strings = body.map((part) => (isDroppable(part) ? part.lines.map(measure) : [measure(part)]));
  const bytes: BodyBytes = {
    full: (part) => full.get(part) ?? byteSize(part.full),
    cut: (part) => short.get(part) ?? byteSize(part.cut),
    shown: (piece, index, line) => {
      if (typeof piece !== 'string') return least.has(piece) ? byteSize(piece.least!) : cut.has(piece) ? bytes.cut(piece) : bytes.full(piece);
      return strings[index]?.[line] ?? byteSize(piece);
    },
  };
  return bytes;
}

/** The size in bytes of `join([...first, ...body])`, from the body's sizes: the text itself is not built. */
function joinedBytes(first: readonly string[], body: readonly SummaryPart[], bytes: BodyBytes, dropped: ReadonlySet<DroppableStep>, where: string): number {
  return joinedSize(first.map(byteSize), body, dropped, where, (piece, index, line) => bytes.shown(piece, index, line));
}

/** The length in characters of `join([...first, ...body])`: at most its size in bytes. */
function joinedChars(first: readonly string[], body: readonly SummaryPart[], cut: ReadonlySet<CuttablePart>, least: ReadonlySet<CuttablePart>, dropped: ReadonlySet<DroppableStep>, where: string): number {
  return joinedSize(first.map((text) => text.length), body, dropped, where, (piece) => show(piece, cut, least).length);
}

/** The size of `join([...first, ...body])` by the pieces' sizes (`firstSizes`, `pieceSize`), in bytes or characters. */
function joinedSize(firstSizes: readonly number[], body: readonly SummaryPart[], dropped: ReadonlySet<DroppableStep>, where: string, pieceSize: (piece: string | CuttablePart, index: number, line: number) => number): number {
  let total = 0;
  let pieces = 0;
  const add = (size: number): void => {
    // `join` leaves out empty pieces, and only an empty string has no bytes.
    if (size === 0) return;
    total += size;
    pieces++;
  };
  for (const size of firstSizes) add(size);
  eachPiece(body, dropped, where, (piece, index, line) => add(pieceSize(piece, index, line)));
  return total + SEPARATOR.length * Math.max(0, pieces - 1);
}

/** Cuts the line-based remainder at the last line that fits, when even the cut parts are too big. */
function hardCut(text: string, maxBytes: number, where: string): string {
  const tail = `\n\n_The summary was cut here to stay under GitHub's 1 MiB limit; the full record is in ${where}._\n`;
  const room = maxBytes - byteSize(tail);
  const bytes = Buffer.from(text, 'utf8').subarray(0, Math.max(0, room));
  const head = bytes.toString('utf8').replace(/\uFFFD$/, '');
  const lastLine = head.lastIndexOf('\n');
  return `${lastLine > 0 ? head.slice(0, lastLine) : head}${tail}`;
}

/**
 * The job summary in Markdown: status, goals, every step with its result, cost, revisions and the
 * plan graph. Kept under `maxBytes` by cutting results (largest first) and saying where they are.
 */
/**
 * Goal rows the summary shows, the goals not met first (each row at most ~750 characters: 500 take
 * 375 KB of its 1 MiB), within half its bytes. Whole, 20,000 goals filled the 1 MiB and the cut end took every
 * ❌ row and the steps.
 */
const SUMMARY_GOAL_ROWS = 500;

export function renderSummary(record: RunRecord, options: SummaryOptions): string {
  const { redact } = options;
  const where = options.fullRecordAt ?? 'the trace file';
  const maxBytes = options.maxBytes ?? SUMMARY_ROOM_BYTES;
  const goals: SummaryPart[] = options.goals?.length
    ? [`### Goals — ${goalsHeadline(options.goals)}`, renderGoalsTable(options.goals, redact, 500, SUMMARY_GOAL_ROWS, where, Math.floor(maxBytes / 2))]
    : [];
  const graph: CuttablePart = {
    full: `### Plan graph\n\n${renderMermaidGraph(record, redact)}`,
    cut: '_The plan graph was left out to stay under the size limit._',
  };
  const approval = renderApprovalSection(record, redact);
  const body: SummaryPart[] = [
    ...(approval ? [approval] : []),
    ...goals,
    ...renderSummarySteps(record, redact, where),
    renderSummaryCost(record, options.limits, redact, { ...(options.fannedOut && { fannedOut: true }), ...(options.killed && { killed: true }) }),
    renderSummaryRevisions(record, redact),
    graph,
  ];
  const header = renderSummaryHeader(record, redact);
  const cut = new Set<CuttablePart>();
  // A part longer in characters than the summary may be in bytes is never shown (a character is at least one
  // byte), and the loop below would cut it first: cut it before it is measured or joined (an 8 MiB result: +41-49 MB).
  for (const part of cuttables(body)) if (part !== graph && part.full.length > maxBytes) cut.add(part);
  const dropped = new Set<DroppableStep>();
  const least = new Set<CuttablePart>();
  // A part shown shorter: cut, or down to its count (one whose cut keeps every line goes there alone).
  const notice = (): string => {
    let results = cut.size - (cut.has(graph) ? 1 : 0);
    for (const part of least) if (!cut.has(part)) results++;
    return results ? cutNotice(results, where) : '';
  };
  const render = (): string => `${join([header, notice(), ...body], cut, least, dropped, where)}\n`;
  // A text of at most `maxBytes` characters may fit: built and measured once, it is the summary when it does. Each of
  // its 10,000 steps' lines measured apart took longer than the text. (More characters than bytes allowed never fit.)
  if (joinedChars([header, notice()], body, cut, least, dropped, where) + 1 <= maxBytes) {
    const text = render();
    if (byteSize(text) <= maxBytes) return text;
  }
  // The size of `render()`, summed from sizes measured once: past here the text is built once, when it fits or is cut
  // (one that fits by characters but not by bytes, CJK text, was built above too).
  const bytes = measureBody(body, cut, least);
  const measure = (): number => joinedBytes([header, notice()], body, bytes, dropped, where) + 1;
  if (measure() <= maxBytes) return render();
  // A cut that keeps every line (a used plan's that all need attention) is no cut: counted, it said a result was cut that was shown whole.
  const results = cuttables(body).filter((p) => p !== graph && !cut.has(p) && p.cut !== p.full);
  results.sort((a, b) => bytes.full(b) - bytes.full(a));
  // Reserve room for the notice up front so adding it cannot push the text back over the cap.
  // (The text has a notice already when parts were cut above: that one is counted once.)
  const noticed = cut.size > 0 ? byteSize(cutNotice(cut.size, where)) + SEPARATOR.length : 0;
  let size = measure() - noticed + byteSize(cutNotice(results.length + cut.size, where)) + SEPARATOR.length;
  for (const part of results) {
    if (size <= maxBytes) break;
    cut.add(part);
    size -= bytes.full(part) - bytes.cut(part);
  }
  if (measure() <= maxBytes) return render();
  cut.add(graph);
  if (measure() <= maxBytes) return render();
  // The cuts that keep lines (a list's failed items) down to their counts, largest first, before any step is left out.
  const shorter = cuttables(body).filter((part) => part.least !== undefined && (cut.has(part) || part.cut === part.full));
  const shown = (part: CuttablePart): number => (cut.has(part) ? bytes.cut(part) : bytes.full(part));
  shorter.sort((a, b) => shown(b) - shown(a));
  size = measure();
  // Room for the notice as it may come to read: a part shown whole until now is counted in it once at its count.
  if (shorter.some((part) => !cut.has(part))) {
    const now = byteSize(notice());
    size += byteSize(cutNotice(cut.size + shorter.length, where)) - now + (now === 0 ? SEPARATOR.length : 0);
  }
  for (const part of shorter) {
    if (size <= maxBytes) break;
    least.add(part);
    size -= shown(part) - byteSize(part.least!);
  }
  if (measure() <= maxBytes) return render();
  leaveOutSteps(body, dropped, { size: measure(), maxBytes, bytes, where, measure });
  const text = render();
  return byteSize(text) <= maxBytes ? text : hardCut(text, maxBytes, where);
}

/**
 * With every result cut and still too big: leaves out the lines of completed steps, then of steps that
 * did not run, each from the last up, until the summary fits. A step is left out only where that saves
 * room: alone between kept lines it needs a notice of its own, which may be longer than its line; lines
 * shorter than a notice go in runs of neighbours. When the failed, running and waiting steps' lines
 * alone are over the cap, the steps are left out from the last up whatever their state, as one run with
 * one notice, when that can make it fit: the first failures, the goals, the cost and the revisions stay,
 * and `hardCut` takes the end only past them.
 */
function leaveOutSteps(
  body: readonly SummaryPart[],
  dropped: Set<DroppableStep>,
  state: { size: number; maxBytes: number; bytes: BodyBytes; where: string; measure: () => number },
): void {
  const at = new Map<DroppableStep, number>();
  body.forEach((part, index) => {
    if (isDroppable(part)) at.set(part, index);
  });
  const candidates = [...at.keys()];
  const noticeBytes = byteSize(leftOutNotice(candidates.length, candidates.length - 1, 0, state.where)) + SEPARATOR.length;
  const isDropped = (index: number): boolean => {
    const part = body[index];
    return part !== undefined && isDroppable(part) && dropped.has(part);
  };
  const lineBytes = (step: DroppableStep): number => step.lines.reduce((sum, line, j) => sum + state.bytes.shown(line, at.get(step)!, j) + SEPARATOR.length, 0);
  let size = state.size;
  // Each pass leaves out what the estimate says is enough; then the text is measured again: summed from
  // its pieces, not joined (joining it after each pass cost 80,000 steps 0.3-0.8 s).
  const leaveOut = (order: readonly DroppableStep[], evenAtACost: boolean): boolean => {
    for (let pass = 0; pass < 8; pass++) {
      let changed = false;
      for (const step of order) {
        if (size <= state.maxBytes) break;
        if (dropped.has(step)) continue;
        const index = at.get(step)!;
        const before = isDropped(index - 1);
        const after = isDropped(index + 1);
        // Beside a run left out, it joins that run's notice; between two, it makes them one.
        const saving = lineBytes(step) - (before || after ? 0 : noticeBytes) + (before && after ? noticeBytes : 0);
        if (saving <= 0 && !evenAtACost) continue;
        dropped.add(step);
        changed = true;
        size -= saving;
      }
      // Nothing more left out: the size is the one measured last.
      if (!changed && pass > 0) return false;
      size = state.measure();
      if (size <= state.maxBytes) return true;
    }
    return false;
  };
  const byRank = ([1, 2] as const).flatMap((rank) => candidates.filter((step) => step.rank === rank).reverse());
  if (leaveOut(byRank, false)) return;
  // Lines shorter than a notice: the first step left out of a run costs room, the ones beside it save it.
  // So runs of neighbouring completed or not-run steps whose lines together outweigh a notice go next, the
  // last run first, each from its last step up; a run that holds a step left out already has its notice.
  const runs: { steps: DroppableStep[]; noticed: boolean }[] = [];
  let run = { steps: [] as DroppableStep[], noticed: false };
  for (const part of body) {
    if (isDroppable(part) && part.rank !== 3) {
      if (dropped.has(part)) run.noticed = true;
      else run.steps.push(part);
    } else if (run.steps.length > 0 || run.noticed) {
      runs.push(run);
      run = { steps: [], noticed: false };
    }
  }
  runs.push(run);
  const worthwhile = runs
    .reverse()
    .filter(({ steps, noticed }) => steps.length > 0 && steps.reduce((sum, step) => sum + lineBytes(step), 0) > (noticed ? 0 : noticeBytes))
    .map(({ steps }) => steps);
  if (leaveOut(worthwhile.flatMap((steps) => [...steps].reverse()), true)) return;
  // Only when leaving every step out would fit: else what follows the steps (replaced steps, say) is
  // over the cap by itself, and `hardCut` keeps more of what went wrong with the steps left in.
  const before = [...dropped];
  for (const step of candidates) dropped.add(step);
  const enough = state.measure() <= state.maxBytes;
  dropped.clear();
  for (const step of before) dropped.add(step);
  if (!enough) return;
  // The first step left out at the end costs a notice; the ones above it join that notice.
  leaveOut([...candidates].reverse(), true);
}

export type { CostLimits } from './summary-cost.ts';
export type { GoalRow } from '../goals-table.ts';
