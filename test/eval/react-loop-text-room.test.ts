// The ReAct baseline kept the text its model wrote beside its calls whole and resent it every turn, uncounted by
// the room it keeps for tool replies and arguments, where an agent step counts it: 20 turns of 20,000 characters
// sent 400,000 of them in the last request (found by an adversarial pass).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runReactLoop } from '../../src/eval/react-loop.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { AGENT_REPLY_CHAR_LIMIT } from '../../src/steps/agent/reply-budget.ts';
import { startChatServer, textAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';
import { pageTool } from '../helpers/page-tool.ts';

const TURNS = 20;
const talk = (turn: number): ScriptedReply => ({ kind: 'completion', content: `Turn ${turn}: ${'x'.repeat(20_000)}`, toolCalls: [{ name: 'page', arguments: {} }] });
let chat: ChatServer;

beforeAll(async () => {
  chat = await startChatServer([...Array.from({ length: TURNS }, (_, turn) => talk(turn + 1)), textAnswer('Done')]);
});

afterAll(async () => {
  await chat.close();
});

it('keeps the text beside its calls within the room an agent step keeps, the oldest giving way to a line', async () => {
  const model = createOpenAIModelClient({ baseURL: chat.baseURL, apiKey: 'sk-test', model: 'm', timeoutMs: 5_000, maxRetries: 0 });
  const outcome = await runReactLoop({ goal: 'Read', inputs: {}, tools: new Map([['page', pageTool(100)]]), model, modelName: 'm', maxTurns: TURNS + 1, cwd: process.cwd(), signal: new AbortController().signal });
  expect(outcome).toEqual({ ok: true, answer: 'Done' });
  const last = chat.requests.at(-1)!.body.messages.filter((message) => message.role === 'assistant').map((message) => String(message.content ?? ''));
  expect(last).toHaveLength(TURNS);
  expect(last.reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(AGENT_REPLY_CHAR_LIMIT);
  expect(last[0]).toMatch(/^\[left out for room: your message here, \d+ characters\]$/);
  expect(last.at(-1)).toContain(`Turn ${TURNS}: `);
});
