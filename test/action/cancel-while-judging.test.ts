// A run cancelled while its goals were checked: the summary, the comment and the check run said why
// ("cancelled while the goals were being checked"), but the trace's goals_checked line had no reason, and
// the log's last line ("Run cancelled in 171 ms — …") said none either: the trace is what a killed job's
// post step and every later reader go by.
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { CANCELLED_WHILE_JUDGING } from '../../src/goals/final-status.ts';
import { hang, startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Judged
toolsets: [math]
workflow_sequence:
  - { id: a, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }
goals:
  - { name: six, equals: "6" }
  - { name: plain, judge: the result is a plain number }
`;

let workspace: string;
let chat: ChatServer;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-cancel-judging-'));
  chat = await startChatServer();
});
afterEach(async () => {
  await chat.close();
  await rm(workspace, { recursive: true, force: true });
});

it('says why in the trace and the log, as the summary does, when the cancel comes while the goals are checked', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const given: Record<string, string> = { plan: 'plan.yml', 'api-key': 'sk-test', 'base-url': chat.baseURL, state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const controller = new AbortController();
  // The judge's call is the run's only model call: the job is cancelled while it waits for the answer.
  chat.script(() => {
    controller.abort('SIGTERM');
    return hang();
  });
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, signal: controller.signal });
  await result.published;
  expect(result.outputs.status).toBe('cancelled');
  expect(said.summary).toContain(`**Status:** cancelled: ${CANCELLED_WHILE_JUDGING}`);
  const last = JSON.parse((await readFile(result.outputs.trace, 'utf8')).trimEnd().split('\n').at(-1)!) as { type: string; status: string; reason?: string };
  expect(last).toMatchObject({ type: 'goals_checked', status: 'cancelled', reason: CANCELLED_WHILE_JUDGING });
  expect(said.log.find((line) => line.startsWith('Run cancelled'))).toContain(`(${CANCELLED_WHILE_JUDGING})`);
});
