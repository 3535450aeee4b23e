// The job summary's size cap as it was before each text was measured once (commit 5a54776), kept
// whole as the reference `summary-cap-sizes.test.ts` compares the renderer with: same input, same bytes.
// It re-joined the summary to measure it after each step of cutting and sorted the results by a size
// measured in the comparator. Do not fix it here: it is the old behaviour, slow on purpose.
import type { RunRecord } from '../../src/core/run-record.ts';
import { groupDigits } from '../../src/core/group-digits.ts';
import { goalsHeadline, renderGoalsTable } from '../../src/report/goals-table.ts';
import { renderMermaidGraph } from '../../src/report/mermaid-graph.ts';
import { renderApprovalSection } from '../../src/report/approval-section.ts';
import { renderSummaryCost } from '../../src/report/summary/summary-cost.ts';
import { renderSummaryHeader } from '../../src/report/summary/summary-header.ts';
import { byteSize, isCuttable, isDroppable, type CuttablePart, type DroppableStep, type SummaryPart } from '../../src/report/summary/summary-part.ts';
import { renderSummaryRevisions } from '../../src/report/summary/summary-revisions.ts';
import { renderSummarySteps } from '../../src/report/summary/summary-steps.ts';
import { SUMMARY_MAX_BYTES, type SummaryOptions } from '../../src/report/summary/render-summary.ts';

const SEPARATOR = '\n\n';

function cutNotice(count: number, where: string): string {
  return `> [!WARNING]\n> ${count} result${count === 1 ? ' was' : 's were'} cut from this summary (largest first) to stay under GitHub's 1 MiB limit; the full results are in ${where}.`;
}

// The notice's wording is the renderer's, not the cut this file keeps as it was: a step that completed past failed or
// undone work inside it is not counted as failed.
function leftOutNotice(count: number, unfinished: number, flagged: number, where: string): string {
  const counted = [unfinished > 0 ? `${groupDigits(unfinished)} of them failed or unfinished` : '', flagged > 0 ? `${groupDigits(flagged)} completed with work inside failed or left undone` : ''];
  const which =
    unfinished === count
      ? ' that failed or did not finish'
      : flagged === count
        ? ' that completed, with work inside failed or left undone,'
        : unfinished + flagged === 0
          ? ' that completed or did not run'
          : `, ${counted.filter((text) => text !== '').join(' and ')},`;
  return `_… ${groupDigits(count)} step${count === 1 ? '' : 's'}${which} left out here to stay under GitHub's 1 MiB limit; every step is in ${where}._`;
}

/** Every cuttable part, also those inside a step's lines. */
function cuttables(parts: readonly SummaryPart[]): CuttablePart[] {
  return parts.flatMap((part) => (isDroppable(part) ? part.lines.filter(isCuttable) : isCuttable(part) ? [part] : []));
}

function show(part: string | CuttablePart, cut: ReadonlySet<CuttablePart>): string {
  return isCuttable(part) ? (cut.has(part) ? part.cut : part.full) : part;
}

/** The parts as text; a run of steps left out becomes one line saying how many. */
function join(parts: readonly SummaryPart[], cut: ReadonlySet<CuttablePart>, dropped: ReadonlySet<DroppableStep>, where: string): string {
  const out: string[] = [];
  let leftOut = 0;
  let unfinished = 0;
  let flagged = 0;
  for (const part of parts) {
    if (isDroppable(part) && dropped.has(part)) {
      leftOut++;
      if (part.rank === 3 && part.completed) flagged++;
      else if (part.rank === 3) unfinished++;
      continue;
    }
    if (leftOut > 0) out.push(leftOutNotice(leftOut, unfinished, flagged, where));
    leftOut = 0;
    unfinished = 0;
    flagged = 0;
    if (isDroppable(part)) out.push(...part.lines.map((line) => show(line, cut)));
    else out.push(show(part, cut));
  }
  if (leftOut > 0) out.push(leftOutNotice(leftOut, unfinished, flagged, where));
  return out.filter((p) => p !== '').join(SEPARATOR);
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
 * 375 KB of its 1 MiB). Whole, 20,000 goals filled the 1 MiB and the cut end took every ❌ row and the steps.
 */
