import { StepError } from '../../core/step-error.ts';
import { longWaitFetch } from '../../core/long-wait-fetch.ts';
import { HttpTransportError } from './http-transport-error.ts';
import { UrlNotAllowedError } from './url-not-allowed-error.ts';
import { shownUrl } from './shown-url.ts';
import { refusalReason } from '../../security/url-allow-list.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * The request headers a redirect to another origin keeps. The model chose its headers for the origin it
 * asked for, and a credential may go by any name (`X-Api-Key`, `Private-Token`), not only `Authorization`,
 * which is all fetch drops: so every other header stays behind, and another allowed host behind a redirect
 * gets none of them. (No body goes to another origin, so neither do the headers that describe one.)
 */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'accept-language', 'range', 'user-agent']);
/** The headers that describe a body (fetch's "request-body-header names"): dropped with the body when a redirect turns a POST into a GET. */
const BODY_HEADERS = new Set(['content-encoding', 'content-language', 'content-location', 'content-type']);

/** The headers a redirect's next request sends: `keep` says which of the current ones stay. */
function keptHeaders(headers: Readonly<Record<string, string>>, keep: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name.toLowerCase())));
}

export interface AllowedRequest {
  readonly toolName: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** Parses a URL and refuses it unless the allow list covers it; nothing is sent for a refused URL. */
export function checkedUrl(toolName: string, raw: string, allow: readonly string[], redirectedFrom?: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlNotAllowedError(toolName, raw, 'it is not an absolute URL', { redirectedFrom });
  }
  const reason = refusalReason(url, allow);
  if (reason !== undefined) throw new UrlNotAllowedError(toolName, url.href, reason, { redirectedFrom });
  return url;
}

/**
 * Sends a request with Node's fetch, following redirects only to URLs the allow list covers (`redirectedFrom`: the
 * URL whose redirect led to the answer), and maps a missing answer (network failure, the `signal` timing out) to a
 * transient error. `waitMs`: how long the `signal` lets it wait, which undici's own 300 s must not cut short.
 * Cancellation through `cancel` is rethrown as is.
 */
export async function fetchAllowed(
  request: AllowedRequest,
  options: { allow: readonly string[]; signal: AbortSignal; cancel: AbortSignal; timeoutLabel: string; waitMs: number },
): Promise<{ response: Response; url: URL; redirectedFrom?: string }> {
  // A step allowed 400 s failed at undici's 300 s as "could not be reached", and was tried again (found by a review);
  // a second past the limit, the `signal` ends the request first.
  const send = longWaitFetch((input, init) => fetch(input, init), options.waitMs + 1_000);
  let url = checkedUrl(request.toolName, request.url, options.allow);
  let redirectedFrom: string | undefined;
  let method = request.method;
  let body = request.body;
  let headers = request.headers;
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await send(url, { method, headers, body, redirect: 'manual', signal: options.signal });
    } catch (error) {
      options.cancel.throwIfAborted();
      if (options.signal.aborted) {
        throw new HttpTransportError(request.toolName, url.href, 'timeout', options.timeoutLabel, error);
      }
      const cause = (error as { cause?: { code?: string } }).cause;
      // An answer whose headers pass Node's limit (16 KiB in all): the server took the request and answered, and
      // would answer the same again. It read "could not be reached … can be retried", and was tried three times.
      if (cause?.code === 'UND_ERR_HEADERS_OVERFLOW') {
        throw new StepError(`${request.toolName}: ${shownUrl(url.href)} answered with headers larger than the 16 KiB Node reads; ask a URL that answers with fewer or shorter headers`, {
          transient: false,
          toolName: request.toolName,
          effectUnknown: true,
          cause: error,
        });
      }
      // Past the first hop the request was sent and answered (a POST that 303s to what it made): it took effect.
      throw new HttpTransportError(request.toolName, url.href, 'network', cause?.code ?? String(error), error, hop > 0);
    }
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return { response, url, ...(redirectedFrom !== undefined && { redirectedFrom }) };
    await response.body?.cancel();
    let target: string;
    try {
      target = new URL(location, url).href;
    } catch {
      throw new UrlNotAllowedError(request.toolName, location, 'the Location it was redirected to is not a URL', {
        redirectedFrom: url.href,
        advice: 'The server answered with a broken redirect; nothing more was requested.',
      });
    }
    if (hop === MAX_REDIRECTS) {
      throw new UrlNotAllowedError(request.toolName, target, `a redirect after ${MAX_REDIRECTS} redirects`, {
        redirectedFrom: url.href,
        advice: 'Request it directly if it is the URL needed, or fix the redirect loop; http.allow does not change this limit.',
      });
    }
    const next = checkedUrl(request.toolName, target, options.allow, url.href);
    // As fetch does: 303 after anything but a GET, and 301/302 after a POST, continue as a GET without the body.
    if ((response.status === 303 && method !== 'GET') || (method === 'POST' && (response.status === 301 || response.status === 302))) {
      method = 'GET';
      body = undefined;
      headers = keptHeaders(headers, (name) => !BODY_HEADERS.has(name));
    }
    if (next.origin !== url.origin) {
      // A 307 or 308 would send the POST again, body and all, to a host the model did not choose: the body
      // may hold a credential as well as a header can, and a POST takes effect where it lands.
      if (body !== undefined) {
        throw new UrlNotAllowedError(request.toolName, next.href, 'a 307 or 308 redirect would send the request body again to another origin', {
          redirectedFrom: url.href,
          advice: 'POST to the URL it redirects to instead.',
        });
      }
      headers = keptHeaders(headers, (name) => CROSS_ORIGIN_HEADERS.has(name));
    }
    redirectedFrom = url.href;
    url = next;
  }
}
