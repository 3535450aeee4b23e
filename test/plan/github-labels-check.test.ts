// Found by an adversarial pass: a tool_call step that sets a label written out in its args (add_labels,
// create_issue) which `github.writes.labels` does not list passed `validate`, and the run refused it at that
// step, after the steps before it had written what they write.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeGitHubJob } from '../helpers/fake-github-job.ts';

let job: FakeGitHubJob;

beforeEach(async () => {
  job = await FakeGitHubJob.start('github-labels-check-', {
    'issues/list-labels-on-issue': () => ({ body: [] }),
    'issues/add-labels': () => ({ body: [{ name: 'reviewed' }] }),
  });
});

afterEach(async () => {
  expect(job.api.problems).toEqual([]);
  await job.close();
});

const steps = [
  'workflow_sequence:',
  '  - { id: note, type: tool_call, tool: add_comment, args: { issue_number: 3, body: Looked at it } }',
  '  - { id: label, type: tool_call, tool: add_labels, depends_on: [note], args: { issue_number: 3, labels: [Reviewed] } }',
  '',
];

it('refuses a label written in a step’s args that github.writes.labels does not list, in validate and before the run writes anything', async () => {
  await writeFile(path.join(job.dir, 'plan.yml'), ['name: Labels', 'toolsets: [github]', 'github: { writes: { labels: [triaged] } }', ...steps].join('\n'));
  const message = "label 'Reviewed' not allowed (allowed: triaged): add_labels refuses it when the step runs; list it under github: { writes: { labels: [...] } }, or leave it out (at workflow_sequence[1].args.labels[0])";
  expect(await job.validate('plan.yml')).toEqual([`plan.yml:6:107: ${message}`, 'plan.yml: 1 error']);
  const outcome = await job.run('plan.yml');
  expect(outcome.kind).toBe('rejected');
  expect(job.posted).toEqual([]);
});

it('accepts the label once github.writes.labels lists it, in any case', async () => {
  await writeFile(path.join(job.dir, 'plan.yml'), ['name: Labels', 'toolsets: [github]', 'github: { writes: { labels: [reviewed] } }', ...steps].join('\n'));
  expect(await job.validate('plan.yml')).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/)]);
  const outcome = await job.run('plan.yml');
  expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  expect(job.posted).toEqual(['Looked at it']);
});

it('refuses such a label in a used plan’s step, by the top plan’s github.writes.labels', async () => {
  await writeFile(path.join(job.dir, 'inner.yml'), ['name: Inner', 'toolsets: [github]', ...steps].join('\n'));
  await writeFile(path.join(job.dir, 'top.yml'), ['name: Top', 'toolsets: [github]', 'workflow_sequence:', '  - { id: review, type: plan, uses: inner.yml }', ''].join('\n'));
  expect(await job.validate('top.yml')).toEqual([
    "top.yml:4:37: the plan inner.yml: step label: label 'Reviewed' not allowed (the plan allows no labels): add_labels refuses it when the step runs; list it under github: { writes: { labels: [...] } } in this plan, which the plans it uses write with, or leave it out (at workflow_sequence[0].uses)",
    'top.yml: 1 error',
  ]);
  expect((await job.run('top.yml')).kind).toBe('rejected');
  expect(job.posted).toEqual([]);
  await writeFile(path.join(job.dir, 'top.yml'), ['name: Top', 'toolsets: [github]', 'github: { writes: { labels: [reviewed] } }', 'workflow_sequence:', '  - { id: review, type: plan, uses: inner.yml }', ''].join('\n'));
  expect(await job.validate('top.yml')).toEqual([expect.stringMatching(/^ok top\.yml: 1 step/)]);
});
