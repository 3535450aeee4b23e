/**
 * Thrown by a goal check that cannot decide (no target, judge call failed, command timed out).
 * The evaluator turns it into outcome `error`: fail closed, never met.
 */
export class GoalNotEvaluableError extends Error {
  /** Why the goal could not be evaluated, without the "could not evaluate" prefix. */
  readonly why: string;

  constructor(why: string, options: { cause?: unknown } = {}) {
    super(`could not evaluate: ${why}`, { cause: options.cause });
    this.name = new.target.name;
    this.why = why;
  }
}
