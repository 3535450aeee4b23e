// Found by an adversarial pass: a tool_call step that sets a label written out in its args (add_labels,
// create_issue) which `github.writes.labels` does not list passed `validate`, and the run refused it at that
// step, after the steps before it had written what they write.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { runJob } from '../../src/job/run-job.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';

let api: FakeGitHubApi;
let dir: string;
let posted: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'github-labels-check-'));
  posted = [];
  api = await startFakeGitHubApi({
    'issues/create-comment': (request) => {
      posted.push((request.body as { body: string }).body);
      return { status: 201, body: { id: 1, html_url: 'u1', user: { login: 'github-actions[bot]' } } };
    },
    'issues/list-comments': () => ({ body: [] }),
    'issues/list-labels-on-issue': () => ({ body: [] }),
    'users/get-authenticated': () => ({ body: { login: 'github-actions[bot]' } }),
    'issues/add-labels': () => ({ body: [{ name: 'reviewed' }] }),
  });
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const steps = [
  'workflow_sequence:',
  '  - { id: note, type: tool_call, tool: add_comment, args: { issue_number: 3, body: Looked at it } }',
  '  - { id: label, type: tool_call, tool: add_labels, depends_on: [note], args: { issue_number: 3, labels: [Reviewed] } }',
  '',
];

async function validate(file: string): Promise<string[]> {
  const lines: string[] = [];
  await validateCommand([path.join(dir, file)], (line) => lines.push(line.replace(`${dir}${path.sep}`, '')), { cwd: dir, env: { PATH: process.env['PATH'] } });
  return lines;
}

function run(file: string): ReturnType<typeof runJob> {
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  return runJob(
    {
      planFile: path.join(dir, file),
      inputs: {},
      cwd: dir,
      env: { PATH: process.env['PATH'] },
      model: { baseURL: 'http://127.0.0.1:9' },
      github: { octokit, repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } },
    },
    { listeners: [], clock: systemClock },
  );
}

it('refuses a label written in a step’s args that github.writes.labels does not list, in validate and before the run writes anything', async () => {
  await writeFile(path.join(dir, 'plan.yml'), ['name: Labels', 'toolsets: [github]', 'github: { writes: { labels: [triaged] } }', ...steps].join('\n'));
  const message = "label 'Reviewed' not allowed (allowed: triaged): add_labels refuses it when the step runs; list it under github: { writes: { labels: [...] } }, or leave it out (at workflow_sequence[1].args.labels[0])";
  expect(await validate('plan.yml')).toEqual([`plan.yml:6:107: ${message}`, 'plan.yml: 1 error']);
  const outcome = await run('plan.yml');
  expect(outcome.kind).toBe('rejected');
  expect(posted).toEqual([]);
});

it('accepts the label once github.writes.labels lists it, in any case', async () => {
  await writeFile(path.join(dir, 'plan.yml'), ['name: Labels', 'toolsets: [github]', 'github: { writes: { labels: [reviewed] } }', ...steps].join('\n'));
  expect(await validate('plan.yml')).toEqual([expect.stringMatching(/^ok plan\.yml: 2 steps/)]);
  const outcome = await run('plan.yml');
  expect(outcome.kind === 'ran' && outcome.status).toBe('succeeded');
  expect(posted).toEqual(['Looked at it']);
});

it('refuses such a label in a used plan’s step, by the top plan’s github.writes.labels', async () => {
  await writeFile(path.join(dir, 'inner.yml'), ['name: Inner', 'toolsets: [github]', ...steps].join('\n'));
  await writeFile(path.join(dir, 'top.yml'), ['name: Top', 'toolsets: [github]', 'workflow_sequence:', '  - { id: review, type: plan, uses: inner.yml }', ''].join('\n'));
  expect(await validate('top.yml')).toEqual([
    "top.yml:4:37: the plan inner.yml: step label: label 'Reviewed' not allowed (the plan allows no labels): add_labels refuses it when the step runs; list it under github: { writes: { labels: [...] } } in this plan, which the plans it uses write with, or leave it out (at workflow_sequence[0].uses)",
    'top.yml: 1 error',
  ]);
  expect((await run('top.yml')).kind).toBe('rejected');
  expect(posted).toEqual([]);
  await writeFile(path.join(dir, 'top.yml'), ['name: Top', 'toolsets: [github]', 'github: { writes: { labels: [reviewed] } }', 'workflow_sequence:', '  - { id: review, type: plan, uses: inner.yml }', ''].join('\n'));
  expect(await validate('top.yml')).toEqual([expect.stringMatching(/^ok top\.yml: 1 step/)]);
});
