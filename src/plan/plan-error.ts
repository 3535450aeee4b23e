import { formatPath } from '../core/format-path.ts';
import { visibleControls } from '../core/visible-controls.ts';
import { loggedMessage } from '../security/neutralise-log-text.ts';
import type { PlanIssue } from './plan-issue.ts';
/** One problem found in a plan, located as precisely as the source allows. */
export interface PlanError {
  /** The plan file, as the caller named it; absent for plans a model wrote. */
  readonly file?: string;
  /** 1-based line of the offending node, when the plan came from a file. */
  readonly line?: number;
  /** 1-based column of the offending node. */
  readonly column?: number;
  /** Where in the plan, such as `workflow_sequence[2].tool`; empty for the whole plan. */
  readonly path: string;
  readonly message: string;
  /** How many problems this entry stands for: the line that says "and N more" stands for N; else 1. */
  readonly standsFor?: number;
  /**
   * Set for a problem with what the run was given besides the plan file (its inputs, a model, a trace to
   * resume, an approval, the fan-out mode), or with a plan a model wrote: named on the plan, not at a line of it.
   */
  readonly setup?: true;
  /**
   * Set for plan-runner's own failure, caught where the job ends: not a problem of the plan, and steps may
   * have run before it (the reports must not say the plan was rejected before any step ran).
   */
  readonly internal?: true;
}

/**
 * `issue` as the error of plan file `file`, at its line and column where `positions` (the file's, `PlanPositions`) can
 * say: every check's issues reach the user so.
 */
export function planErrorAt(file: string | undefined, positions: { locate(path: PlanIssue['path'], at?: PlanIssue['at']): { line: number; column: number } } | undefined, issue: PlanIssue): PlanError {
  return { ...(file !== undefined && { file }), ...positions?.locate(issue.path, issue.at), path: formatPath(issue.path), message: issue.message };
}

/** Whether `errors` are plan-runner's own failure (`internal`), not problems of the plan. */
export function isInternalFailure(errors: readonly PlanError[]): boolean {
  return errors.some((error) => error.internal);
}

/**
 * What refused a run whose `errors` came before any step: the plan, or (when every problem is `setup`: its inputs, a
 * replay file, an approval, a trace to resume) the run as it was given. A refused replay file read "the plan was
 * rejected", sending the reader to a plan with nothing wrong in it (found by an adversarial pass over bad inputs).
 */
export function refusedWhat(errors: readonly PlanError[]): 'the plan was rejected' | 'the run was refused' {
  return errors.length > 0 && errors.every((error) => error.setup) ? 'the run was refused' : 'the plan was rejected';
}

/** How many problems `errors` report, counting what a line like "and N more" stands for. */
export function problemCount(errors: readonly PlanError[]): number {
  return errors.reduce((count, error) => count + (error.standsFor ?? 1), 0);
}

/**
 * A plan error as a compiler-style line: `file:line:col: message (at path)`. A message quotes what a plan, a model
 * or a server gave (a tool name, a value, stderr), printed on a terminal and into a job log: control characters are
 * shown as symbols (an ESC there would move the cursor or retitle the window), and each line after the first is
 * under a `│ ` rule, as an annotation shows it: a YAML key `"x\nok other.yml: 3 steps…"` printed `ok other.yml: …`
 * as a line of `validate`'s own (found by an adversarial pass). Text to be redacted goes through `redactedPlanError`.
 */
export function formatPlanError(error: PlanError): string {
  return redactedPlanError(error, (text) => text);
}

/**
 * `formatPlanError` with the text redacted before its lines are ruled: whole, as it was written, where the redactor
 * finds a secret a line break splits or a private key's base64 lines.
 */
export function redactedPlanError(error: PlanError, redact: (text: string) => string): string {
  const where = [error.file, error.line, error.line === undefined ? undefined : error.column]
    .filter((part) => part !== undefined)
    .join(':');
  const at = error.path === '' ? '' : ` (at ${error.path})`;
  return loggedMessage(visibleControls(redact(`${where === '' ? '' : `${where}: `}${error.message}${at}`)));
}
