import { StepError } from '../../core/step-error.ts';
import { fetchNeverSent } from '../../core/fetch-never-sent.ts';
import { shownUrl } from './shown-url.ts';

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
    super(`${toolName}: ${shownUrl(url)} ${what}; it can be retried`, { transient: true, toolName, notSent: kind === 'network' && !afterRedirect && fetchNeverSent(cause), cause });
    this.url = url;
    this.kind = kind;
  }
}
