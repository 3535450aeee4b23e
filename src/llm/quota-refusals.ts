import { parseJson } from '../core/parse-json.ts';

/** OpenAI's code (and type) of a 429 that says the account has no credit left, not that it asks too fast. */
export const INSUFFICIENT_QUOTA = 'insufficient_quota';

function saysNoQuota(text: string): boolean {
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return false;
  }
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return false;
  const { code, type } = error as { code?: unknown; type?: unknown };
  return code === INSUFFICIENT_QUOTA || type === INSUFFICIENT_QUOTA;
}

/**
 * `fetch` that tells the `openai` SDK not to retry a 429 whose body says the account's quota is used up
 * (`x-should-retry: false`, which the SDK honours): no later request can succeed. The SDK retried it as a rate
 * limit, four requests, and the run then asked the replanner, four more, and escalated for a plan that was not at
 * fault (found by a hunt of endpoint quirks). A 429's body is read at once (it is short, and read under the
 * client's size and time bounds); every other answer passes as it came.
 */
export function quotaRefusals(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.status !== 429 || !response.body) return response;
    const bytes = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    if (saysNoQuota(bytes.toString('utf8'))) headers.set('x-should-retry', 'false');
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers });
  };
}
