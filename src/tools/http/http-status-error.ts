import { StepError } from '../../core/step-error.ts';

/** Statuses where the same request may succeed later. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** A server answered an http tool with an error status; 408, 429 and 5xx are transient. */
export class HttpStatusError extends StepError {
  readonly url: string;
  readonly status: number;

  constructor(toolName: string, url: string, status: number, bodyExcerpt: string, retryAfterMs?: number) {
    const transient = isTransientStatus(status);
    const advice = transient ? 'the server may recover; it can be retried' : 'check the URL and the request';
    const excerpt = bodyExcerpt === '' ? '' : `: ${bodyExcerpt}`;
    super(`${toolName}: ${url} answered HTTP ${status} (${advice})${excerpt}`, { transient, toolName, retryAfterMs });
    this.url = url;
    this.status = status;
  }
}
