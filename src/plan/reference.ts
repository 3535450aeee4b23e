import type { PathSegment } from './plan-issue.ts';

/** A use of an earlier step's result, optionally of a part of it (`a.b[0]`). */
export interface StepReference {
  readonly kind: 'step';
  /** The step key (`String(id)`). */
  readonly step: string;
  readonly path: readonly PathSegment[];
}

/** A use of one of the run's inputs (`${inputs.week}`). */
export interface InputReference {
  readonly kind: 'input';
  readonly name: string;
}

/** A use of the item a `for_each` child works on: `${item}`, `${item.name}`, `${item.index}` (its position). */
export interface ItemReference {
  readonly kind: 'item';
  /** The item's name (`item`, or the step's `as:`). */
  readonly name: string;
  readonly path: readonly PathSegment[];
}

export type Reference = StepReference | InputReference | ItemReference;

/** A reference found in a value, with where it sits and how it was written. */
export interface FoundReference {
  readonly reference: Reference;
  /** Path inside the searched value (`['b']` for `args.b`). */
  readonly at: readonly PathSegment[];
  /** As written: `${steps.1.result}` or `{"step_result": 1}`. */
  readonly text: string;
  /** True when the whole value is this one reference, so it keeps the referenced value's type. */
  readonly whole: boolean;
}

/** A reference written wrongly, such as `${steps.1.reslt}` or `{"step_result": 1, "pth": "a"}`. */
export interface ReferenceProblem {
  readonly at: readonly PathSegment[];
  readonly message: string;
  /** True for an item reference outside a `for_each` step (or naming the wrong item). */
  readonly aboutItem?: boolean;
  /** True when the problem is in the key of the last segment of `at`, not its value. */
  readonly onKey?: boolean;
}
