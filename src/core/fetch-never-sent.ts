/**
 * Network errors that come before a request is written, when they come from resolving the host name or connecting
 * to it: no connection was made (refused, no route, the connect timed out) or the name did not resolve. Any other
 * (a reset, a closed socket), and these on a connection already open (a kept-alive one: `read EHOSTUNREACH`), may
 * come after.
 */
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
/** The calls that fail before a request exists; undici's connect timeout names none. */
const BEFORE_SENDING_CALLS = new Set(['connect', 'getaddrinfo']);

/**
 * Whether fetch's `error` came from resolving or connecting, so the request was never written: every address tried,
 * for one that tries several (happy eyeballs). The http tools and MCP servers over HTTP read it alike.
 */
export function fetchNeverSent(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof AggregateError) return cause.errors.length > 0 && cause.errors.every((attempt) => failedBefore(attempt));
  return failedBefore(cause);
}

function failedBefore(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || !BEFORE_SENDING.has(code)) return false;
  return code === 'UND_ERR_CONNECT_TIMEOUT' || (typeof syscall === 'string' && BEFORE_SENDING_CALLS.has(syscall));
}
