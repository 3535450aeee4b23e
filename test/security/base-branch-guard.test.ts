import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConfigSource } from '../../src/security/base-branch-guard.ts';
import { readWorkspaceHead } from '../../src/security/workspace-head.ts';

const git = promisify(execFile);
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const BASE = '9049f1265b7d61be4a8904a9a27120d2064dab3b';
const HEAD = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
const target = { pull_request: { base: { sha: BASE }, head: { sha: HEAD } } };

describe('checkConfigSource', () => {
  it('passes pull_request_target only when the workspace is at the base commit', () => {
    expect(checkConfigSource({ eventName: 'pull_request_target', payload: target, head: { kind: 'commit', sha: BASE }, readsPlanFile: true })).toEqual({ ok: true });
    const refused = checkConfigSource({ eventName: 'pull_request_target', payload: target, head: { kind: 'commit', sha: HEAD }, readsPlanFile: true });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/at commit 6dcb09b5b578, not the pull request's base commit.*secrets.*Fix: check out the base/s);
  });

  it('also accepts the base branch head (GITHUB_SHA) on pull_request_target, which actions/checkout takes by default', () => {
    const newer = '1111111111111111111111111111111111111111';
    const request = { eventName: 'pull_request_target', payload: target, githubSha: newer, readsPlanFile: true };
    expect(checkConfigSource({ ...request, head: { kind: 'commit', sha: newer } })).toEqual({ ok: true });
    expect(checkConfigSource({ ...request, head: { kind: 'commit', sha: HEAD } }).ok).toBe(false);
  });

  it('on issue_comment expects the default branch commit, GITHUB_SHA', () => {
    const request = { eventName: 'issue_comment', payload: { issue: { number: 1, pull_request: {} } }, githubSha: BASE, readsPlanFile: true };
    expect(checkConfigSource({ ...request, head: { kind: 'commit', sha: BASE } })).toEqual({ ok: true });
    expect(checkConfigSource({ ...request, head: { kind: 'commit', sha: HEAD } })).toMatchObject({ ok: false, reason: expect.stringContaining('default branch commit (GITHUB_SHA)') });
  });

  it('refuses when the commit cannot be read, and without a checkout unless no plan file is read', () => {
    const request = { eventName: 'issue_comment', payload: {}, githubSha: BASE };
    expect(checkConfigSource({ ...request, head: { kind: 'unknown', message: 'boom' }, readsPlanFile: false })).toMatchObject({ ok: false });
    expect(checkConfigSource({ ...request, head: { kind: 'not-a-repository' }, readsPlanFile: true })).toMatchObject({ ok: false, reason: expect.stringContaining('not a git checkout') });
    expect(checkConfigSource({ ...request, head: { kind: 'not-a-repository' }, readsPlanFile: false })).toEqual({ ok: true });
  });

  // Found by an adversarial hunt: a fork's pull request's check rerequested by a maintainer, in a job that checked
  // out the check's head_sha, ran the fork's plan with full write access (no pull_request key: not even read-only).
  it('on check and status events expects the default branch commit, GITHUB_SHA, as their workflows run it', () => {
    for (const eventName of ['check_run', 'check_suite', 'status']) {
      expect(checkConfigSource({ eventName, payload: {}, githubSha: BASE, head: { kind: 'commit', sha: BASE }, readsPlanFile: true })).toEqual({ ok: true });
      const refused = checkConfigSource({ eventName, payload: { check_run: { head_sha: HEAD } }, githubSha: BASE, head: { kind: 'commit', sha: HEAD }, readsPlanFile: true });
      expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('not the default branch commit (GITHUB_SHA)') });
    }
    expect(checkConfigSource({ eventName: 'check_run', payload: {}, githubSha: BASE, head: { kind: 'commit', sha: HEAD }, readsPlanFile: true })).toMatchObject({ reason: expect.stringContaining('never the checked commit (`ref: ${{ github.event.check_run.head_sha }}`)') });
  });

  it('does not look at other events', () => {
    expect(checkConfigSource({ eventName: 'pull_request', payload: target, head: { kind: 'commit', sha: HEAD }, readsPlanFile: true })).toEqual({ ok: true });
  });
});

