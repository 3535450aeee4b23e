import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeGitHubJob } from '../helpers/fake-github-job.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

// Found by an adversarial pass: a model's plan refused for a label `github.writes.labels` does not list, or for more
// comments than `max_comments`, was told (in the repair call) to list the label under github.writes or raise the cap:
// settings of the plan file, which a plan a model writes cannot set. It is told what it can do: leave the label out,
// write fewer comments; the user's error still names the setting.
const PLAN = `name: written
goal: Review the pull request and say what you found
model: { name: gpt-4.1-mini }
toolsets: [github]
`;

const label = { id: 1, type: 'tool_call', tool: 'add_labels', description: 'Label it', args: '{"issue_number": 3, "labels": ["reviewed"]}', depends_on: [] };
const comment = (id: number) => ({ id, type: 'tool_call', tool: 'add_comment', description: `Comment ${id}`, args: `{"issue_number": 3, "body": "part ${id}"}`, depends_on: [] });

let job: FakeGitHubJob;
let chat: ChatServer | undefined;

beforeEach(async () => {
  job = await FakeGitHubJob.start('written-github-writes-');
});

afterEach(async () => {
  await job.close();
  await chat?.close();
  chat = undefined;
});

async function plan(steps: unknown[]) {
  await writeFile(path.join(job.dir, 'plan.yml'), PLAN);
  const answer = textAnswer(JSON.stringify({ steps, why: 'review' }));
  chat = await startChatServer([answer, answer]);
  const outcome = await job.run('plan.yml', { baseURL: chat.baseURL, apiKey: 'sk-test' });
  expect(chat.requests).toHaveLength(2);
  const repair = String(chat.requests[1]!.body.messages.at(-1)!.content);
  const errors = outcome.kind === 'rejected' ? outcome.errors.map((error) => error.message).join('\n') : '';
  return { outcome, repair, errors };
}

it('a model’s step with a label the plan does not allow is told to leave it out, not to list it under github.writes', async () => {
  const { outcome, repair, errors } = await plan([label]);
  expect(outcome.kind).toBe('rejected');
  expect(repair).toContain("label 'reviewed' not allowed (the plan allows no labels)");
  expect(repair).not.toContain('list it under');
  expect(repair).toContain('leave it out');
  expect(errors).toContain('github.writes.labels');
});

it('a model’s plan with more comments than max_comments is told to write fewer, not to raise the cap', async () => {
  const { outcome, repair, errors } = await plan([comment(1), comment(2)]);
  expect(outcome.kind).toBe('rejected');
  expect(repair).toContain('the plan allows at most 1 comment per run');
  expect(repair).not.toContain('raise max_comments');
  expect(repair).toContain('write at most 1 add_comment');
  expect(errors).toContain('github.writes.max_comments');
});

// Found by an adversarial pass: each problem went back to the model whole, and a problem quotes what the model wrote:
// a 100 KB label came back in the repair call whole, where the replanner cuts each problem it lists.
it('a problem quoting a model’s 100 KB label is cut in the repair call', async () => {
  const huge = 'x'.repeat(100_000);
  const { outcome, repair } = await plan([{ ...label, args: JSON.stringify({ issue_number: 3, labels: [huge] }) }]);
  expect(outcome.kind).toBe('rejected');
  expect(repair).toContain("label 'xxxx");
  expect(repair).toContain('…');
  expect(repair.length).toBeLessThan(2_000);
});
