// The ReAct baseline ran every call of one answer: an answer asking for 300 calls of a tool made 300
// calls, where an agent step runs MAX_TOOL_CALLS_PER_TURN and answers the rest as not run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_TOOL_CALLS_PER_TURN, NOT_RUN_REPLY } from '../../src/steps/agent/run-agent-step.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runReactBaseline } from './eval-fixture.ts';

const ASKED = MAX_TOOL_CALLS_PER_TURN + 5;
let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-cap-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sums\ngoal: Add some numbers\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  chat = await startChatServer([
    { kind: 'completion', content: null, toolCalls: Array.from({ length: ASKED }, (_, n) => ({ name: 'add', arguments: { a: n, b: 1000 } })) },
    textAnswer('done'),
  ]);
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

it('the react baseline runs at most MAX_TOOL_CALLS_PER_TURN calls from one answer and answers the rest as not run', async () => {
  await runReactBaseline(dir, chat.baseURL);
  // The plan's own run calls no model: every request is the baseline's.
  expect(chat.requests).toHaveLength(2);
  const answers = chat.requests[1]!.body.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
  // Every call is answered, so the transcript stays valid; only the first MAX_TOOL_CALLS_PER_TURN ran.
  expect(answers).toHaveLength(ASKED);
  expect(answers.slice(0, MAX_TOOL_CALLS_PER_TURN)).toEqual(Array.from({ length: MAX_TOOL_CALLS_PER_TURN }, (_, n) => `<data tool="add">\n${n + 1000}\n</data>`));
  expect(answers.slice(MAX_TOOL_CALLS_PER_TURN)).toEqual(Array(ASKED - MAX_TOOL_CALLS_PER_TURN).fill(NOT_RUN_REPLY));
});
