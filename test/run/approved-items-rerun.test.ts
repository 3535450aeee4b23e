import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ResumeTrace } from '../../src/run/read-resume-trace.ts';
import { todos } from '../agent/agent-fixtures.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { runTracedJob } from '../helpers/traced-job.ts';

const PLAN = `
name: Agent items
goal: Review each package
tools:
  list: { description: the packages, command: [printf, '%s', '["web","api"]'] }
  publish: { description: publish, command: [node, publish.mjs] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - id: review
    type: agent
    approval: true
    task: Review package \${item}.
    for_each: \${steps.list.result}
    key: \${item}
    max_turns: 4
  - { id: publish, type: tool_call, tool: publish, args: {} }
`;
// Found by a review: a for_each agent step whose agents kept TODO lists was reused item by item, not whole,
// so a re-run of an approved run asked for approval of it again, though nothing in it would run.
let server: ChatServer;
let dir: string;
beforeAll(async () => {
  server = await startChatServer([]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'appr-'));
  await writeFile(path.join(dir, 'publish.mjs'), `import fs from 'node:fs'; if (fs.readFileSync('mode','utf8').trim()==='fail') process.exit(1); process.stdout.write('"ok"')`);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
/** A job of PLAN whose `publish` step fails or answers (`mode`). */
async function job(mode: string, resume?: ResumeTrace[], approve?: { hash: string }) {
  await writeFile(path.join(dir, 'mode'), mode);
  return runTracedJob(dir, PLAN, server, { ...(resume && { resume }), ...(approve && { approve }) });
}

it('a re-run of an approved run reuses its for_each agent step whole, and asks nothing again', async () => {
  server.script((request) => (request.body.messages.some((message) => message.role === 'tool') ? textAnswer('fine') : todos(false, [['1', 'Check', 'completed']])));
  const first = await job('fail');
  expect(first.status).toBe('awaiting-approval');
  const hash = (JSON.parse(first.trace.text.split('\n').find((line) => line.includes('"approval_requested"'))!) as { request: { hash: string } }).request.hash;
  const second = await job('fail', [first.trace], { hash });
  expect(second.status).toBe('escalated');
  const asked = server.requests.length;
  const third = await job('ok', [second.trace]);
  expect(third.status).toBe('succeeded');
  expect(server.requests.length).toBe(asked);
  expect(third.trace.text).not.toContain('"approval_requested"');
  expect(third.trace.text).toMatch(/"type":"step_completed","stepKey":"review".*"reused"/);
}, 30_000);
