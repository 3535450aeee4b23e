// The answers file's server counted a request's tokens from its messages alone: the tool definitions the ReAct baseline
// sends with every turn, and the planner's response format, were in no count, though an endpoint bills them and
// plan-runner's own estimate for an endpoint without usage counts them (found by an eval hunt).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { estimatePromptTokens } from '../../src/llm/call-usage.ts';
import type { ChatRequest } from '../../src/llm/model-client.ts';
import { startScriptedChatServer, type ScriptedChatServer } from '../../src/eval/scripted-chat-server.ts';

let server: ScriptedChatServer;

beforeAll(async () => {
  server = await startScriptedChatServer({ react: [{ text: 'done' }] });
});

afterAll(async () => {
  await server.close();
});

it('counts a request’s tool definitions in its prompt tokens, as plan-runner’s own estimate does', async () => {
  const parameters = { type: 'object', properties: { query: { type: 'string', description: 'x'.repeat(4_000) } } };
  const request = { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Task: find it' }], tools: [{ type: 'function', function: { name: 'search', description: 'Search the web', parameters } }] } as ChatRequest;
  const response = await fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-plan-runner-purpose': 'react', 'x-plan-runner-run': '1' },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { usage: { prompt_tokens: number; completion_tokens: number } };
  expect(body.usage.prompt_tokens).toBe(estimatePromptTokens(request));
  expect(body.usage.prompt_tokens).toBeGreaterThan(1_000);
  expect(body.usage.completion_tokens).toBe(1);
});
