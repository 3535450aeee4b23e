// The ReAct baseline kept every tool reply in its conversation and sent it whole each turn, as the agent
// step did before AGENT_REPLY_CHAR_LIMIT: the conversation, and the cost of the baseline, grew as the
// square of its turns. It now keeps the budget the agent step keeps.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runReactLoop } from '../../src/eval/react-loop.ts';
import { createOpenAIModelClient } from '../../src/llm/openai-model-client.ts';
import { AGENT_REPLY_CHAR_LIMIT } from '../../src/steps/agent/reply-budget.ts';
import { startChatServer, textAnswer, toolCallAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { pageTool } from '../helpers/page-tool.ts';

const TURNS = 40;
// A made-up name long enough that its reply is longer than the line that would stand for it.
const MADE_UP = 'no_such_tool_'.padEnd(100, 'z');
let chat: ChatServer;


beforeAll(async () => {
  chat = await startChatServer([toolCallAnswer(MADE_UP, {}), ...Array.from({ length: TURNS }, () => toolCallAnswer('page', {})), textAnswer('Read them all')]);
});

afterAll(async () => {
  await chat.close();
});

it(`keeps at most ${AGENT_REPLY_CHAR_LIMIT.toLocaleString('en-US')} characters of tool replies, the oldest giving way to a line that names only offered tools`, async () => {
  const model = createOpenAIModelClient({ baseURL: chat.baseURL, apiKey: 'sk-test', model: 'm', timeoutMs: 5_000, maxRetries: 0 });
  const outcome = await runReactLoop({
    goal: 'Read every page',
    inputs: {},
    tools: new Map([['page', pageTool(7_000)]]),
    model,
    modelName: 'm',
    maxTurns: TURNS + 2,
    cwd: process.cwd(),
    signal: new AbortController().signal,
  });
  expect(outcome).toEqual({ ok: true, answer: 'Read them all' });
  expect(chat.requests).toHaveLength(TURNS + 2);
  const sent = chat.requests.map((request) => request.body.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)));
  for (const replies of sent) expect(replies.reduce((sum, reply) => sum + reply.length, 0)).toBeLessThanOrEqual(AGENT_REPLY_CHAR_LIMIT);
  const last = sent.at(-1)!;
  expect(last).toHaveLength(TURNS + 1);
  // The newest pages whole, the oldest given way, in order; the line never repeats a name the model made up.
  expect(sent[1]![0]).toContain(`no tool '${MADE_UP}'`);
  expect(last.at(-1)).toContain(`PAGE-${TURNS} `);
  expect(last[0]).toMatch(/^\[left out for room: the reply of 'an unknown tool' here, \d+ characters; call it again if you need it\]$/);
  expect(last[1]).toMatch(/^\[left out for room: the reply of 'page' here, 7\d{3} characters; call it again if you need it\]$/);
  const firstKept = last.findIndex((reply) => !reply.startsWith('[left out'));
  expect(firstKept).toBeGreaterThan(0);
  expect(last.slice(firstKept).every((reply) => !reply.startsWith('[left out'))).toBe(true);
});
