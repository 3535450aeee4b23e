import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { run } from '../../src/run.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { recordingRunner } from './recording-runner.ts';

// Found by an adversarial pass: a mode: plan job whose writing passed a budget failed, yet set plan-file and logged that
// mode: run runs it as written; a later job (if: always()) would have run a plan whose writing broke its limits.

let chat: ChatServer;
let dir: string;
beforeAll(async () => {
  // The planner's one call spends 5,500 tokens of a max_tokens of 1,000.
  chat = await startChatServer(() => textAnswer(JSON.stringify({ steps: [{ id: 1, type: 'tool_call', tool: 'multiply', args: { a: 3, b: 4 }, depends_on: [], why: 'the product' }] }), { usage: { prompt_tokens: 5000, completion_tokens: 500 } }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'hunt-out-plan-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: math\ngoal: Compute 3 x 4\ntoolsets: [math]\nlimits: { max_tokens: 1000 }\n');
});
afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

it('mode: plan whose writing passed a budget fails, and hands on no plan-file', async () => {
  for (const [name, value] of Object.entries({ GITHUB_WORKSPACE: dir, RUNNER_TEMP: path.join(dir, 'rt'), GITHUB_STATE: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' })) vi.stubEnv(name, value);
  const { commands, told } = recordingRunner({ plan: 'plan.yml', mode: 'plan', 'base-url': chat.baseURL, 'api-key': 'local-key-xyz', comment: 'never', state: 'off', 'fail-on-unmet-goals': 'true', 'check-run': 'false', resume: 'auto', 'state-retention-days': '7' });
  try {
    await run(commands);
  } finally {
    vi.unstubAllEnvs();
  }
  expect(told.outputs['status']).toBe('failed');
  expect(told.failed.join('\n')).toContain('budget exceeded: max_tokens 1,000');
  expect(told.outputs['plan-file']).toBe('');
});
