import { StepError } from '../../core/step-error.ts';

/** An http request got no answer: it timed out or the connection failed. Always transient. */
export class HttpTransportError extends StepError {
  readonly url: string;
  readonly kind: 'timeout' | 'network';

  constructor(toolName: string, url: string, kind: 'timeout' | 'network', detail: string, cause?: unknown) {
    const what = kind === 'timeout' ? `got no complete answer within ${detail}` : `could not be reached (${detail})`;
    super(`${toolName}: ${url} ${what}; it can be retried`, { transient: true, toolName, cause });
    this.url = url;
    this.kind = kind;
  }
}
