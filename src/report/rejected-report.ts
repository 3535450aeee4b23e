import path from 'node:path';
import { isInside } from '../core/is-inside.ts';
import { isInternalFailure, problemCount, refusedWhat, type PlanError } from '../plan/plan-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import type { PlanFileError } from './annotations.ts';
import { inlineCode } from '../core/code-fence.ts';
import { escapeMarkdown } from './markdown/escape-markdown.ts';
import type { Redactor } from '../core/redact.ts';

/**
 * The same errors with `file` relative to the workspace, as annotations and readers want it. The loader names a
 * used plan's file from the working directory; with `root` (the workspace), it is named from there, as GitHub
 * finds it, wherever the process was started.
 */
export function relativePlanErrors(errors: readonly PlanError[], absolutePlanFile: string | undefined, planPath: string, root?: string): PlanError[] {
  return errors.map((error) => {
    if (error.file === undefined) return error;
    if (error.file === absolutePlanFile) return { ...error, file: planPath };
    const file = path.resolve(error.file);
    return root !== undefined && file !== root && isInside(root, file) ? { ...error, file: path.relative(root, file).split(path.sep).join('/') } : error;
  });
}

/** Plan errors as annotation input: on their file and line, the path inside the plan in the message. */
export function planFileErrors(errors: readonly PlanError[], planPath: string): PlanFileError[] {
  return errors.map((error) => ({
    ...(error.internal ? { internal: true } : { file: error.file ?? planPath }),
    ...(error.line !== undefined ? { line: error.line } : {}),
    ...(error.column !== undefined ? { column: error.column } : {}),
    message: error.path ? `${error.message} (at ${error.path})` : error.message,
    ...(error.setup && { setup: true }),
    ...(error.standsFor !== undefined && { standsFor: error.standsFor }),
  }));
}

function errorLine(error: PlanError, redact: Redactor): string {
  const where = [error.file, error.line, error.line === undefined ? undefined : error.column].filter((part) => part !== undefined).join(':');
  const at = error.path ? ` (at ${inlineCode(error.path)})` : '';
  return `- ${where ? `${inlineCode(where)} — ` : ''}${escapeMarkdown(redact(error.message))}${at}`;
}

/** The one-line title of a job that plan-runner's own error stopped (the reason, the check run's title). */
export const INTERNAL_ERROR_TITLE = 'plan-runner stopped with an internal error';

/** What such a job says of itself: not a rejected plan, steps may have run, and what to do. */
export const INTERNAL_ERROR_STATUS = `${INTERNAL_ERROR_TITLE}, which is not a problem of the plan; steps may have run before it (the log and the trace say which). Re-run the job; if it happens again, report it with the log.`;

/**
 * The Markdown for a job that stopped before any step ran: which plan, and every problem with
 * its file and line, so the summary and the comment say what to fix. Or, for plan-runner's own failure
 * (`isInternalFailure`), which may come after steps ran, that it was one and what it said.
 */
export function renderRejectedReport(errors: readonly PlanError[], planPath: string, redact: Redactor): string {
  const count = problemCount(errors);
  const status = isInternalFailure(errors)
    ? INTERNAL_ERROR_STATUS
    : `${refusedWhat(errors)} before any step ran (${groupDigits(count)} problem${count === 1 ? '' : 's'}). Fix ${count === 1 ? 'it' : 'them'} and run again.`;
  return [
    `## ❌ plan-runner: ${inlineCode(planPath)}`,
    '',
    `**Status:** failed — ${status}`,
    '',
    ...errors.map((error) => errorLine(error, redact)),
    '',
  ].join('\n');
}
