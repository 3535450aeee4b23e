// The action stopped (SIGINT) after any line it writes to the log: the outputs, the summary and the trace
// still agree with each other, nothing stays ⏳, and the status is cancelled unless the verdict came first.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Acted
model: { name: gpt-4.1-mini }
toolsets: [math]
tools:
  post: { description: posts, command: [sh, -c, "cat >/dev/null; echo posted >> posts.txt; echo posted"], side_effects: true }
workflow_sequence:
  - { id: a, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }
  - { id: post, type: tool_call, tool: post, args: {}, depends_on: [a] }
  - { id: think, type: reasoning, description: Sum it up, depends_on: [post] }
goals:
  - { name: ran, command: [sh, -c, "cat >/dev/null"] }
  - { name: judged, judge: The summary is fine. }
`;

let workspace: string;
let chat: ChatServer;
beforeAll(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-stop-action-'));
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  chat = await startChatServer((request) => textAnswer(JSON.stringify(request.body.response_format ?? '').includes('goal_verdict') ? '{"met": true, "reason": "fine"}' : 'all done'));
});
afterAll(async () => {
  await chat.close();
  await rm(workspace, { recursive: true, force: true });
});

/** One action run, stopped on the turn after its `after`-th write to the log. */
async function act(after: number | undefined) {
  const given: Record<string, string> = { plan: 'plan.yml', 'api-key': 'sk-test', 'base-url': chat.baseURL, state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const controller = new AbortController();
  const { io, said } = recordingIO();
  let writes = 0;
  const counted = (write: (text: string) => void) => (text: string) => {
    if (writes++ === after) setImmediate(() => controller.abort('SIGINT'));
    write(text);
  };
  const result = await runAction(read.settings, { io: { ...io, write: counted(io.write), info: counted(io.info) }, redact: createRedactor(), clock: systemClock, signal: controller.signal });
  await result.published;
  return { result, said, writes };
}

it('stopped after any line of its log: outputs, summary and trace agree', async () => {
  const whole = await act(undefined);
  expect(whole.result.outputs.status).toBe('succeeded');
  for (let after = 0; after < whole.writes; after += 1) {
    const { result, said } = await act(after);
    const read = traceEvents({ file: result.outputs.trace, text: await readFile(result.outputs.trace, 'utf8') });
    if (!read.ok) throw new Error(read.problem);
    const events: RunEvent[] = read.events;
    const verdict = events.at(-1);
    expect(verdict?.type).toBe('goals_checked');
    if (verdict?.type !== 'goals_checked') continue;
    expect(result.outputs.status).toBe(verdict.status);
    expect(['cancelled', 'succeeded']).toContain(verdict.status);
    expect(said.summary).not.toContain('⏳');
    expect(said.summary).toContain(verdict.status === 'succeeded' ? 'succeeded' : 'cancelled');
    // The usage outputs are the trace's final figures.
    expect(result.outputs['model-calls']).toBe(String(verdict.usage?.modelCalls));
    expect(result.outputs['prompt-tokens']).toBe(String(verdict.usage?.promptTokens));
    // Goals met only when the run succeeded.
    expect(result.outputs['goals-met']).toBe(verdict.status === 'succeeded' ? 'true' : 'false');
    if (verdict.status !== 'succeeded') expect(result.failure).toMatch(/cancelled/);
  }
});
