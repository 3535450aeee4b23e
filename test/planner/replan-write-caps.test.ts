import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeGitHubJob } from '../helpers/fake-github-job.ts';
import { startChatServer, textAnswer, type ChatScript, type ChatServer } from '../helpers/chat-server.ts';

// Found by an adversarial pass: a replacement was checked against `github.writes` counting each completed step it keeps
// as the plan file counts a step (a kept `for_each` comment step as one comment, a kept agent as none), not by what the
// run had written: a replan's one comment after a `for_each` that wrote none was refused, and the run escalated.
const plan = (caps: string, listed: string) => `name: caps
model: { name: gpt-4.1-mini }
toolsets: [github]
github: { writes: { ${caps} } }
limits: { max_replans: 1 }
tools:
  notes: { description: The notes to post, command: [node, -e, "process.stdout.write(JSON.stringify(${listed}))"], input: { type: object } }
  tests: { description: Runs the tests, command: [sh, -c, "exit 3"], input: { type: object } }
workflow_sequence:
  - { id: notes, type: tool_call, tool: notes, args: {} }
  - { id: post, type: tool_call, tool: add_comment, description: Post each note, for_each: "\${steps.notes.result}", depends_on: [notes], args: { issue_number: 3, body: "\${item}" } }
  - { id: tests, type: tool_call, tool: tests, args: {}, depends_on: [post] }
`;

const comment = { id: 'report', type: 'tool_call', tool: 'add_comment', description: 'Say the tests failed', args: '{"issue_number": 3, "body": "tests failed"}', depends_on: [] };

let job: FakeGitHubJob;
let chat: ChatServer | undefined;

beforeEach(async () => {
  job = await FakeGitHubJob.start('replan-write-caps-');
});

afterEach(async () => {
  expect(job.api.problems).toEqual([]);
  await job.close();
  await chat?.close();
  chat = undefined;
});

async function run(planText: string, script: ChatScript) {
  await writeFile(path.join(job.dir, 'plan.yml'), planText);
  chat = await startChatServer(script);
  const outcome = await job.run('plan.yml', { baseURL: chat.baseURL, apiKey: 'sk-test' });
  if (outcome.kind !== 'ran') throw new Error(JSON.stringify(outcome));
  return outcome;
}

it('a replan’s comment after a for_each step that wrote none is checked against the comments written, and posted', async () => {
  const outcome = await run(plan('max_comments: 1', '[]'), [textAnswer(JSON.stringify({ steps: [comment], why: 'report it' }))]);
  expect(outcome.run.reason ?? '').not.toContain('could not write a valid plan');
  expect(outcome.status).toBe('succeeded');
  expect(job.posted).toEqual(['tests failed']);
});

it('a replan’s comment after a for_each step that wrote the cap’s worth is refused before it runs, saying how many were written', async () => {
  const outcome = await run(plan('max_comments: 2', "['a', 'b']"), [textAnswer(JSON.stringify({ steps: [comment], why: 'report it' }))]);
  expect(outcome.status).toBe('escalated');
  expect(outcome.run.reason).toContain('could not write a valid plan');
  expect(outcome.run.reason).toContain('2 were already written');
  expect(job.posted).toEqual(['a', 'b']);
});
