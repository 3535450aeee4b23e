import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { redactFigure } from '../../src/core/redact-output.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { run } from '../../src/run.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { recordingRunner } from './recording-runner.ts';

// Found by an adversarial pass: with a 6-digit password under a secret name (all-digit values of 6 or more digits are
// secrets), outputs were redacted as text: 1,123,456 prompt tokens became `1***`, which an `if:` compares as no number
// (a gate on it passed), and the eval's `result` and figures file were no JSON. A figure is hidden only when it is a
// secret whole, as the trace and the summary hide one.
const PLAN = `name: t
model: { name: my-model }
pricing:
  my-model: { input_per_mtok: 0.1, output_per_mtok: 0.1 }
limits: { max_tokens: 100000000 }
workflow_sequence:
  - { id: 1, type: reasoning, description: say hi }
`;
let chat: ChatServer;
let dir: string;
beforeAll(async () => {
  chat = await startChatServer(() => textAnswer('hello', { usage: { prompt_tokens: 1_123_456, completion_tokens: 7 } }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'hunt-out-numbers-'));
  await writeFile(path.join(dir, 'plan.yml'), PLAN);
});
afterAll(async () => {
  await chat.close();
  await rm(dir, { recursive: true, force: true });
});

async function act(mode: string) {
  for (const [name, value] of Object.entries({ GITHUB_WORKSPACE: dir, RUNNER_TEMP: path.join(dir, 'rt'), DEPLOY_PASSWORD: '123456', GITHUB_STATE: '', GITHUB_OUTPUT: '', GITHUB_STEP_SUMMARY: '' })) vi.stubEnv(name, value);
  const { commands, told } = recordingRunner({ plan: 'plan.yml', mode, 'base-url': chat.baseURL, 'api-key': 'local-key-xyz', comment: 'never', state: 'off', ...(mode === 'eval' && { 'eval-runs': '1' }), 'fail-on-unmet-goals': 'true', 'check-run': 'false', resume: 'auto', 'state-retention-days': '7' });
  try {
    await run(commands);
  } finally {
    vi.unstubAllEnvs();
  }
  return told;
}

it('a number output is the number: a secret that is only part of its digits is no secret there', async () => {
  const told = await act('run');
  expect(told.failed).toEqual([]);
  expect(told.outputs['prompt-tokens']).toBe('1123456');
  expect(told.outputs['result']).toBe('hello');
  expect(told.outputs['cost-usd']).toMatch(/^\d+\.\d+$/);
});

it("mode eval's result output (and figures file) stays JSON for fromJSON", async () => {
  const told = await act('eval');
  expect(() => JSON.parse(told.outputs['result']!)).not.toThrow();
  expect(JSON.stringify(JSON.parse(told.outputs['result']!))).toContain('1123456');
  const folder = path.join(dir, 'rt', 'plan-runner');
  const file = (await readdir(folder)).find((name) => name.endsWith('.eval.json'))!;
  const figures = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as unknown;
  expect(JSON.stringify(figures)).toContain('1123456');
});

it('hides a figure that is a secret whole; text, a signed or decimal secret included, is redacted as text', () => {
  const redact = createRedactor(['123456']);
  expect(redactFigure('1123456', redact)).toBe('1123456');
  expect(redactFigure('0.123456', redact)).toBe('0.123456');
  expect(redactFigure('123456', redact)).toBe('***');
  expect(redactFigure('123456.0', redact)).toBe('***');
  // Found by a review: a tool's or model's text is no figure plan-runner computed.
  for (const text of ['-123456', '123456e0', '{"pin": -123456}', 'the pin is 123456']) expect(redactFigure(text, redact)).not.toContain('123456');
});
