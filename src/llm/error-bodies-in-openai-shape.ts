import { parseJson } from '../core/parse-json.ts';

/** An error body's JSON, when it is an object. */
type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** FastAPI's validation details, `[{loc, msg}, …]`: their messages, joined. */
function detailMessages(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  const messages = detail.map((item) => (isObject(item) && typeof item['msg'] === 'string' ? item['msg'] : '')).filter(Boolean);
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/**
 * The message of an error body that does not keep it where the SDK reads it (`error.message`): at the top
 * (SGLang, FastChat, vLLM before 0.10.2: `{object: "error", message}`), under FastAPI's `detail`, or as an
 * `error` that is text (TGI). Undefined for a body in OpenAI's shape, or one that says nothing readable.
 */
function misplacedMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = parseJson(text);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  if (typeof body['error'] === 'string') return body['error'];
  if (body['error'] !== undefined && body['error'] !== null) return undefined;
  return typeof body['message'] === 'string' ? body['message'] : detailMessages(body['detail']);
}

/**
 * `fetch` whose error answers carry their message where the `openai` SDK reads it, `{"error": {"message"}}`:
 * the SDK takes nothing else from a JSON body, so a server that wrote it elsewhere failed the call with
 * "400 no error message", the endpoint's reason (a prompt over the context window, a model not served)
 * shown nowhere (found by an adversarial pass). The body is read when the SDK reads it; one it cancels (an
 * error it retries) is cancelled, and one that cannot be read fails as it would have.
 */
export function errorBodiesInOpenAIShape(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    // A status `Response` cannot take (it allows 200–599) is passed on as it came.
    if (response.ok || !response.body || response.status < 200 || response.status > 599) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunks: Uint8Array[] = [];
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
        const bytes = Buffer.concat(chunks);
        const message = misplacedMessage(bytes.toString('utf8'));
        controller.enqueue(message === undefined ? bytes : Buffer.from(JSON.stringify({ error: { message } })));
        controller.close();
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
