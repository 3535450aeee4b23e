import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';

/** A server answering as Azure OpenAI does: its deployment route with `api-version`, else its 404 body. */
let server: ReturnType<typeof createServer>;
let origin: string;
const seen: string[] = [];

function answer(req: IncomingMessage): { status: number; body: unknown } {
  if (req.headers['api-key'] !== 'azure-key') {
    const message = 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.';
    return { status: 401, body: { error: { code: '401', message } } };
  }
  const url = new URL(req.url ?? '/', 'http://azure');
  if (url.pathname !== '/openai/deployments/gpt-4o-prod/chat/completions' || url.searchParams.get('api-version') !== '2024-10-21') {
    return { status: 404, body: { error: { code: '404', message: 'Resource not found' } } };
  }
  const choice = { index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' };
  return { status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'gpt-4o-2024-08-06', choices: [choice] } };
}

beforeEach(async () => {
  seen.length = 0;
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The model client's fetch, sending a request for an Azure host to the local server. */
const onLocalServer: typeof fetch = (input, init) => fetch(String(input).replace('https://contoso.openai.azure.com', origin), init);

describe('a base-url with a query (Azure’s ?api-version=)', () => {
  // Found by an adversarial pass: the SDK appends /chat/completions to the base URL as text, so it landed in
  // the query (`?api-version=2024-10-21%2Fchat%2Fcompletions`) and every call failed with "404 Resource not found".
  it('keeps the query on every request, after the path', async () => {
    const client = createOpenAIModelClient({ baseURL: `https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod?api-version=2024-10-21`, apiKey: 'azure-key', fetch: onLocalServer, model: 'gpt-4o-prod', timeoutMs: 5_000, maxRetries: 0 });
    const response = await client.complete({ model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'hi' }] }, { purpose: 'step:1' });
    expect(response.choices[0]?.message.content).toBe('Hello.');
    expect(seen).toEqual(['/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21']);
  });
});

describe('an Azure OpenAI base-url', () => {
  // Found by an adversarial pass: the key went only as `Authorization: Bearer`, which Azure's deployment
  // endpoints refuse, so every call failed as 401, with a hint to check a key that was right.
  it('sends the key in the api-key header Azure reads, and not as a bearer token', async () => {
    const heard: (string | undefined)[] = [];
    const client = createOpenAIModelClient({
      baseURL: 'https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod?api-version=2024-10-21',
      apiKey: 'azure-key',
      model: 'gpt-4o-prod',
      timeoutMs: 5_000,
      maxRetries: 0,
      fetch: (input, init) => {
        heard.push(new Headers(init?.headers).get('authorization') ?? undefined);
        return onLocalServer(input, init);
      },
    });
    const response = await client.complete({ model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'hi' }] }, { purpose: 'step:1' });
    expect(response.choices[0]?.message.content).toBe('Hello.');
    expect(heard).toEqual([undefined]);
  });

  it('leaves the key a bearer token for any other host', async () => {
    const heard: (string | null)[] = [];
    const client = createOpenAIModelClient({
      baseURL: `${origin}/openai/deployments/gpt-4o-prod?api-version=2024-10-21`,
      apiKey: 'azure-key',
      model: 'gpt-4o-prod',
      timeoutMs: 5_000,
      maxRetries: 0,
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        heard.push(headers.get('authorization'), headers.get('api-key'));
        return fetch(input, init);
      },
    });
    await expect(client.complete({ model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'hi' }] }, { purpose: 'step:1' })).rejects.toThrow('401 Access denied');
    expect(heard).toEqual(['Bearer azure-key', null]);
  });
});
