import { afterEach, expect, it, vi } from 'vitest';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env['OPENAI_LOG'];
});

// The SDK logs to the console at the level OPENAI_LOG names: a workflow that set it to debug printed every prompt and
// answer (a PR's text, a tool's output, a model's `::error …::` line) to the job log, past the redactor and the
// neutraliser every other line goes through, where the runner reads workflow commands.
it('prints nothing of a call to the console, whatever OPENAI_LOG says', async (context) => {
  const chat = await startChatServer(() => textAnswer('::error title=forged::done'));
  context.onTestFinished(() => chat.close());
  process.env['OPENAI_LOG'] = 'debug';
  const printed: unknown[] = [];
  for (const method of ['log', 'debug', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((...args) => void printed.push(...args));
  const client = createOpenAIModelClient({ baseURL: chat.baseURL, apiKey: 'sk-test-secret', model: 'm', timeoutMs: 5_000, maxRetries: 0 });
  const answer = await client.complete({ model: 'm', messages: [{ role: 'user', content: 'the secret plan' }] }, { purpose: 'step:1' });
  expect(answer.choices[0]?.message.content).toBe('::error title=forged::done');
  expect(printed).toEqual([]);
});
