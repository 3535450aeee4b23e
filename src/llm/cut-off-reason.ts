/**
 * Finish reasons that mean an answer's text is not the whole answer: the token limit, a content filter. In
 * lower case with `_`: besides OpenAI's own, the spellings gateways pass through from other APIs (Anthropic's
 * `max_tokens`, Gemini's `MAX_TOKENS`, `SAFETY`, `RECITATION`), which read as a whole answer and let a cut
 * one pass a goal (found by an adversarial pass). So did those of endpoints that speak Chat Completions with
 * reasons of their own: Mistral's `model_length` (the context window) and `error` (generation stopped by an
 * error), Anthropic's `model_context_window_exceeded` and `refusal` (a classifier stopped it mid-answer),
 * Bedrock's `content_filtered` and `guardrail_intervened`, Gemini's `BLOCKLIST`, `PROHIBITED_CONTENT` and `SPII`
 * (found by an adversarial pass).
 */
const TOKEN_LIMIT_REASONS: ReadonlySet<string> = new Set(['length', 'max_tokens', 'max_output_tokens', 'max_completion_tokens', 'model_length', 'model_context_window_exceeded']);
const CUT_OFF_FINISH_REASONS: ReadonlySet<string> = new Set([
  ...TOKEN_LIMIT_REASONS,
  'content_filter',
  'content_filtered',
  'guardrail_intervened',
  'safety',
  'recitation',
  'blocklist',
  'prohibited_content',
  'spii',
  'refusal',
  'error',
]);

const normal = (reason: string): string => reason.trim().toLowerCase().replace(/-/g, '_');

/**
 * The finish reason of an answer the endpoint cut off before it ended, else undefined. A fragment
 * is never read as the whole: not as a step's result, a plan, nor a judge's verdict. Returned without the
 * blanks around it, so as long as a reason it names: `content_filter` and 100,000 spaces went whole into
 * a step's error, the log and the trace (found by an adversarial pass).
 */
export function cutOffReason(choice: { readonly finish_reason?: string | null } | undefined): string | undefined {
  const reason = choice?.finish_reason;
  return typeof reason === 'string' && CUT_OFF_FINISH_REASONS.has(normal(reason)) ? reason.trim() : undefined;
}

/** True when `reason` says the answer ended at the token limit (`length`, `max_tokens`, …). */
export function reachedTokenLimit(reason: string | null | undefined): boolean {
  return typeof reason === 'string' && TOKEN_LIMIT_REASONS.has(normal(reason));
}

/** Why an answer was cut off, in words: `it reached the token limit`, `the endpoint stopped it (content_filter)`. */
export function cutOffWhy(reason: string): string {
  return reachedTokenLimit(reason) ? 'it reached the token limit' : `the endpoint stopped it (${reason})`;
}
