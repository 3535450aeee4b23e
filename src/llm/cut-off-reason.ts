/**
 * Finish reasons that mean an answer's text is not the whole answer: the token limit, a content filter. In
 * lower case with `_`: besides OpenAI's own, the spellings gateways pass through from other APIs (Anthropic's
 * `max_tokens`, Gemini's `MAX_TOKENS`, `SAFETY`, `RECITATION`), which read as a whole answer and let a cut
 * one pass a goal (found by an adversarial pass).
 */
const CUT_OFF_FINISH_REASONS: ReadonlySet<string> = new Set(['length', 'max_tokens', 'max_output_tokens', 'max_completion_tokens', 'content_filter', 'safety', 'recitation']);
const TOKEN_LIMIT_REASONS: ReadonlySet<string> = new Set(['length', 'max_tokens', 'max_output_tokens', 'max_completion_tokens']);

const normal = (reason: string): string => reason.trim().toLowerCase().replace(/-/g, '_');

/**
 * The finish reason of an answer the endpoint cut off before it ended, else undefined. A fragment
 * is never read as the whole: not as a step's result, a plan, nor a judge's verdict.
 */
export function cutOffReason(choice: { readonly finish_reason?: string | null } | undefined): string | undefined {
  const reason = choice?.finish_reason;
  return typeof reason === 'string' && CUT_OFF_FINISH_REASONS.has(normal(reason)) ? reason : undefined;
}

/** Why an answer was cut off, in words: `it reached the token limit`, `the endpoint stopped it (content_filter)`. */
export function cutOffWhy(reason: string): string {
  return TOKEN_LIMIT_REASONS.has(normal(reason)) ? 'it reached the token limit' : `the endpoint stopped it (${reason})`;
}
