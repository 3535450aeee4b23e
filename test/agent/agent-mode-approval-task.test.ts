// Found by a hunt of agent mode: approving a paused `run --agent` with another --task was refused as "the plan file
// changed", which it had not; the task is what differs, and the refusal now says so.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cliInProcessStreams } from '../helpers/cli-in-process.ts';
import { startChatServer, textAnswer } from '../helpers/chat-server.ts';
import { todos } from './agent-fixtures.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-agent-approval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PLAN = `name: Agent approval
goal: Publish a note
approval: side-effects
tools:
  publish:
    description: Publishes a note
    command: [sh, -c, "cat >> published.txt"]
    input: { type: object, properties: { title: { type: string } }, required: [title] }
    side_effects: true
`;

it('refuses an approval given with another task, saying the task differs', async () => {
  writeFileSync(path.join(dir, 'plan.yml'), PLAN);
  // No model call is made before the pause: an endpoint that takes no connection does.
  const common = ['--agent', '--base-url', 'http://127.0.0.1:9/v1', '--trace', 'trace.jsonl', '--summary', 'report.md'];
  const env = { OPENAI_API_KEY: 'sk-local-test' };
  const paused = await cliInProcessStreams(['run', 'plan.yml', '--task', 'Publish a note titled hello', ...common], { cwd: dir, env });
  expect(paused.stdout).toContain('status: awaiting-approval');
  const hash = /--approve (\S+)/.exec(paused.stdout)?.[1];
  expect(hash).toBeDefined();
  const other = await cliInProcessStreams(['run', 'plan.yml', '--task', 'Publish a note titled EVIL', ...common, '--resume', 'trace.jsonl', '--approve', hash!], { cwd: dir, env });
  expect(other.code).toBe(1);
  expect(other.stderr).toContain('the task of agent step agent differs from the one the run that asked for approval');
  expect(other.stderr).not.toContain('plan file');
});

// Found by a review: the task input is event text, taken as written. A run paused on one that quotes `${result.total}`
// and names `${inputs.x}` is approved with the same task (the plan it re-derives is the one that paused), and the
// request shows the task as written, with no input's value filled in beside it.
it('approves a task taken as written when given the same task', async () => {
  writeFileSync(path.join(dir, 'plan.yml'), `${PLAN}inputs:\n  x: { default: "filled-in value" }\n`);
  const chat = await startChatServer();
  try {
    chat.script([todos(false, [['1', 'Answer', 'completed']]), textAnswer('Nothing to publish.')]);
    const task = 'The page shows `Total: ${result.total}` and ${inputs.x}';
    const common = ['--agent', '--task', task, '--base-url', chat.baseURL, '--trace', 'written.jsonl', '--summary', 'report.md'];
    const env = { OPENAI_API_KEY: 'sk-local-test' };
    const paused = await cliInProcessStreams(['run', 'plan.yml', ...common], { cwd: dir, env });
    expect(paused.stdout).toContain('status: awaiting-approval');
    const requested = readFileSync(path.join(dir, 'written.jsonl'), 'utf8').split('\n').find((line) => line.includes('"approval_requested"'));
    expect(JSON.parse(requested!).request.pending).toEqual([expect.not.objectContaining({ args: expect.anything() })]);
    const hash = /--approve (\S+)/.exec(paused.stdout)![1]!;
    const approved = await cliInProcessStreams(['run', 'plan.yml', ...common, '--resume', 'written.jsonl', '--approve', hash], { cwd: dir, env });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain('status: succeeded');
    expect((chat.requests[0]!.body.messages.at(-1) as { content: string }).content).toContain(`your task is:\n${task}\n`);
  } finally {
    await chat.close();
  }
});
