import type { RunRecord } from '../../core/run-record.ts';
import { goalsHeadline, renderGoalsTable, type GoalRow } from '../goals-table.ts';
import { renderMermaidGraph } from '../mermaid-graph.ts';
import { renderApprovalSection } from '../approval-section.ts';
import { type CostLimits, renderSummaryCost } from './summary-cost.ts';
import { renderSummaryHeader } from './summary-header.ts';
import { byteSize, type CuttablePart, type SummaryPart } from './summary-part.ts';
import { renderSummaryRevisions } from './summary-revisions.ts';
import { renderSummarySteps } from './summary-steps.ts';

/** GitHub shows at most 1 MiB of a step's job summary. */
export const SUMMARY_MAX_BYTES = 1024 * 1024;

export interface SummaryOptions {
  /** Replaces secrets in any text that came from the run (results, errors, names). */
  readonly redact: (text: string) => string;
  readonly goals?: readonly GoalRow[];
  readonly limits?: CostLimits;
  /** Where the full results are when some are cut, e.g. "the trace file (artifact `plan-runner-trace`)". */
  readonly fullRecordAt?: string;
  /** Defaults to {@link SUMMARY_MAX_BYTES}, less room for a trailing newline. */
  readonly maxBytes?: number;
  /** A job of a fanned-out run (prepare, shard, merge): the steps it reused are the other jobs', not an earlier run's. */
  readonly fannedOut?: boolean;
}

const SEPARATOR = '\n\n';

function isCuttable(part: SummaryPart): part is CuttablePart {
  return typeof part !== 'string';
}

function cutNotice(count: number, where: string): string {
  return `> [!WARNING]\n> ${count} result${count === 1 ? ' was' : 's were'} cut from this summary (largest first) to stay under GitHub's 1 MiB limit; the full results are in ${where}.`;
}

function join(parts: readonly SummaryPart[], cut: ReadonlySet<CuttablePart>): string {
  return parts.map((p) => (isCuttable(p) ? (cut.has(p) ? p.cut : p.full) : p)).filter((p) => p !== '').join(SEPARATOR);
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
export function renderSummary(record: RunRecord, options: SummaryOptions): string {
  const { redact } = options;
  const where = options.fullRecordAt ?? 'the trace file';
  const maxBytes = options.maxBytes ?? SUMMARY_MAX_BYTES - 16;
  const goals: SummaryPart[] = options.goals?.length
    ? [`### Goals — ${goalsHeadline(options.goals)}`, renderGoalsTable(options.goals, redact)]
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
    renderSummaryCost(record, options.limits, redact, options.fannedOut),
    renderSummaryRevisions(record, redact),
    graph,
  ];
  const header = renderSummaryHeader(record, redact);
  const cut = new Set<CuttablePart>();
  const render = (): string => {
    const results = [...cut].filter((p) => p !== graph).length;
    return `${join([header, results ? cutNotice(results, where) : '', ...body], cut)}\n`;
  };
  let text = render();
  if (byteSize(text) <= maxBytes) return text;
  const results = body.filter(isCuttable).filter((p) => p !== graph);
  results.sort((a, b) => byteSize(b.full) - byteSize(a.full));
  // Reserve room for the notice up front so adding it cannot push the text back over the cap.
  let size = byteSize(text) + byteSize(cutNotice(results.length, where)) + SEPARATOR.length;
  for (const part of results) {
    if (size <= maxBytes) break;
    cut.add(part);
    size -= byteSize(part.full) - byteSize(part.cut);
  }
  text = render();
  if (byteSize(text) <= maxBytes) return text;
  cut.add(graph);
  text = render();
  return byteSize(text) <= maxBytes ? text : hardCut(text, maxBytes, where);
}

export type { CostLimits } from './summary-cost.ts';
export type { GoalRow } from '../goals-table.ts';
