/** One step of a path into the plan: a map key or a list index. */
export type PathSegment = string | number;

/**
 * A problem found while checking a plan, before it is given a position. `at: 'key'` points at the
 * key of the last path segment (unknown keys) instead of its value.
 */
export interface PlanIssue {
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly at?: 'key' | 'value';
}
