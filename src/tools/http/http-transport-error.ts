import { StepError } from '../../core/step-error.ts';

/**
 * Network errors that come before a request is written, when they come from resolving the host name or connecting
 * to it: no connection was made (refused, no route, the connect timed out) or the name did not resolve. Any other
 * (a reset, a closed socket), and these on a connection already open (a kept-alive one: `read EHOSTUNREACH`), may
 * come after.
 */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** The calls that fail before a request exists; undici's connect timeout names none. */
const BEFORE_SENDING_CALLS = new Set(['connect', 'getaddrinfo']);

/** Whether fetch's `error` came from resolving or connecting: every address tried, for one that tries several (happy eyeballs). */
function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof AggregateError) return cause.errors.length > 0 && cause.errors.every((attempt) => failedBefore(attempt));
  return failedBefore(cause);
}

function failedBefore(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !BEFORE_SENDING.has(code)) return false;
  return code === 'UND_ERR_CONNECT_TIMEOUT' || (typeof syscall === 'string' && BEFORE_SENDING_CALLS.has(syscall));
}

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
    super(`${toolName}: ${url} ${what}; it can be retried`, { transient: true, toolName, notSent: kind === 'network' && !afterRedirect && neverSent(cause), cause });
    this.url = url;
    this.kind = kind;
  }
}
