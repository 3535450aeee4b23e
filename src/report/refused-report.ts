import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';
import type { Redactor } from '../core/redact.ts';

/** The job summary of a run refused before it started: what was refused and why, and that nothing ran. */
export function renderRefusedReport(planPath: string, reason: string, redact: Redactor): string {
  return [
    `## ⛔ plan-runner refused to run: \`${planPath.replace(/`/g, "'")}\``,
    '',
    `**Status:** failed — ${escapeInlineMarkdown(redact(reason))}`,
    '',
    'No model was called, no tool ran and nothing was written to the repository.',
    '',
  ].join('\n');
}

/** The job summary of a job whose step inputs were refused (`readActionSettings`): each problem, and that nothing ran. */
export function renderRefusedInputs(problems: readonly string[], redact: Redactor): string {
  return [
    "## ⛔ plan-runner did not start: fix the step's inputs (`with:`)",
    '',
    ...problems.map((problem) => `- ${escapeInlineMarkdown(redact(problem))}`),
    '',
    'No model was called, no tool ran and nothing was written to the repository.',
    '',
  ].join('\n');
}

/** The note a read-only run (a fork's pull request, or one that cannot be told) puts above its summary: why, and the tools it withheld. */
export function renderReadOnlyNote(why: string, withheld: ReadonlyMap<string, string> | undefined): string {
  const tools = [...(withheld?.keys() ?? [])].map((name) => `\`${name}\``);
  const which = tools.length > 0 ? ` Withheld: ${tools.join(', ')}.` : '';
  return [
    '> [!NOTE]',
    `> **Read-only run:** ${escapeInlineMarkdown(why)}, so tools with side effects and command tools not marked`,
    `> \`fork_safe: true\` were withheld, and no comment was written; this summary is the only output.${which}`,
    '',
    '',
  ].join('\n');
}
