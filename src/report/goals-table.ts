import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';
import { cutText } from './cut-text.ts';
import { oneLogLine } from './checklist.ts';
import { groupDigits } from '../core/group-digits.ts';

/** One evaluated goal, as the reports show it. */
export interface GoalRow {
  readonly name: string;
  readonly severity: 'required' | 'warning';
  /** `error`: the goal could not be evaluated (which counts as not met). */
  readonly outcome: 'met' | 'unmet' | 'error';
  readonly evidence: string;
}

/** ✅ met, ❌ unmet, ⚠️ unmet warning, ❔ could not evaluate. */
export function goalIcon(goal: GoalRow): string {
  if (goal.outcome === 'met') return '✅';
  if (goal.outcome === 'error') return '❔';
  return goal.severity === 'warning' ? '⚠️' : '❌';
}

/** A goal's line in the job log and on the CLI's stdout: one line, however many its evidence has. */
export function goalLogLine(goal: GoalRow): string {
  return `${goalIcon(goal)} goal: ${oneLogLine(`${goal.name} — ${goal.evidence}`)}`;
}

function goalVerdict(goal: GoalRow): string {
  if (goal.outcome === 'met') return 'met';
  if (goal.outcome === 'error') return 'could not evaluate';
  return goal.severity === 'warning' ? 'unmet (warning)' : 'unmet';
}

/** A goal as a Markdown list item (a used plan's goals under its step): icon, name, severity and outcome, evidence. */
export function goalListItem(goal: GoalRow, redact: (text: string) => string, maxEvidence = 300): string {
  const name = escapeInlineMarkdown(cutText(redact(goal.name), 200));
  return `- ${goalIcon(goal)} ${name} (${goal.severity}, ${goal.outcome === 'error' ? 'could not evaluate' : goal.outcome}): ${escapeInlineMarkdown(cutText(redact(evidenceBeside(goal)), maxEvidence))}`;
}

/**
 * A goal's evidence beside its outcome: a goal that could not be evaluated says so in its evidence too
 * (`could not evaluate: …`), which the outcome beside it already says (found by a new-user walkthrough).
 */
export function evidenceBeside(goal: GoalRow): string {
  return goal.outcome === 'error' ? goal.evidence.replace(/^could not evaluate: /, '') : goal.evidence;
}

/** `2/3 goals met` (warnings counted with the rest). */
export function goalsHeadline(goals: readonly GoalRow[]): string {
  return `${goals.filter((g) => g.outcome === 'met').length}/${goals.length} goals met`;
}

/**
 * The goals as a Markdown table; evidence is redacted, cut to `maxEvidence` and escaped. With more
 * goals than `maxRows`, or rows over `maxBytes` of UTF-8, the required ones not met are kept first, then
 * the warnings not met (the table keeps the plan's order), and a line after the table says how many were
 * left out and where they are.
 */
export function renderGoalsTable(
  goals: readonly GoalRow[],
  redact: (text: string) => string,
  maxEvidence = 500,
  maxRows = Number.POSITIVE_INFINITY,
  restAt = 'the job summary',
  maxBytes = Number.POSITIVE_INFINITY,
): string {
  const rowOf = (goal: GoalRow): string => {
    const cells = [
      goalIcon(goal),
      escapeInlineMarkdown(cutText(redact(goal.name), 200)),
      goal.severity,
      goalVerdict(goal),
      escapeInlineMarkdown(cutText(redact(evidenceBeside(goal)), maxEvidence)),
    ];
    return `| ${cells.join(' | ')} |`;
  };
  const head = ['|  | Goal | Severity | Outcome | Evidence |', '| --- | --- | --- | --- | --- |'];
  // The required goals not met first: they are what failed the job.
  const notMet = [...goals.filter((goal) => goal.outcome !== 'met' && goal.severity === 'required'), ...goals.filter((goal) => goal.outcome !== 'met' && goal.severity !== 'required')];
  const rows = new Map<GoalRow, string>();
  // A row is at most ~750 characters, but three bytes each in Japanese: 500 rows of it were 1 MB, past the summary's cap.
  let room = maxBytes - Buffer.byteLength(head.join('\n')) - NOTE_BYTES - Buffer.byteLength(restAt);
  for (const goal of [...notMet, ...goals.filter((goal) => goal.outcome === 'met')]) {
    if (rows.size >= maxRows) break;
    const row = rowOf(goal);
    room -= Buffer.byteLength(row) + 1;
    if (room < 0) break;
    rows.set(goal, row);
  }
  let note = '';
  if (rows.size < goals.length) {
    const left = goals.length - rows.size;
    const leftNotMet = notMet.filter((goal) => !rows.has(goal)).length;
    note = `\n\n_… ${groupDigits(left)} more goal${left === 1 ? '' : 's'} (${leftNotMet === 0 ? 'all met' : `${leftNotMet} not met`}) in ${restAt}._`;
  }
  return [...head, ...goals.filter((goal) => rows.has(goal)).map((goal) => rows.get(goal)!)].join('\n') + note;
}

/** Room kept in `maxBytes` for the line that says how many goals were left out, besides where they are. */
const NOTE_BYTES = 100;