const SUMMARY_GOAL_ROWS = 500;

export function referenceRenderSummary(record: RunRecord, options: SummaryOptions): string {
  const { redact } = options;
  const where = options.fullRecordAt ?? 'the trace file';
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES - 16;
  const goals: SummaryPart[] = options.goals?.length
    ? // The table's own byte budget (half the cap) is the renderer's input, not the cut this file keeps as it was.
      [`### Goals — ${goalsHeadline(options.goals)}`, renderGoalsTable(options.goals, redact, 500, SUMMARY_GOAL_ROWS, where, Math.floor(maxBytes / 2))]
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
    renderSummaryCost(record, options.limits, redact, { ...(options.fannedOut && { fannedOut: true }) }),
    renderSummaryRevisions(record, redact),
    graph,
  ];
  const header = renderSummaryHeader(record, redact);
  const cut = new Set<CuttablePart>();
  // A part longer in characters than the summary may be in bytes is never shown (a character is at least one
  // byte), and the loop below would cut it first: cut it before any render joins it (an 8 MiB result: +41-49 MB).
  for (const part of cuttables(body)) if (part !== graph && part.full.length > maxBytes) cut.add(part);
  const dropped = new Set<DroppableStep>();
  const render = (): string => {
    const results = [...cut].filter((p) => p !== graph).length;
    return `${join([header, results ? cutNotice(results, where) : '', ...body], cut, dropped, where)}\n`;
  };
  let text = render();
  if (byteSize(text) <= maxBytes) return text;
  const results = cuttables(body).filter((p) => p !== graph && !cut.has(p));
  results.sort((a, b) => byteSize(b.full) - byteSize(a.full));
  // Reserve room for the notice up front so adding it cannot push the text back over the cap.
  // (The text has a notice already when parts were cut above: that one is counted once.)
  const noticed = cut.size > 0 ? byteSize(cutNotice(cut.size, where)) + SEPARATOR.length : 0;
  let size = byteSize(text) - noticed + byteSize(cutNotice(results.length + cut.size, where)) + SEPARATOR.length;
  for (const part of results) {
    if (size <= maxBytes) break;
    cut.add(part);
    size -= byteSize(part.full) - byteSize(part.cut);
  }
  text = render();
  if (byteSize(text) <= maxBytes) return text;
  cut.add(graph);
  text = render();
  if (byteSize(text) <= maxBytes) return text;
  text = leaveOutSteps(body, dropped, { size: byteSize(text), maxBytes, cut, where, render });
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
  state: { size: number; maxBytes: number; cut: ReadonlySet<CuttablePart>; where: string; render: () => string },
): string {
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
  const lineBytes = (step: DroppableStep): number => step.lines.reduce((sum, line) => sum + byteSize(show(line, state.cut)) + SEPARATOR.length, 0);
  let size = state.size;
  let text = '';
  // Each pass leaves out what the estimate says is enough; then the text is measured again.
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
      // Nothing more left out: the text is the one measured last.
      if (!changed && pass > 0) return false;
      text = state.render();
      size = byteSize(text);
      if (size <= state.maxBytes) return true;
    }
    return false;
  };
  const byRank = ([1, 2] as const).flatMap((rank) => candidates.filter((step) => step.rank === rank).reverse());
  if (leaveOut(byRank, false)) return text;
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
  if (leaveOut(worthwhile.flatMap((steps) => [...steps].reverse()), true)) return text;
  // Only when leaving every step out would fit: else what follows the steps (replaced steps, say) is
  // over the cap by itself, and `hardCut` keeps more of what went wrong with the steps left in.
  const before = [...dropped];
  for (const step of candidates) dropped.add(step);
  const enough = byteSize(state.render()) <= state.maxBytes;
  dropped.clear();
  for (const step of before) dropped.add(step);
  if (!enough) return text;
  // The first step left out at the end costs a notice; the ones above it join that notice.
  leaveOut([...candidates].reverse(), true);
  return text;
}