describe('readWorkspaceHead', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-head-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A repository at `dir/name` with `files` committed: its folder and its commit. */
  async function committedRepo(name: string, files: Readonly<Record<string, string>>): Promise<{ repo: string; sha: string }> {
    const repo = path.join(dir, name);
    await git('git', ['init', '-q', repo]);
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(repo, file), text);
    await git('git', ['-C', repo, 'add', '.'], { env: GIT_ENV });
    await git('git', ['-C', repo, 'commit', '-q', '-m', 'base'], { env: GIT_ENV });
    return { repo, sha: (await git('git', ['-C', repo, 'rev-parse', 'HEAD'])).stdout.trim() };
  }

  it('reads the commit of a checkout, and says when there is none', async () => {
    const plain = path.join(dir, 'plain');
    await git('mkdir', ['-p', plain]);
    expect(await readWorkspaceHead(plain)).toEqual({ kind: 'not-a-repository' });
    const { repo, sha } = await committedRepo('repo', { 'plan.yml': 'goal: x\n' });
    expect(await readWorkspaceHead(repo)).toEqual({ kind: 'commit', sha });
    // Asked for them, the files that differ from it or are new to it: none yet, then a new one.
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: [] });
    await writeFile(path.join(repo, 'notes.txt'), 'untracked\n');
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: ['notes.txt'] });
  });

  // Found by an adversarial hunt: a job that checked out the base and then applied a pull request's changes
  // (`gh pr diff | git apply`) was at the base commit, so the guard passed, and the plan was the pull request's.
  it('names the tracked files changed since the checkout, staged or not, and the guard refuses them', async () => {
    const { repo, sha } = await committedRepo('applied', { 'plan.yml': 'goal: x\n', 'tool.sh': 'echo base\n' });
    await writeFile(path.join(repo, 'plan.yml'), 'goal: the pull request’s\n');
    await writeFile(path.join(repo, 'added tool.sh'), 'echo pr\n');
    await git('git', ['-C', repo, 'add', 'added tool.sh'], { env: GIT_ENV });
    await git('git', ['-C', repo, 'mv', 'tool.sh', 'renamed.sh'], { env: GIT_ENV });
    const head = await readWorkspaceHead(repo, process.env, { changes: true });
    expect(head).toEqual({ kind: 'commit', sha, changed: expect.arrayContaining(['plan.yml', 'added tool.sh', 'renamed.sh']) });
    expect(head.kind === 'commit' && head.changed).toHaveLength(3);
    const check = checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head, readsPlanFile: true });
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('but files differ from it or are not in it ("added tool.sh", "plan.yml", "renamed.sh")') });
    // A run that reads no plan file (a task) is not refused for them; nor is one whose checkout is unchanged.
    expect(checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head, readsPlanFile: false })).toEqual({ ok: true });
    expect(checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head: { kind: 'commit', sha, changed: [] }, readsPlanFile: true })).toEqual({ ok: true });
    // More than it names: said so.
    const many = checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head: { kind: 'commit', sha, changed: ['a', 'b', 'c', 'd', 'e'], moreChanged: true }, readsPlanFile: true });
    expect(many).toMatchObject({ ok: false, reason: expect.stringContaining('"e", and more)') });
  });
  // Found by a review: files the checkout does not have were not looked at, and a pull request's new files, once
  // applied over the base (`git apply` makes them untracked), run with the base plan's own commands (`npm test`
  // runs a new test file, `pytest` a new conftest.py) and the job's secrets.
  it('names files new to the checkout, a new folder as the folder, but not the ones .gitignore names', async () => {
    const { repo, sha } = await committedRepo('new-files', { 'plan.yml': 'goal: x\n', '.gitignore': 'node_modules/\n' });
    await git('mkdir', ['-p', path.join(repo, 'node_modules/x'), path.join(repo, 'tests/deep')]);
    await writeFile(path.join(repo, 'node_modules/x/index.js'), 'installed\n');
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: [] });
    await writeFile(path.join(repo, 'conftest.py'), 'import os\n');
    await writeFile(path.join(repo, 'tests/deep/test_pr.py'), 'import os\n');
    const head = await readWorkspaceHead(repo, process.env, { changes: true });
    expect(head).toEqual({ kind: 'commit', sha, changed: ['conftest.py', 'tests/'] });
    const check = checkConfigSource({ eventName: 'pull_request_target', payload: { pull_request: { base: { sha } } }, githubSha: sha, head, readsPlanFile: true });
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('but files differ from it or are not in it ("conftest.py", "tests/")') });
    expect(check).toMatchObject({ reason: expect.stringContaining('write files under $RUNNER_TEMP, or name them in .gitignore') });
  });
  // Found by a review: a .gitignore the pull request adds, naming itself, hid its own files from `git status` (a new
  // folder's `*`, or a root .gitignore the base has none of naming conftest.py), so its tests ran with the secrets.
  it('names a .gitignore new to the checkout that hides itself, but not one inside a folder the base ignores', async () => {
    const { repo, sha } = await committedRepo('own-ignore', { 'plan.yml': 'goal: x\n' });
    // Ignored by the repository’s own rules (.git/info/exclude stands in for them: the base has no .gitignore).
    await git('mkdir', ['-p', path.join(repo, 'node_modules/x'), path.join(repo, 'evil')]);
    await writeFile(path.join(repo, 'node_modules/x/.gitignore'), '*\n');
    await writeFile(path.join(repo, '.git/info/exclude'), 'node_modules/\n');
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: [] });
    await writeFile(path.join(repo, 'evil/.gitignore'), '*\n');
    await writeFile(path.join(repo, 'evil/x.test.js'), 'process.env\n');
    await writeFile(path.join(repo, '.gitignore'), '.gitignore\nconftest.py\n');
    await writeFile(path.join(repo, 'conftest.py'), 'import os\n');
    const head = await readWorkspaceHead(repo, process.env, { changes: true });
    expect(head).toEqual({ kind: 'commit', sha, changed: ['.gitignore', 'evil/.gitignore'] });
    const check = checkConfigSource({ eventName: 'pull_request_target', payload: { pull_request: { base: { sha } } }, githubSha: sha, head, readsPlanFile: true });
    expect(check).toMatchObject({ ok: false, reason: expect.stringContaining('(".gitignore", "evil/.gitignore")') });
  });
  // Found by a review: the listing that finds a hiding .gitignore names every folder the base's own rules ignore (each
  // package's __pycache__/ or node_modules/ after a test run or an install), which the guard leaves aside; past 256 KiB
  // of them it read as "more changed", and a checkout with nothing new to it was refused.
  it('leaves aside the folders the base’s own rules ignore, past 256 KiB of their names', async () => {
    const { repo, sha } = await committedRepo('many-ignored', { 'plan.yml': 'goal: x\n', '.gitignore': 'cache-*/\n' });
    // 1,200 ignored folders of 240-character names: some 290 KB as git lists them.
    for (let index = 0; index < 1200; index++) {
      const folder = path.join(repo, `cache-${String(index).padStart(4, '0')}-${'x'.repeat(229)}`);
      await mkdir(folder);
      await writeFile(path.join(folder, 'built.pyc'), 'x');
    }
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: [] });
    await writeFile(path.join(repo, 'conftest.py'), 'import os\n');
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: ['conftest.py'] });
  });
  // Found by a review: `git status` failing (an index it cannot read, a repository too large to scan in 10 s) was
  // taken as an unreadable commit: a run that reads no plan file, which the changed files do not concern, was
  // refused, and any run was told to run actions/checkout, though its checkout was the right commit.
  it('tells a git status that fails from a commit it cannot read, and refuses only a plan file’s run for it', async () => {
    const { repo, sha } = await committedRepo('broken-index', { 'plan.yml': 'goal: x\n' });
    await writeFile(path.join(repo, '.git', 'index'), 'not an index\n');
    const head = await readWorkspaceHead(repo, process.env, { changes: true });
    expect(head).toMatchObject({ kind: 'commit', sha });
    expect(checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head, readsPlanFile: false })).toEqual({ ok: true });
    const refused = checkConfigSource({ eventName: 'issue_comment', payload: {}, githubSha: sha, head, readsPlanFile: true });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('which files differ from it could not be read (git status:') });
    expect(!refused.ok && refused.reason).not.toContain('commit could not be read');
  });

  // Found by a review: with -z, a rename git finds in the working tree (` R`, a new file added with --intent-to-add)
  // has its source path as a field of its own too, which was read as an entry: the refusal named `l.sh` for tool.sh.
  it('reads the source of a rename found in the working tree as no file of its own', async () => {
    const { repo, sha } = await committedRepo('worktree-rename', { 'tool.sh': 'echo one\necho two\necho three\n' });
    await git('git', ['-C', repo, 'mv', 'tool.sh', 'renamed.sh'], { env: GIT_ENV });
    await git('git', ['-C', repo, 'reset', '-q'], { env: GIT_ENV });
    await git('git', ['-C', repo, 'add', '--intent-to-add', 'renamed.sh'], { env: GIT_ENV });
    expect(await readWorkspaceHead(repo, process.env, { changes: true })).toEqual({ kind: 'commit', sha, changed: ['renamed.sh'] });
  });
});
