// Found by an adversarial pass: a plan whose tool_call steps call add_comment (or create_issue) more times than
// `github.writes` allows (two steps under the default max_comments: 1) passed `validate`, and the run refused the
// write past the cap at its step, after the comments before it were posted.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FakeGitHubJob } from '../helpers/fake-github-job.ts';

let job: FakeGitHubJob;

beforeEach(async () => {
  job = await FakeGitHubJob.start('github-write-caps-check-');
});

afterEach(async () => {
  expect(job.api.problems).toEqual([]);
  await job.close();
});

const twoComments = [
  'workflow_sequence:',
  '  - { id: first, type: tool_call, tool: add_comment, args: { issue_number: 3, body: one } }',
  '  - { id: second, type: tool_call, tool: add_comment, depends_on: [first], args: { issue_number: 3, body: two } }',
  '',
];

it('refuses two add_comment steps under the default max_comments: 1 at the second, in validate and before the run posts anything', async () => {
  await writeFile(path.join(job.dir, 'plan.yml'), ['name: Comments', 'toolsets: [github]', ...twoComments].join('\n'));
  const message =
    'the plan allows at most 1 comment per run, and steps first, second call add_comment 2 times in every run that completes them: it refuses the one past the cap when this step runs, after the ones before it were written; raise max_comments under github: { writes: { max_comments: 2 } }, or combine the writes into fewer steps (at workflow_sequence[1].tool)';
  expect(await job.validate('plan.yml')).toEqual([`plan.yml:5:42: ${message}`, 'plan.yml: 1 error']);
  expect((await job.run('plan.yml')).kind).toBe('rejected');
  expect(job.posted).toEqual([]);
});

it('accepts them under a cap that allows both, and they are both posted', async () => {
  await writeFile(path.join(job.dir, 'plan.yml'), ['name: Comments', 'toolsets: [github]', 'github: { writes: { max_comments: 2 } }', ...twoComments].join('\n'));
  expect(await job.validate('plan.yml')).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/)]);
  const outcome = await job.run('plan.yml');
  expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  expect(job.posted).toEqual(['one', 'two']);
});

it('refuses a create_issue step under max_issues: 0, and counts no step whose writes are not certain (for_each, agent)', async () => {
  await writeFile(
    path.join(job.dir, 'plan.yml'),
    [
      'name: Issues',
      'toolsets: [github]',
      'github: { writes: { max_issues: 0 } }',
      'tools:',
      `  list: { description: Numbers, command: [node, -e, "process.stdout.write('[1, 2]')"] }`,
      'workflow_sequence:',
      '  - { id: list, type: tool_call, tool: list, args: {} }',
      '  - { id: each, type: tool_call, tool: add_comment, for_each: "${steps.list.result}", args: { issue_number: "${item}", body: hi } }',
      '  - { id: agent, type: agent, task: Comment once, tools: [add_comment], depends_on: [] }',
      '  - { id: note, type: tool_call, tool: add_comment, depends_on: [], args: { issue_number: 3, body: one } }',
      '  - { id: open, type: tool_call, tool: create_issue, depends_on: [], args: { title: Found } }',
      '',
    ].join('\n'),
  );
  expect(await job.validate('plan.yml')).toEqual([
    'plan.yml:11:40: the plan allows at most 0 issues per run, and step open calls create_issue once in every run that completes it: it refuses the one past the cap when this step runs, after the ones before it were written; raise max_issues under github: { writes: { max_issues: 1 } }, or combine the writes into fewer steps (at workflow_sequence[4].tool)',
    'plan.yml: 1 error',
  ]);
});

it('counts a used plan’s writes, once for each step that uses it, at the uses: line of the step that passes the cap', async () => {
  await writeFile(path.join(job.dir, 'inner.yml'), ['name: Inner', 'toolsets: [github]', 'workflow_sequence:', '  - { id: note, type: tool_call, tool: add_comment, args: { issue_number: 3, body: one } }', ''].join('\n'));
  const top = (writes: string): string =>
    ['name: Top', 'toolsets: [github]', writes, 'workflow_sequence:', '  - { id: a, type: plan, uses: inner.yml }', '  - { id: b, type: plan, uses: inner.yml, depends_on: [a] }', ''].join('\n');
  await writeFile(path.join(job.dir, 'top.yml'), top('github: { writes: { max_comments: 1 } }'));
  expect(await job.validate('top.yml')).toEqual([
    'top.yml:6:32: the plan allows at most 1 comment per run, and steps a (the plan inner.yml: 1), b (the plan inner.yml: 1) call add_comment 2 times in every run that completes them: it refuses the one past the cap when this step runs, after the ones before it were written; raise max_comments under github: { writes: { max_comments: 2 } }, or combine the writes into fewer steps (at workflow_sequence[1].uses)',
    'top.yml: 1 error',
  ]);
  expect((await job.run('top.yml')).kind).toBe('rejected');
  expect(job.posted).toEqual([]);
  await writeFile(path.join(job.dir, 'top.yml'), top('github: { writes: { max_comments: 2 } }'));
  expect(await job.validate('top.yml')).toEqual([expect.stringMatching(/^ok top\.yml: 2 steps/)]);
});
