import { StepError } from '../../core/step-error.ts';
import { shownUrl } from './shown-url.ts';

/** Statuses where the same request may succeed later. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A server answered an http tool with an error status; 408, 429 and 5xx are transient. */
export class HttpStatusError extends StepError {
  readonly url: string;
  readonly status: number;

  /**
   * `redirectedFrom`: the URL whose redirect led here. The request it answered was sent and answered (a POST that
   * 303s to what it made, the next GET a 404 or a 401), so the status says nothing of whether it took effect.
   */
  constructor(toolName: string, url: string, status: number, bodyExcerpt: string, options: { readonly retryAfterMs?: number; readonly redirectedFrom?: string } = {}) {
    const transient = isTransientStatus(status);
    const advice = transient ? 'the server may recover; it can be retried' : 'check the URL and the request';
    const excerpt = bodyExcerpt === '' ? '' : `: ${bodyExcerpt}`;
    const via = options.redirectedFrom === undefined ? '' : ` (redirected from ${shownUrl(options.redirectedFrom)})`;
    super(`${toolName}: ${shownUrl(url)}${via} answered HTTP ${status} (${advice})${excerpt}`, {
      transient,
      toolName,
      retryAfterMs: options.retryAfterMs,
      effectUnknown: options.redirectedFrom !== undefined,
      // 429 and 408 say the request was not taken (too many, or not all of it came in): a POST so refused did nothing, and
      // is sent again after the wait, as a GitHub write refused for its rate limit is. It escalated as one that may
      // have taken effect (found by a hunt of retries).
      notSent: status === 429 || status === 408,
    });
    this.url = url;
    this.status = status;
  }
}
