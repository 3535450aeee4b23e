import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';

/** A server answering as Azure OpenAI does: its deployment route with `api-version`, else its 404 body. */
let server: ReturnType<typeof createServer>;
let origin: string;
const seen: string[] = [];

function answer(req: IncomingMessage): { status: number; body: unknown } {
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

describe('a base-url with a query (Azure’s ?api-version=)', () => {
  // Found by an adversarial pass: the SDK appends /chat/completions to the base URL as text, so it landed in
  // the query (`?api-version=2024-10-21%2Fchat%2Fcompletions`) and every call failed with "404 Resource not found".
  it('keeps the query on every request, after the path', async () => {
    const client = createOpenAIModelClient({ baseURL: `${origin}/openai/deployments/gpt-4o-prod?api-version=2024-10-21`, apiKey: 'k', model: 'gpt-4o-prod', timeoutMs: 5_000, maxRetries: 0 });
    const response = await client.complete({ model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'hi' }] }, { purpose: 'step:1' });
    expect(response.choices[0]?.message.content).toBe('Hello.');
    expect(seen).toEqual(['/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21']);
  });
});
