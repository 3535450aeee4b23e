import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { retryAfterMs } from '../core/retry-after-ms.ts';
import { AnswerTooSlowError } from './answer-too-slow-error.ts';
import { AnswerTooLargeError } from './answer-too-large-error.ts';
import { ModelCallError } from './model-call-error.ts';
import { cutText } from '../core/cut-text.ts';

/** The SDK retries these statuses itself (its `shouldRetry`), so they are the transient ones. */
function isRetryableStatus(status: number, headers: Headers | undefined): boolean {
  const told = headers?.get('x-should-retry');
  if (told === 'true') return true;
  if (told === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The most characters of an error body that is not an OpenAI error object kept as the detail. */
const TEXT_DETAIL_CHARS = 300;

function detailOf(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message) return body.message;
  if (error.status === undefined) return error.message;
  // Any other body (a proxy's text, or why it could not be read) is the SDK's message after the status.
  const prefix = `${error.status} `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : '';
  const line = text === 'status code (no body)' ? '' : (text.split('\n', 1)[0] ?? '').trim();
  if (!line) return 'no error message';
  return cutText(line, TEXT_DETAIL_CHARS + 1);
}

/** A network failure while the answer's body was read (undici's `TypeError: terminated`, with the socket error as cause). */
function cutOff(error: unknown): boolean {
  const code = error instanceof TypeError ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
  return typeof code === 'string';
}

/**
 * Wraps what the SDK threw after its retries into a `ModelCallError`: API errors, a body cut off
 * while it was read (transient), and a body too long to read or not JSON (permanent). Anything else (a bug, a
 * thrown abort reason) is returned unchanged. `attempts` is the requests the call has made.
 */
export function modelCallErrorFromSdk(
  error: unknown,
  call: { purpose: string; model: string; attempts: number; endpoint?: string; timeoutMs?: number },
): unknown {
  const { purpose, model, attempts } = call;
  const endpoint = call.endpoint === undefined ? {} : { endpoint: call.endpoint };
  if (cutOff(error)) {
    const detail = `the answer was cut off before its end (${(error as Error).message}: ${String(((error as Error).cause as Error).message)})`;
    return new ModelCallError({ purpose, model, ...endpoint, failure: 'truncated', transient: true, attempts, detail, cause: error });
  }
  if (error instanceof AnswerTooSlowError) {
    return new ModelCallError({ purpose, model, ...endpoint, failure: 'timeout', transient: true, attempts, detail: error.message, cause: error });
  }
  if (error instanceof AnswerTooLargeError) {
    return new ModelCallError({ purpose, model, ...endpoint, failure: 'too-large', transient: false, attempts, detail: error.message, cause: error });
  }
  if (error instanceof SyntaxError) {
    return new ModelCallError({ purpose, model, ...endpoint, failure: 'malformed', transient: false, attempts, detail: `the answer is not valid JSON (${error.message})`, cause: error });
  }
  // The SDK writes an error status's body into its message with JSON.stringify, which overflows the stack on a
  // body nested 20,000 deep (40 KB): the raw RangeError failed the step, and a 429 or 5xx was not retried as one
  // (found by an adversarial pass). What an endpoint answers that the client cannot read is a malformed answer.
  if (error instanceof RangeError) {
    return new ModelCallError({ purpose, model, ...endpoint, failure: 'malformed', transient: false, attempts, detail: `the answer could not be read (${error.message}): its JSON nests too deeply`, cause: error });
  }
  if (!(error instanceof APIError)) return error;
  if (error instanceof APIConnectionError) {
    const timeout = error instanceof APIConnectionTimeoutError;
    return new ModelCallError({
      purpose,
      model,
      ...endpoint,
      failure: timeout ? 'timeout' : 'connection',
      transient: true,
      attempts,
      // How long each request waited: the wait is fixed, so the user learns what an endpoint must answer within.
      detail: timeout ? (call.timeoutMs === undefined ? 'no answer before the timeout' : `no answer within ${call.timeoutMs / 1000} s`) : error.message,
      cause: error,
    });
  }
  const status = error.status ?? 0;
  const transient = isRetryableStatus(status, error.headers);
  return new ModelCallError({
    purpose,
    model,
    ...endpoint,
    failure: 'http',
    status,
    ...(typeof error.param === 'string' && { param: error.param }),
    ...(typeof error.code === 'string' && { code: error.code }),
    transient,
    retryAfterMs: retryAfterMs((name) => error.headers?.get(name)),
    attempts,
    detail: detailOf(error),
    cause: error,
  });
}
