import { StepError } from '../../core/step-error.ts';

/**
 * Network errors that come before a request is written: no connection was made (refused, no route, the
 * connect timed out) or the host name did not resolve. Any other (a reset, a closed socket) may come after.
 */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** An http request got no answer: it timed out or the connection failed. Always transient. */
export class HttpTransportError extends StepError {
  readonly url: string;
  readonly kind: 'timeout' | 'network';

  /**
   * `detail`: the time limit for a timeout, the error's code (`ECONNREFUSED`) or words for a network failure.
   * `afterRedirect`: the request followed a redirect, so an earlier one was sent (and answered): never "not sent".
   */
  constructor(toolName: string, url: string, kind: 'timeout' | 'network', detail: string, cause?: unknown, afterRedirect = false) {
    const what = kind === 'timeout' ? `got no complete answer within ${detail}` : `could not be reached (${detail})`;
    super(`${toolName}: ${url} ${what}; it can be retried`, { transient: true, toolName, notSent: kind === 'network' && !afterRedirect && BEFORE_SENDING.has(detail), cause });
    this.url = url;
    this.kind = kind;
  }
}
