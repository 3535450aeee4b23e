import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowsIn } from '../../scripts/workflow-blocks.ts';
import { planInputsUnder, workflowRuleProblems } from '../../scripts/workflow-rules.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every workflow the repository shows: its own, the README's and the plans' commented examples, as `file:line: message`. */
function repositoryProblems(): string[] {
  const yamlIn = (dir: string) => readdirSync(path.join(ROOT, dir)).filter((name) => /\.ya?ml$/.test(name)).map((name) => `${dir}/${name}`);
  const files = ['README.md', ...yamlIn('workflows'), ...yamlIn('.github/workflows')];
  return files.flatMap((file) => workflowsIn(file, readFileSync(path.join(ROOT, file), 'utf8')).flatMap((block) =>
    workflowRuleProblems(block.text, planInputsUnder(ROOT)).map((problem) => `${file}:${block.line + problem.line - 1}: ${problem.message}`)));
}

const RELEASE = `on:
  push:
    tags: ['v*']
permissions:
  contents: read
jobs:
  release:
    runs-on: ubuntu-latest
    permissions:
      contents: write
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
      - run: npm ci --no-audit
      - run: git push origin v1
`;

describe('workflowRuleProblems: a job that installs packages holds no token that can write', () => {
  it('finds a release job that runs npm ci with contents: write, at the line of the install', () => {
    expect(workflowRuleProblems(RELEASE)).toEqual([{ line: 13, message: expect.stringMatching(/job 'release' installs packages .*can write \(contents\)/) }]);
  });

  it('reads the workflow’s permissions when the job has none, and write-all and no permissions at all as writes', () => {
    const inherited = RELEASE.replace('contents: read', 'contents: write').replace('    permissions:\n      contents: write\n', '');
    expect(workflowRuleProblems(inherited)).toHaveLength(1);
    expect(workflowRuleProblems(RELEASE.replace('    permissions:\n      contents: write\n', '    permissions: write-all\n'))).toHaveLength(1);
    const unset = RELEASE.replace('permissions:\n  contents: read\n', '').replace('    permissions:\n      contents: write\n', '');
    expect(workflowRuleProblems(unset)[0]?.message).toContain("repository's default");
  });

  it('passes a job that installs with a read-only token, one that writes without installing, and a pull request’s own job', () => {
    expect(workflowRuleProblems(RELEASE.replace('contents: write', 'contents: read'))).toEqual([]);
    expect(workflowRuleProblems(RELEASE.replace('      - run: npm ci --no-audit\n', ''))).toEqual([]);
    expect(workflowRuleProblems(RELEASE.replace("push:\n    tags: ['v*']", 'pull_request:'))).toEqual([]);
    // Each other event as push, merge_group too, whichever events are listed beside it: a merge queue's token is the
    // repository's, and pull_request + merge_group was passed (found by a review).
    expect(workflowRuleProblems(RELEASE.replace("push:\n    tags: ['v*']", 'pull_request:\n  merge_group:'))).toHaveLength(1);
    expect(workflowRuleProblems(RELEASE.replace("push:\n    tags: ['v*']", 'merge_group:'))).toHaveLength(1);
    expect(workflowRuleProblems(RELEASE.replace("push:\n    tags: ['v*']", 'pull_request:\n  push:'))).toHaveLength(1);
    // Words that only contain an install command's name are not one.
    expect(workflowRuleProblems(RELEASE.replace('npm ci --no-audit', 'echo npm-ci is run elsewhere; ./pnpm-install.sh'))).toEqual([]);
  });

  it('finds each form of install: npm install, npm i, pnpm install, yarn', () => {
    for (const command of ['npm install', 'cd app && npm i', 'pnpm install --frozen-lockfile', 'yarn']) {
      expect(workflowRuleProblems(RELEASE.replace('npm ci --no-audit', command)), command).toHaveLength(1);
    }
  });

});

const WEEKLY = `on:
  schedule: [{ cron: '0 7 * * 1' }]
permissions:
  contents: read
jobs:
  report:
    runs-on: ubuntu-latest
    steps:
      - uses: your-org/plan-runner@v1
        with:
          plan: workflows/weekly-report.yml
          api-key: \${{ secrets.OPENAI_API_KEY }}
`;

