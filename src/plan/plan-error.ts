import { visibleControls } from '../core/visible-controls.ts';
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

/** Whether `errors` are plan-runner's own failure (`internal`), not problems of the plan. */
export function isInternalFailure(errors: readonly PlanError[]): boolean {
  return errors.some((error) => error.internal);
}

/** How many problems `errors` report, counting what a line like "and N more" stands for. */
export function problemCount(errors: readonly PlanError[]): number {
  return errors.reduce((count, error) => count + (error.standsFor ?? 1), 0);
}

/** A plan error as a compiler-style line: `file:line:col: message (at path)`. */
export function formatPlanError(error: PlanError): string {
  const where = [error.file, error.line, error.line === undefined ? undefined : error.column]
    .filter((part) => part !== undefined)
    .join(':');
  const at = error.path === '' ? '' : ` (at ${error.path})`;
  // A message quotes what a plan, a model or a server gave (a tool name, a value, stderr), printed on a
  // terminal and into a job log: an ESC there would move the cursor or retitle the window.
  return visibleControls(`${where === '' ? '' : `${where}: `}${error.message}${at}`);
}
