// The ReAct baseline asked its model at the endpoint's default temperature, while the plan it is compared with asked
// at its `model.temperature` (0 here): the baseline was sampled, the plan not (found by an eval hunt).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runReactBaseline } from './eval-fixture.ts';

let dir: string;
let chat: ChatServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-temperature-'));
  await writeFile(
    path.join(dir, 'plan.yml'),
    [
      'name: sum',
      'goal: Add 1 and 2',
      'model: { name: gpt-4.1-mini, temperature: 0 }',
      'toolsets: [math]',
      'workflow_sequence:',
      '  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
      '  - { id: b, type: reasoning, description: Say the sum of step a, depends_on: [a] }',
      '',
    ].join('\n'),
  );
  chat = await startChatServer(() => textAnswer('The sum is 3.'));
});

afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

it('the react baseline asks its model at the plan’s temperature, as the plan’s steps do', async () => {
  await runReactBaseline(dir, chat.baseURL);
  // The plan's reasoning step, then the baseline's one turn.
  expect(chat.requests.map((request) => request.body.temperature)).toEqual([0, 0]);
});