describe('workflowRuleProblems: a scheduled run gives the plan its inputs', () => {
  const inputs = planInputsUnder(ROOT);

  it('finds a schedule that runs a plan with inputs and gives none, at the plan’s line, naming them', () => {
    expect(workflowRuleProblems(WEEKLY, inputs)).toEqual([{ line: 11, message: expect.stringMatching(/workflows\/weekly-report\.yml on a schedule without 'inputs:'.*\(week\)/) }]);
  });

  it('passes a schedule that gives inputs, a plan without inputs, and a run on another event', () => {
    expect(workflowRuleProblems(WEEKLY.replace('          api-key', "          inputs: 'week: 2026-W48'\n          api-key"), inputs)).toEqual([]);
    expect(workflowRuleProblems(WEEKLY.replace('weekly-report.yml', 'bodmas.yml'), inputs)).toEqual([]);
    expect(workflowRuleProblems(WEEKLY.replace("schedule: [{ cron: '0 7 * * 1' }]", 'workflow_dispatch:'), inputs)).toEqual([]);
  });
});

const ON_COMMENT = `on:
  issue_comment:
    types: [created]
permissions:
  contents: read
  pull-requests: write
jobs:
  plan:
    if: startsWith(github.event.comment.body, '/plan')
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
      - uses: your-org/plan-runner@v1
        with:
          plan: .github/plan.yml
`;

describe('workflowRuleProblems: runs on comments take turns', () => {
  it('finds plan-runner on issue_comment with no concurrency group, at its uses: line', () => {
    expect(workflowRuleProblems(ON_COMMENT)).toEqual([{ line: 13, message: expect.stringMatching(/job 'plan' runs plan-runner on issue_comment with no 'concurrency:' group/) }]);
  });

  // Every comment claims a workflow-level group before the job's if: is read: "thanks" cancels the /reject waiting there.
  it('finds a workflow-level group only: a comment the job skips would cancel the run waiting in it', () => {
    const group = 'concurrency:\n  group: plan-runner-${{ github.event.issue.number }}\n';
    expect(workflowRuleProblems(ON_COMMENT.replace('jobs:\n', `${group}jobs:\n`))).toEqual([{ line: 15, message: expect.stringContaining('a workflow-level group does not do') }]);
  });

  it('passes a job with a concurrency group, and a comment workflow that runs no plan', () => {
    const group = 'concurrency:\n  group: plan-runner-${{ github.event.issue.number }}\n';
    expect(workflowRuleProblems(ON_COMMENT.replace('    runs-on:', `    ${group.replace('\n  ', '\n      ')}    runs-on:`))).toEqual([]);
    expect(workflowRuleProblems(ON_COMMENT.replace('your-org/plan-runner@v1', 'actions/github-script@ed597411d8f924073f98dfc5c65a23a2325f34cd'))).toEqual([]);
  });
});

const PINNED = `on: workflow_dispatch
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
      - uses: ./local-action
      - uses: docker://alpine:3.20
      - uses: your-org/plan-runner@v1
  shared:
    uses: octo-org/workflows/.github/workflows/ci.yml@0123456789abcdef0123456789abcdef01234567
`;

describe('workflowRuleProblems: actions are used by commit SHA', () => {
  it('passes SHA pins, local actions, docker images and plan-runner itself (the README says how to pin it)', () => {
    expect(workflowRuleProblems(PINNED)).toEqual([]);
  });

  it('finds a step or a reusable workflow used by a tag or branch, at its uses: line, naming the fix', () => {
    const tagged = PINNED.replace('actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1', 'actions/checkout@v4').replace('ci.yml@0123456789abcdef0123456789abcdef01234567', 'ci.yml@main');
    expect(workflowRuleProblems(tagged)).toEqual([
      { line: 8, message: "uses actions/checkout@v4, a ref its owner can move to other code: pin the commit SHA with the version in a comment ('actions/checkout@<40 hex digits> # v4')" },
      { line: 13, message: expect.stringContaining('uses octo-org/workflows/.github/workflows/ci.yml@main, a ref its owner can move') },
    ]);
    // A short SHA is a prefix a later commit can share: not a pin.
    expect(workflowRuleProblems(PINNED.replace('3d3c42e5aac5ba805825da76410c181273ba90b1', '3d3c42e'))).toHaveLength(1);
  });
});

describe('the repository’s workflows', () => {
  it('hold to every rule: its own, the README’s and the plans’ commented examples', () => {
    expect(repositoryProblems()).toEqual([]);
  });
});
