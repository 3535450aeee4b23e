// The ReAct baseline kept the server's tool-call ids as they came: a server that sends no ids is read as
// `call_0_0` every turn, and parallel calls may share one, so replies named the same call. It keeps ids as an
// agent step does: a repeated or overlong id gets the runner's own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawToolCallsAnswer, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runReactBaseline } from './eval-fixture.ts';

let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-ids-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sums\ngoal: Add some numbers\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  chat = await startChatServer([
    rawToolCallsAnswer([{ function: { name: 'add', arguments: '{"a":1,"b":2}' } }]),
    rawToolCallsAnswer([
      { id: 'same', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } },
      { id: 'same', type: 'function', function: { name: 'multiply', arguments: '{"a":5,"b":4}' } },
    ]),
    rawToolCallsAnswer([{ id: 'x'.repeat(5_000), function: { name: 'add', arguments: '{"a":15,"b":5}' } }]),
    rawToolCallsAnswer([{ function: { name: 'add', arguments: '{"a":20,"b":1}' } }]),
    textAnswer('21'),
  ]);
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

it('the react baseline gives every call of its conversation its own id, when a server repeats one or sends none', async () => {
  await runReactBaseline(dir, chat.baseURL);
  expect(chat.requests).toHaveLength(5);
  const messages = chat.requests.at(-1)!.body.messages;
  const callIds = messages.flatMap((message) => ('tool_calls' in message && message.tool_calls ? message.tool_calls.map((call) => call.id) : []));
  expect(callIds).toHaveLength(5);
  expect(new Set(callIds).size).toBe(5);
  // Each reply answers the call it follows, in order; no id is longer than an agent step keeps.
  expect(messages.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : []))).toEqual(callIds);
  expect(Math.max(...callIds.map((id) => id.length))).toBeLessThanOrEqual(64);
  // An id the server gave once is kept as it was.
  expect(callIds[1]).toBe('same');
});
