// The eval's ReAct baseline read a model's answer otherwise than an agent step: it refused `"arguments": "null"`
// (a tool without parameters, as some servers write none), ran calls of another type than `function` as functions,
// and told the model a tool's error of any length. It reads answers by the agent step's rules now
// (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawToolCallsAnswer, startChatServer, textAnswer, type ChatServer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runReactBaseline } from './eval-fixture.ts';

let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-readers-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: files\ngoal: List the files\ntoolsets: [files]\nworkflow_sequence:\n  - { id: s, type: tool_call, tool: list_files, args: {} }\n');
  await writeFile(path.join(dir, 'marker-file.txt'), 'hello\n');
  chat = await startChatServer([]);
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

/** The messages of the baseline's second request, after `answer` and then a final text. */
async function afterAnswer(answer: ScriptedReply) {
  const before = chat.requests.length;
  chat.script([answer, textAnswer('done')]);
  await runReactBaseline(dir, chat.baseURL);
  expect(chat.requests.length - before).toBe(2);
  return chat.requests[before + 1]!.body.messages;
}

describe('the react baseline reads tool calls as an agent step does', () => {
  it('runs a call whose arguments are "null" as one without arguments', async () => {
    const messages = await afterAnswer(rawToolCallsAnswer([{ id: 'c1', type: 'function', function: { name: 'list_files', arguments: 'null' } }]));
    const reply = messages.at(-1)!;
    expect(reply).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(String(reply.content)).toContain('marker-file.txt');
  });

  it('does not run a call of another type than function, and tells the model why', async () => {
    const messages = await afterAnswer(rawToolCallsAnswer([{ id: 'c1', type: 'custom', function: { name: 'list_files', arguments: '{}' } }], 'I will list them'));
    expect(messages.some((message) => message.role === 'tool')).toBe(false);
    expect(messages.at(-2)).toMatchObject({ role: 'assistant', content: 'I will list them' });
    expect(messages.at(-1)).toMatchObject({ role: 'user' });
    expect(String(messages.at(-1)!.content)).toContain('only tool calls of type "function" are run');
  });

  it('tells the model a tool’s error cut as an agent step’s is', async () => {
    const messages = await afterAnswer(rawToolCallsAnswer([{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path: `${'x'.repeat(20_000)}.txt` }) } }]));
    const reply = String(messages.at(-1)!.content);
    expect(reply).toContain('The tool failed');
    expect(reply.length).toBeLessThan(4_500);
  });
});
