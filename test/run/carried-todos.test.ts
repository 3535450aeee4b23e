import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

const PLAN = `
name: Agent gate
goal: Audit
limits: { concurrency: 1 }
tools:
  slow: { description: slow, command: [node, slow.mjs] }
workflow_sequence:
  - { id: slow, type: tool_call, tool: slow, args: {}, on_failure: continue }
  - id: audit
    type: agent
    task: Audit the change.
    depends_on: []
    max_turns: 4
goals:
  - { name: every step completed, all_steps_completed: true }
`;
/**
 * Found by a review: a resume stopped before it reached the agent step carries the step's result on
 * (`result_carried`) for the run after it; carried without its TODO list, that run reused the step with
 * none, and the gate passed.
 */
let server: ChatServer;
let dir: string;
beforeAll(async () => {
  server = await startChatServer([]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'carried-'));
  await writeFile(path.join(dir, 'slow.mjs'), `import fs from 'node:fs'; const m = fs.readFileSync('mode','utf8').trim(); if (m==='fail') process.exit(1); if (m==='sleep') await new Promise(r=>setTimeout(r,60000)); process.stdout.write('"ok"')`);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
/** A job of PLAN whose `slow` step fails, sleeps 60 s or answers (`mode`), cancelled after `cancelAfter` ms if given. */
async function job(mode: string, resume?: ResumeTrace[], cancelAfter?: number) {
  await writeFile(path.join(dir, 'mode'), mode);
  return runTracedJob(dir, PLAN, server, { ...(resume && { resume }), ...(cancelAfter !== undefined && { signal: AbortSignal.timeout(cancelAfter) }) });
}

it('a step carried through a resume that never reached it keeps its TODO list for the run after', async () => {
  server.script((request) => (request.body.messages.some((message) => message.role === 'tool') ? textAnswer('done') : todos(false, [['1', 'Run the audit', 'in_progress']])));
  const first = await job('fail');
  expect(first).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("1 of 1 of the agent's TODOs not done") });
  // Cancelled while `slow` runs (60 s), before `audit`'s turn (concurrency 1): `audit` is carried, not reused.
  const second = await job('sleep', [first.trace], 1500);
  expect(second.status).toBe('cancelled');
  expect(second.trace.text).toMatch(/"type":"result_carried","stepKey":"audit".*"todos":\[\{"id":"1","content":"Run the audit","status":"in_progress"\}\]/);
  const asked = server.requests.length;
  const third = await job('ok', [second.trace]);
  expect(server.requests.length).toBe(asked);
  expect(third).toMatchObject({ status: 'goals-unmet', goal: expect.stringContaining("1 of 1 of the agent's TODOs not done: Run the audit (in progress)") });
}, 30_000);
