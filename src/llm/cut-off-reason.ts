/** Finish reasons that mean an answer's text is not the whole answer: the token limit, a content filter. */
const CUT_OFF_FINISH_REASONS: ReadonlySet<string> = new Set(['length', 'content_filter']);

/**
 * The finish reason of an answer the endpoint cut off before it ended, else undefined. A fragment
 * is never read as the whole: not as a step's result, a plan, nor a judge's verdict.
 */
export function cutOffReason(choice: { readonly finish_reason?: string | null } | undefined): string | undefined {
  const reason = choice?.finish_reason;
  return reason && CUT_OFF_FINISH_REASONS.has(reason) ? reason : undefined;
}

/** Why an answer was cut off, in words: `it reached the token limit`, `the endpoint stopped it (content_filter)`. */
export function cutOffWhy(reason: string): string {
  return reason === 'length' ? 'it reached the token limit' : `the endpoint stopped it (${reason})`;
}
