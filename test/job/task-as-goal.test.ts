// Found by an adversarial pass: a `task` given with a plan file that has its own goal was the planner's goal
// only. The plan the model wrote was validated from the file's source, so the file's goal came back: every
// step was told another goal of the run than the one it was written for, and so were replans, the summary
// and the approval request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let chat: ChatServer;
beforeEach(async () => {
  chat = await startChatServer();
});
afterEach(async () => {
  await chat.close();
});

it('keeps the task as the goal of the run once the model has written the steps: the steps and the reports are told the task, not the file’s goal', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'plan-runner-task-goal-'));
  writeFileSync(join(dir, 'plan.yml'), 'name: Triage\ngoal: Triage the newest issue\n');
  chat.script([textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'reasoning', description: 'Answer the question', depends_on: [] }] })), textAnswer('It is 20.')]);
  const outcome = await runJob(
    { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: {}, model: { baseURL: chat.baseURL, apiKey: 'sk-test' }, task: 'Say what (2 + 3) * 4 is' },
    { listeners: [], clock: new ManualClock() },
  );
  expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  expect(outcome.kind === 'ran' && outcome.plan.goal).toBe('Say what (2 + 3) * 4 is');
  const prompts = chat.requests.map((request) => JSON.stringify(request.body.messages));
  expect(prompts[0]).toContain('Goal: Say what (2 + 3) * 4 is');
  expect(prompts[1]).toContain('Goal of the run: Say what (2 + 3) * 4 is');
  expect(prompts.join('\n')).not.toContain('Triage the newest issue');
});
