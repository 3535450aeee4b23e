/** A piece of the summary that may be swapped for a short note when the whole is too big. */
export interface CuttablePart {
  readonly full: string;
  /** `full` itself when no cut shortens it (every line needs attention): then only `least` does. */
  readonly cut: string;
  /**
   * Shorter still, for when the parts cut are too big together: a count alone where `cut` keeps lines (the failed
   * items of a list). Without it, ten steps' 500 failed items each were over the 1 MiB, and the last steps were left out.
   */
  readonly least?: string;
}

/**
 * One step's lines, which the size cap may leave out whole once every result is cut: those of steps
 * that completed (`rank` 1) before those that did not run (2), and those of steps that failed, run or
 * wait (3) only when their lines alone are over the cap, so that the goals, the cost and the revisions
 * after them still fit.
 */
export interface DroppableStep {
  readonly lines: readonly (string | CuttablePart)[];
  readonly rank: 1 | 2 | 3;
  /**
   * A step of rank 3 that completed, past work failed or left undone inside it (an item, a used plan's step): the
   * notice of steps left out called 8,205 such steps "failed or did not finish" (found by a caps pass).
   */
  readonly completed?: true;
}

/** Fixed text, a piece the size cap may cut, or a step's lines it may leave out. */
export type SummaryPart = string | CuttablePart | DroppableStep;

export function isDroppable(part: SummaryPart): part is DroppableStep {
  return typeof part !== 'string' && 'lines' in part;
}

export function isCuttable(part: SummaryPart): part is CuttablePart {
  return typeof part !== 'string' && 'full' in part;
}

/** Size in bytes, as GitHub counts the summary's limit. */
export function byteSize(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
