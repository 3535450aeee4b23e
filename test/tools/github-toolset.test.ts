import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from '../goals/goal-fixtures.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { redactingTools } from '../../src/tools/redacting-tools.ts';
import { CrossRepoRefusedError } from '../../src/tools/github/cross-repo-refused-error.ts';
import { GitHubApiError } from '../../src/tools/github/github-api-error.ts';
import { PullRequestMovedError } from '../../src/tools/github/pull-request-moved-error.ts';
import { githubToolset, type GitHubToolsetOptions } from '../../src/tools/github/github-toolset.ts';
import type { Tool, ToolContext } from '../../src/tools/tool.ts';
import { validateToolArguments } from '../../src/steps/validate-tool-arguments.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { systemClock } from '../../src/core/clock.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { planOf } from '../run/run-fixture.ts';
import { startFakeGitHubApi, type FakeGitHubApi, type SeenRequest } from '../fixtures/fake-github-api.ts';

let api: FakeGitHubApi;
let waits: number[];

function issue(number: number, title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    number,
    title,
    state: 'open',
    html_url: `https://github.com/octo/demo/issues/${number}`,
    body: `body of ${number}`,
    user: { login: 'mona' },
    labels: [{ name: 'bug' }],
    comments: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    closed_at: null,
    ...extra,
  };
}

function toolset(options: Partial<GitHubToolsetOptions> = {}): Map<string, Tool> {
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  const tools = githubToolset({
    octokit,
    redact: createRedactor(),
    owner: 'octo',
    repo: 'demo',
    wait: async (ms) => {
      waits.push(ms);
    },
    writes: { labels: ['report', 'triaged', 'x'] },
    ...options,
  });
  return new Map(tools.map((tool) => [tool.name, tool]));
}

async function call(name: string, args: Record<string, unknown>, options: Partial<GitHubToolsetOptions> = {}): Promise<unknown> {
  const tool = toolset(options).get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
  return tool.execute(args, ctx);
}

function operations(): string[] {
  return api.requests.map((request) => `${request.method} ${request.operationId ?? '?'}`);
}

/** Who the token is, as GitHub tells it: a user for a personal access token, a bot for an installation token. */
function tokenIs(login: string): void {
  const bot = login.endsWith('[bot]');
  api.handlers['users/get-authenticated'] = () =>
    bot ? { status: 403, body: { message: 'Resource not accessible by integration' } } : { body: { login, id: 1, type: 'User' } };
  api.handlers['graphql'] = (request) =>
    (request.body as { query?: unknown }).query === 'query { viewer { login } }' ? { body: { data: { viewer: { login } } } } : { status: 400, body: { message: 'unexpected query' } };
}

const ACTIONS_BOT = { login: 'github-actions[bot]' };

beforeEach(async () => {
  api = await startFakeGitHubApi();
  waits = [];
  tokenIs(ACTIONS_BOT.login);
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.close();
});

describe('github read tools', () => {
  it('get_pull_request returns the fields a plan needs and defaults to the current repository', async () => {
    api.handlers['pulls/get'] = (request) => ({
      body: {
        number: Number(request.params.pull_number),
        title: 'Add feature',
        state: 'open',
        merged: false,
        draft: false,
        user: { login: 'mona' },
        base: { ref: 'main' },
        head: { ref: 'feature', sha: 'abc123', repo: { full_name: 'octo/demo' } },
        labels: [{ name: 'enhancement' }],
        additions: 10,
        deletions: 2,
        changed_files: 3,
        commits: 1,
        html_url: 'https://github.com/octo/demo/pull/7',
        body: 'Please review',
      },
    });
    const result = await call('get_pull_request', { pull_number: 7 });
    expect(result).toMatchObject({ number: 7, title: 'Add feature', head_sha: 'abc123', labels: ['enhancement'], body: 'Please review' });
    expect(api.requests[0]?.params).toEqual({ owner: 'octo', repo: 'demo', pull_number: '7' });
  });

  it('uses the run’s pull request when pull_number is left out', async () => {
    api.handlers['pulls/get'] = () => ({ text: 'diff --git a/x b/x\n' });
    await expect(call('get_pull_request_diff', {}, { pullNumber: 42 })).resolves.toBe('diff --git a/x b/x\n');
    expect(api.requests[0]?.params.pull_number).toBe('42');
  });

  // Found by an adversarial pass: the run's pull request number was used for another repository's pull request too,
  // so `get_pull_request({repo: 'lib'})` read an unrelated pull request of octo/lib as if it were the one meant.
  it('uses the run’s pull request number only for the run’s repository, and asks for pull_number elsewhere', async () => {
    api.handlers['pulls/get'] = (request) => ({ text: `diff of ${request.params.repo}#${request.params.pull_number}\n` });
    const options = { pullNumber: 42, allowRepos: ['octo/lib'] };
    for (const name of ['get_pull_request', 'list_pull_request_files', 'get_pull_request_diff']) {
      const error = await call(name, { repo: 'lib' }, options).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ transient: false, toolName: name, message: `${name}: the run's pull request is #42 of octo/demo, not of octo/lib, so the call needs pull_number; give the number of the octo/lib pull request` });
    }
    expect(api.requests).toEqual([]);
    await expect(call('get_pull_request_diff', { owner: 'Octo', repo: 'Demo' }, options)).resolves.toBe('diff of Demo#42\n');
    await expect(call('get_pull_request_diff', { repo: 'lib', pull_number: 5 }, options)).resolves.toBe('diff of lib#5\n');
  });

  it('says a run for no pull request needs pull_number, and asks GitHub nothing', async () => {
    for (const name of ['get_pull_request', 'list_pull_request_files', 'get_pull_request_diff']) {
      const error = await call(name, {}).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ transient: false, toolName: name, message: `${name}: this run is for no pull request, so the call needs pull_number; give it, or run the plan on a pull_request event` });
    }
    expect(api.requests).toEqual([]);
    const tool = toolset().get('get_pull_request')!;
    const schema = tool.inputSchema as { properties: Record<string, { description: string }>; required: string[] };
    expect(schema.required).toEqual(['pull_number']);
    expect(schema.properties['pull_number']!.description).toBe('Pull request number; this run is for no pull request, so give one');
    // A step's arguments are checked against the schema first: the error says what the missing argument is for.
    const checked = validateToolArguments(tool, {});
    expect(checked).toMatchObject({ ok: false, error: expect.stringContaining('pull_number is required: Pull request number; this run is for no pull request, so give one') });
    expect(validateToolArguments(toolset({ pullNumber: 42 }).get('get_pull_request')!, {})).toMatchObject({ ok: true });
  });

  it('get_pull_request_diff asks for the diff media type and caps a large diff', async () => {
    const diff = `diff --git a/big b/big\n${'+line\n'.repeat(60_000)}`;
    api.handlers['pulls/get'] = () => ({ text: diff });
    const text = (await call('get_pull_request_diff', { pull_number: 7 })) as string;
    expect(api.requests[0]?.headers.accept).toContain('diff');
    expect(text.startsWith('[cut: the diff is 351.6 KiB; showing the first 256 KiB; list_pull_request_files gives it file by file]\n')).toBe(true);
  });

  // Found by an adversarial pass: GitHub refuses a diff over its API's limits with a 406, and the error said to check
  // the arguments, which no argument mends.
  it('get_pull_request_diff says a diff GitHub will not give is read file by file, not to check the arguments', async () => {
    api.handlers['pulls/get'] = () => ({
      status: 406,
      body: { message: 'Sorry, the diff exceeded the maximum number of lines (20000)', errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }] },
    });
    const error = (await call('get_pull_request_diff', { pull_number: 7 }).catch((caught: unknown) => caught)) as GitHubApiError;
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error.message).toContain('GitHub answered 406: Sorry, the diff exceeded the maximum number of lines (20000)');
    expect(error.message).toContain('list_pull_request_files');
    expect(error.message).not.toContain('check the arguments');
    expect(error.transient).toBe(false);
  });

  it('list_pull_request_files follows pagination and stops at the cap', async () => {
    const files = Array.from({ length: 350 }, (_, index) => ({
      filename: `src/file-${String(index).padStart(3, '0')}.ts`,
      status: 'modified',
      additions: 1,
      deletions: 0,
      changes: 1,
      patch: index === 0 ? `@@ -1 +1 @@\n${'+x'.repeat(10_000)}` : '@@ -1 +1 @@\n+x',
    }));
    api.handlers['pulls/list-files'] = (request, baseUrl) => {
      const page = Number(request.query.get('page') ?? '1');
      const perPage = Number(request.query.get('per_page'));
      const next = `${baseUrl}/repos/octo/demo/pulls/7/files?per_page=${perPage}&page=${page + 1}`;
      const headers: Record<string, string> = page * perPage < files.length ? { link: `<${next}>; rel="next"` } : {};
      return { body: files.slice((page - 1) * perPage, page * perPage), headers };
    };
    const result = (await call('list_pull_request_files', { pull_number: 7 })) as { note: string; files: { filename: string; patch: string }[] };
    expect(result.files).toHaveLength(300);
    expect(result.files[299]?.filename).toBe('src/file-299.ts');
    expect(result.note).toBe('[cut: the pull request changes more than 300 files; showing the first 300]');
    expect(result.files[0]?.patch.startsWith('[cut: this patch is 19.5 KiB; showing the first 16 KiB')).toBe(true);
    expect(api.requests.map((request) => request.query.get('page') ?? '1')).toEqual(['1', '2', '3']);
  });

  // Found by an adversarial hunt: GitHub leaves `patch` out of a file whose diff is too large for its API, and
  // the result said nothing of it, so `not_contains: AKIA` on it passed without reading the change.
  // Found by an adversarial pass: Octokit's pagination sends each page with the route's method, URL and headers only, so
  // the call's signal (the run's cancel, the call's timeout) reached no page: pages GitHub kept linking went on for good.
  it('list_pull_request_files stops between pages when the run is cancelled', async () => {
    const controller = new AbortController();
    api.handlers['pulls/list-files'] = (request, baseUrl) => {
      const page = Number(request.query.get('page') ?? '1');
      if (page === 3) controller.abort(new Error('the run was cancelled'));
      // Every page links the next (as a GitHub that never ends would), up to a last one the test stops at.
      const headers: Record<string, string> = page < 50 ? { link: `<${baseUrl}/repos/octo/demo/pulls/1/files?per_page=100&page=${page + 1}>; rel="next"` } : {};
      return { body: [], headers };
    };
    const tool = toolset().get('list_pull_request_files')!;
    const ctx: ToolContext = { signal: controller.signal, cwd: process.cwd(), stepKey: 'test' };
    await expect(tool.execute({ pull_number: 1 }, ctx)).rejects.toThrow('the run was cancelled');
    expect(api.requests).toHaveLength(3);
  });

  it('list_pull_request_files says which changed files GitHub gave no patch for', async () => {
    const file = (filename: string, additions: number, patch?: string) => ({ filename, status: 'modified', additions, deletions: 0, changes: additions, ...(patch !== undefined && { patch }) });
    api.handlers['pulls/list-files'] = () => ({ body: [file('small.ts', 1, '@@ -1 +1 @@\n+x'), file('huge.json', 90_000), file('logo.png', 0)] });
    const result = (await call('list_pull_request_files', { pull_number: 7 })) as { note?: string; files: { filename: string; patch: string | null }[] };
    expect(result.note).toBe('[cut: GitHub gives no patch for a file whose diff is too large for its API (huge.json); get_pull_request_diff or read_file shows more]');
    expect(result.files.map((entry) => entry.patch)).toEqual(['@@ -1 +1 @@\n+x', null, null]);
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(result))).toMatchObject({ outcome: 'error', evidence: expect.stringContaining('holds only part of what its tool read') });
    // A binary file changes no lines, and a rename alone none: nothing of either is left unread.
    api.handlers['pulls/list-files'] = () => ({ body: [file('small.ts', 1, '@@ -1 +1 @@\n+x'), file('logo.png', 0)] });
    expect(await call('list_pull_request_files', { pull_number: 7 })).not.toHaveProperty('note');
  });

  // Found by an adversarial pass: a push to the pull request while a run worked on it made the tools read the new head,
  // while the comment and the check run named the commit the run started for: a required check passed on one commit
  // having reviewed another's diff.
  describe('a run for a pull request’s commit', () => {
    const RUN_SHA = 'a'.repeat(40);
    const NEWER_SHA = 'b'.repeat(40);
    const BASE_SHA = 'c'.repeat(40);
    let head: string;
    const changed = (sha: string) => [{ filename: `from-${sha.slice(0, 7)}.ts`, status: 'added', additions: 1, deletions: 0, changes: 1, patch: '@@ -0,0 +1 @@\n+x' }];
    /** The diff of the one file `changed` lists for a commit, in git's format. */
    const diffOf = (sha: string) => `diff --git a/from-${sha.slice(0, 7)}.ts b/from-${sha.slice(0, 7)}.ts\n+x\n`;
    beforeEach(() => {
      head = RUN_SHA;
      api.handlers['pulls/get'] = (request) =>
        String(request.headers.accept).includes('diff')
          ? { text: diffOf(head) }
          : {
              body: {
                number: Number(request.params.pull_number), title: 'T', state: 'open', merged: false, draft: false, user: { login: 'mona' },
                base: { ref: 'main', sha: BASE_SHA }, head: { ref: 'feature', sha: head, repo: { full_name: 'octo/demo' } }, labels: [],
                additions: 1, deletions: 0, changed_files: 1, commits: 1, html_url: 'https://github.com/octo/demo/pull/7', body: '',
              },
            };
      api.handlers['pulls/list-files'] = () => ({ body: changed(head) });
      // A comparison is of the commits it names, whatever the pull request's head is now.
      api.handlers['repos/compare-commits-with-basehead'] = (request) => {
        const compared = request.params.basehead!.split('...')[1]!;
        return String(request.headers.accept).includes('diff') ? { text: diffOf(compared) } : { body: { files: changed(compared) } };
      };
    });
    const pinned = { pullNumber: 7, pullHeadSha: RUN_SHA };

    it('reads the pull request while its head is still that commit', async () => {
      await expect(call('get_pull_request', {}, pinned)).resolves.toMatchObject({ head_sha: RUN_SHA });
      await expect(call('list_pull_request_files', {}, pinned)).resolves.toEqual({ files: [expect.objectContaining({ filename: 'from-aaaaaaa.ts' })] });
      await expect(call('get_pull_request_diff', {}, pinned)).resolves.toBe(diffOf(RUN_SHA));
    });

    it('fails a read of the pull request once a push moved its head, rather than give the newer commit’s changes', async () => {
      head = NEWER_SHA;
      for (const name of ['get_pull_request', 'list_pull_request_files', 'get_pull_request_diff']) {
        const error = await call(name, {}, pinned).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(PullRequestMovedError);
        expect(error).toMatchObject({
          transient: false,
          toolName: name,
          message: `${name}: pull request #7 of octo/demo moved on to commit ${NEWER_SHA} during the run, which is for commit ${RUN_SHA}: what it reads now is the newer commit's, not the one this run reports on; a run for ${NEWER_SHA.slice(0, 7)} checks it`,
        });
      }
    });

    // Found by an adversarial pass: the files and the diff were read of the head as it was during the read, and the head
    // checked after it: an author who pushed B while the step showed ⏳ and force-pushed A back before the check had B’s
    // changes reviewed and the check run pass on A.
    it('reads the files and the diff of the run’s commit when a push and a force-push back land during the read', async () => {
      // The pull request's own endpoints answer with B, pushed while they read; its head is A again when asked after.
      api.handlers['pulls/list-files'] = () => ({ body: changed(NEWER_SHA) });
      const getPull = api.handlers['pulls/get']!;
      api.handlers['pulls/get'] = (request, baseUrl) => (String(request.headers.accept).includes('diff') ? { text: diffOf(NEWER_SHA) } : getPull(request, baseUrl));
      await expect(call('list_pull_request_files', {}, pinned)).resolves.toEqual({ files: [expect.objectContaining({ filename: 'from-aaaaaaa.ts' })] });
      await expect(call('get_pull_request_diff', {}, pinned)).resolves.toBe(diffOf(RUN_SHA));
      const compared = api.requests.filter((request) => request.operationId === 'repos/compare-commits-with-basehead');
      expect(compared.map((request) => request.params.basehead)).toEqual([`${BASE_SHA}...${RUN_SHA}`, `${BASE_SHA}...${RUN_SHA}`]);
    });

    it('lists the run’s commit’s files as the pull request’s own endpoint does, and says when GitHub’s comparison lists fewer than it changes', async () => {
      const renamed = { filename: 'new.ts', previous_filename: 'old.ts', status: 'renamed', additions: 0, deletions: 0, changes: 0 };
      const files = [renamed, ...Array.from({ length: 299 }, (_, index) => ({ filename: `f${index}.ts`, status: 'modified', additions: 1, deletions: 0, changes: 1, patch: '@@ -1 +1 @@\n+x' }))];
      const getPull = api.handlers['pulls/get']!;
      let changedFiles = 300;
      api.handlers['pulls/get'] = (request, baseUrl) => {
        const answer = getPull(request, baseUrl) as { body: Record<string, unknown> };
        return { body: { ...answer.body, changed_files: changedFiles } };
      };
      api.handlers['repos/compare-commits-with-basehead'] = () => ({ body: { files } });
      const whole = (await call('list_pull_request_files', {}, pinned)) as { note?: string; files: Record<string, unknown>[] };
      expect(whole.note).toBeUndefined();
      expect(whole.files).toHaveLength(300);
      expect(whole.files[0]).toEqual({ filename: 'new.ts', previous_filename: 'old.ts', status: 'renamed', additions: 0, deletions: 0, patch: null });
      // GitHub's comparison lists at most 300 files; the pull request (at the run's commit, checked on the same read) changes more.
      changedFiles = 3_000;
      const cut = (await call('list_pull_request_files', {}, pinned)) as { note?: string; files: Record<string, unknown>[] };
      expect(cut.note).toBe('[cut: the pull request changes 3000 files; showing the first 300]');
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(cut))).toMatchObject({ outcome: 'error' });
      expect(api.requests.filter((request) => request.operationId === 'repos/compare-commits-with-basehead').map((request) => request.query.get('per_page'))).toEqual(['1', '1']);
    });

    // GitHub's comparison is not known to refuse a diff past its limits (the pull request's own answers 406): one that
    // holds fewer files than the pull request changes passed `not_contains` on the files it left out (found by a review).
    it('says the diff of the run’s commit is a part when GitHub’s comparison gives fewer files than the pull request changes', async () => {
      const getPull = api.handlers['pulls/get']!;
      api.handlers['pulls/get'] = (request, baseUrl) => {
        const answer = getPull(request, baseUrl) as { body: Record<string, unknown> };
        return { body: { ...answer.body, changed_files: 3 } };
      };
      const two = `${diffOf(RUN_SHA)}diff --git a/logo.png b/logo.png\nBinary files differ\n`;
      api.handlers['repos/compare-commits-with-basehead'] = () => ({ text: two });
      const part = (await call('get_pull_request_diff', {}, pinned)) as string;
      expect(part).toBe(`[cut: the diff GitHub gave holds 2 of the 3 files the pull request changes; list_pull_request_files gives them file by file]\n${two}`);
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(part))).toMatchObject({ outcome: 'error' });
      api.handlers['repos/compare-commits-with-basehead'] = () => ({ text: `${two}diff --git a/c.ts b/c.ts\n+c\n` });
      await expect(call('get_pull_request_diff', {}, pinned)).resolves.toBe(`${two}diff --git a/c.ts b/c.ts\n+c\n`);
    });

    it('reads another pull request as it is now: the run is for no commit of it', async () => {
      head = NEWER_SHA;
      await expect(call('get_pull_request_diff', { pull_number: 9 }, pinned)).resolves.toBe(diffOf(NEWER_SHA));
      await expect(call('list_pull_request_files', { pull_number: 9 }, pinned)).resolves.toEqual({ files: [expect.objectContaining({ filename: 'from-bbbbbbb.ts' })] });
      expect(operations()).toEqual(['GET pulls/get', 'GET pulls/list-files']);
    });
  });

  it('list_issues, get_issue and list_commits shape their results', async () => {
    api.handlers['issues/list-for-repo'] = () => ({ body: [issue(1, 'First'), issue(2, 'A PR', { pull_request: { url: 'x' } })] });
    api.handlers['issues/get'] = () => ({ body: issue(1, 'First') });
    api.handlers['repos/list-commits'] = () => ({
      body: [{ sha: 'abc', html_url: 'u', author: { login: 'mona' }, commit: { message: 'Fix it', author: { name: 'Mona', date: '2026-01-01T00:00:00Z' } } }],
    });
    const { issues } = (await call('list_issues', { state: 'all', labels: 'bug' })) as { issues: Record<string, unknown>[] };
    expect(issues.map((item) => [item.number, item.is_pull_request, 'body' in item])).toEqual([[1, false, false], [2, true, false]]);
    expect(api.requests[0]?.query.get('labels')).toBe('bug');
    await expect(call('get_issue', { issue_number: 1 })).resolves.toMatchObject({ title: 'First', body: 'body of 1', labels: ['bug'] });
    await expect(call('list_commits', { path: 'src' })).resolves.toEqual({
      commits: [{ sha: 'abc', message: 'Fix it', author: 'mona', date: '2026-01-01T00:00:00Z', url: 'u' }],
    });
  });

  // list_issues and list_commits gave a page as if it were the whole list, with no word that more followed (and
  // list_commits had no page argument to reach them): "no issue mentions AKIA" passed on the first 30 issues.
  it('list_issues, list_commits and search_issues say when more results follow their page, and how to reach them', async () => {
    const next = (path: string) => ({ link: `<${api.baseUrl}/repos/octo/demo/${path}?page=3>; rel="next", <${api.baseUrl}/repos/octo/demo/${path}?page=9>; rel="last"` });
    api.handlers['issues/list-for-repo'] = () => ({ body: [issue(41, 'Fine'), issue(42, 'Also fine')], headers: next('issues') });
    api.handlers['repos/list-commits'] = () => ({ body: [{ sha: 'abc', html_url: 'u', author: null, commit: { message: 'Fix it', author: null } }], headers: next('commits') });
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 1200, incomplete_results: false, items: [issue(5, 'Flaky')] } });
    const issues = await call('list_issues', { per_page: 20, page: 2 });
    expect(issues).toMatchObject({
      note: '[cut: page 2 holds issues 21–22, and more follow; call list_issues again with page: 3 for the next (per_page up to 100 gives more at once), or narrow the call by state, labels or since]',
      issues: [{ number: 41 }, { number: 42 }],
    });
    const commits = await call('list_commits', { per_page: 100, page: 2 });
    expect(commits).toMatchObject({ note: '[cut: page 2 holds commit 101, and more follow; call list_commits again with page: 3 for the next, or narrow the call by path, since or until]' });
    await expect(call('search_issues', { query: 'flaky', per_page: 1 })).resolves.toMatchObject({
      note: '[cut: page 1 holds result 1 of 1,200; call search_issues again with page: 2 for the next (per_page up to 100 gives more at once), or narrow the query (a label:, a created:<2024-01-01 range)]',
    });
    await expect(call('search_issues', { query: 'flaky', per_page: 100, page: 10 })).resolves.toMatchObject({
      note: '[cut: page 10 holds result 901 of 1,200; GitHub gives only the first 1,000; narrow the query (a label:, a created:<2024-01-01 range) to reach the others]',
    });
    expect(api.requests.map((request) => `${request.operationId} ${request.query.get('per_page')}/${request.query.get('page')}`)).toEqual([
      'issues/list-for-repo 20/2',
      'repos/list-commits 100/2',
      'search/issues-and-pull-requests 1/1',
      'search/issues-and-pull-requests 100/10',
    ]);
    // A goal that must read the whole list is not met on a page of it, the last one included (the pages before it
    // hold the rest); a first page with nothing after it is the whole list.
    await expect(checkGoal({ not_contains: 'AKIA' }, finishedRun(issues))).resolves.toMatchObject({ outcome: 'error', evidence: expect.stringContaining('holds only part of what its tool read') });
    api.handlers['issues/list-for-repo'] = () => ({ body: [issue(43, 'Last')], headers: { link: `<${api.baseUrl}/repos/octo/demo/issues?page=1>; rel="first"` } });
    const last = await call('list_issues', { page: 3 });
    await expect(checkGoal({ not_contains: 'AKIA' }, finishedRun(last))).resolves.toMatchObject({ outcome: 'error', evidence: expect.stringContaining('holds only part of what its tool read') });
    const whole = await call('list_issues', {});
    expect(whole).not.toHaveProperty('note');
    await expect(checkGoal({ not_contains: 'AKIA' }, finishedRun(whole))).resolves.toMatchObject({ outcome: 'met' });
  });

  // The note read "issues 1–1" for one result and "no issues" for an empty page, and a page after the first with no
  // next one (the list's last, or one past its end) had none: `{ "issues": [] }` on page 5 read as a list without issues.
  it('list pages say one result, the last page and a page past the end in words that fit', async () => {
    const next = { link: `<${api.baseUrl}/repos/octo/demo/issues?page=4>; rel="next"` };
    const pages: Record<string, { body: unknown; headers?: Record<string, string> }> = {
      '3': { body: [issue(3, 'One')], headers: next },
      '4': { body: [issue(4, 'Last'), issue(5, 'Also last')] },
      '9': { body: [] },
      '1': { body: [issue(1, 'Only')] },
    };
    api.handlers['issues/list-for-repo'] = (request) => pages[request.query.get('page') ?? '1']!;
    const notes = async (args: Record<string, unknown>) => ((await call('list_issues', args)) as { note?: string }).note;
    expect(await notes({ per_page: 1, page: 3 })).toBe('[cut: page 3 holds issue 3, and more follow; call list_issues again with page: 4 for the next (per_page up to 100 gives more at once), or narrow the call by state, labels or since]');
    expect(await notes({ per_page: 3, page: 4 })).toBe('[cut: page 4 holds issues 10–11, the last of the list; pages 1–3 hold issues 1–9: call list_issues again with page: 1 for the first]');
    expect(await notes({ page: 9 })).toBe('[cut: page 9 holds no issues: the list ends before it; call list_issues again with page: 1 for the first]');
    // A first page with nothing after it is the whole list.
    expect(await notes({})).toBeUndefined();
    api.handlers['search/issues-and-pull-requests'] = (request) =>
      request.query.get('page') === '3' ? { body: { total_count: 50, incomplete_results: false, items: [] } } : { body: { total_count: 50, incomplete_results: false, items: [issue(50, 'Last')] } };
    await expect(call('search_issues', { query: 'flaky', page: 3 })).resolves.toMatchObject({ note: '[cut: page 3 holds no results: all 50 are on pages 1–2 at per_page 30; call search_issues again with page: 1 for the first]' });
    await expect(call('search_issues', { query: 'flaky', per_page: 49, page: 2 })).resolves.toMatchObject({ note: '[cut: page 2 holds result 50 of 50, the last; page 1 holds results 1–49: call search_issues again with page: 1 for the first]' });
  });

  // Found by an adversarial pass: commit messages came back whole, so a branch whose commits each carry a message of
  // 100 KiB (anyone who can push one writes them) gave a 10 MiB result to the trace, the reports and the model.
  it('list_commits caps each commit message, and all of them together', async () => {
    const message = `Subject\n\n${'x'.repeat(100 * 1024)}`;
    api.handlers['repos/list-commits'] = () => ({
      body: Array.from({ length: 100 }, (_, index) => ({ sha: `s${index}`, html_url: 'u', author: null, commit: { message, author: { name: 'Mona', date: '2026-01-01T00:00:00Z' } } })),
    });
    const { commits } = (await call('list_commits', { per_page: 100 })) as { commits: Array<{ sha: string; message: string }> };
    expect(commits).toHaveLength(100);
    expect(commits[0]!.message).toMatch(/^\[cut: this commit message is 100 KiB; showing the first 16 KiB\]\nSubject\n\nx+…$/);
    expect(commits[99]!.message.startsWith('[cut: this commit message is 100 KiB; showing the first 0 B]')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(commits))).toBeLessThan(300 * 1024);
  });

  it('search_issues limits an unscoped query to the current repository', async () => {
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 1, incomplete_results: false, items: [issue(5, 'Flaky')] } });
    const result = (await call('search_issues', { query: 'is:open flaky' })) as { query: string; total_count: number };
    expect(result).toMatchObject({ query: 'repo:octo/demo is:open flaky', total_count: 1 });
    await call('search_issues', { query: 'flaky repo:OCTO/demo' });
    expect(api.requests[1]?.query.get('q')).toBe('flaky repo:OCTO/demo');
  });

  // A page past 10 was sent as page 10: `page: 11, per_page: 10` (results 101–110, which GitHub gives) read results
  // 91–100 again as if they were the next ones, and a model paging on never saw the rest; list_issues' pages stopped
  // at 1,000 the same way (found by an adversarial pass).
  it('search_issues and list_issues ask for the page they are given, and a search page past GitHub’s first 1,000 results is refused saying so', async () => {
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 500, incomplete_results: false, items: [] } });
    api.handlers['issues/list-for-repo'] = () => ({ body: [] });
    await call('search_issues', { query: 'flaky', page: 11, per_page: 10 });
    await call('search_issues', { query: 'flaky', page: 34 });
    await call('list_issues', { page: 1500 });
    expect(api.requests.map((request) => `${request.query.get('per_page')}/${request.query.get('page')}`)).toEqual(['10/11', '30/34', '30/1500']);
    api.requests.length = 0;
    await expect(call('search_issues', { query: 'flaky', page: 11, per_page: 100 })).rejects.toThrow(
      "search_issues: page 11 of 100 starts at result 1,001, past the first 1,000 results GitHub's search gives; narrow the query (a label:, a created:<2024-01-01 range) to reach the others",
    );
    expect(api.requests).toEqual([]);
  });

  // GitHub's search that timed out answers 200 with what it found in time and `incomplete_results: true`: the flag
  // was dropped, and "no open security issue" (total_count 0) passed on a search that never finished (found by an adversarial pass).
  it('search_issues says so in its result when GitHub’s search did not finish, so a goal that reads the whole result is not met on it', async () => {
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 0, incomplete_results: true, items: [] } });
    const result = await call('search_issues', { query: 'is:open label:security' });
    expect(result).toMatchObject({ total_count: 0, items: [], note: expect.stringMatching(/^\[cut: GitHub's search timed out/) });
    const none = await checkGoal({ json_schema: { type: 'object', properties: { total_count: { const: 0 } } } }, finishedRun(result));
    expect(none).toMatchObject({ outcome: 'error', evidence: expect.stringContaining('holds only part of what its tool read') });
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 0, incomplete_results: false, items: [] } });
    const whole = await call('search_issues', { query: 'is:open label:security' });
    expect(whole).not.toHaveProperty('note');
    expect(await checkGoal({ json_schema: { type: 'object', properties: { total_count: { const: 0 } } } }, finishedRun(whole))).toMatchObject({ outcome: 'met' });
  });

  // The repository was added after the model's text, inside a quote it left open, and a repo: inside a quoted
  // phrase (or a label's quoted value) counted as the query's scope: GitHub reads both as words to find, and
  // the search reached every repository the token reaches (found by an adversarial pass).
  it('search_issues scopes a query whose repo: stands inside quotes, and refuses a quote left open', async () => {
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 0, incomplete_results: false, items: [] } });
    for (const query of ['password "leak', 'a "b" "c', 'repo:octo/demo"']) {
      await expect(call('search_issues', { query }), query).rejects.toThrow('search_issues: a query may not leave a " open');
    }
    expect(api.requests).toEqual([]);
    for (const [query, sent] of [
      ['"password repo:octo/demo"', 'repo:octo/demo "password repo:octo/demo"'],
      ['label:"repo:octo/demo" leak', 'repo:octo/demo label:"repo:octo/demo" leak'],
      ['leak repo:"octo/demo"', 'leak repo:"octo/demo"'],
      ['"a phrase" repo:octo/demo', '"a phrase" repo:octo/demo'],
      // Spellings GitHub may read as words: the limit goes first all the same (found by a review).
      ['flaky\u00a0repo:octo/demo', 'repo:octo/demo flaky\u00a0repo:octo/demo'],
      ['REPO:octo/demo flaky', 'repo:octo/demo REPO:octo/demo flaky'],
    ]) {
      api.requests.length = 0;
      await call('search_issues', { query });
      expect(api.requests[0]?.query.get('q'), query).toBe(sent);
    }
  });

  it('searches only the repositories the plan allows: org:, user: and other repo: qualifiers are refused, requesting nothing', async () => {
    for (const query of ['org:other flaky', 'user:someone flaky', 'flaky repo:other/secret', 'repo:octo/demo -repo:other/x', 'repo:octo/demo repo:"other/x"']) {
      await expect(call('search_issues', { query })).rejects.toThrow(/search_issues: reading (org|user|repo):\S+ is refused/);
    }
    // Grouping could OR an allowed repository with another.
    for (const query of ['(repo:other/secret) flaky repo:octo/demo', 'repo:octo/demo (org:other)', 'NOT(user:other) repo:octo/demo']) {
      await expect(call('search_issues', { query })).rejects.toThrow('search_issues: a query may not group with ( and )');
    }
    // Naming only this repository, but negated or joined with OR/AND/NOT, searches the others (found by a review).
    for (const query of ['-repo:octo/demo is:issue password', 'is:issue - repo:octo/demo', 'repo:octo/demo OR is:issue password', 'NOT repo:octo/demo password', 'flaky AND repo:octo/demo']) {
      await expect(call('search_issues', { query }), query).rejects.toThrow(/search_issues: (a negated repo:|OR, AND and NOT)/);
    }
    expect(api.requests).toEqual([]);
    api.handlers['search/issues-and-pull-requests'] = () => ({ body: { total_count: 0, incomplete_results: false, items: [] } });
    // A word that merely contains an operator, or a hyphenated word before a qualifier, is a query like any other.
    await call('search_issues', { query: 'ORDER NOTES flaky-test repo:octo/demo' });
    expect(api.requests[0]?.query.get('q')).toBe('ORDER NOTES flaky-test repo:octo/demo');
    api.requests.length = 0;
    await call('search_issues', { query: 'flaky repo:other/lib' }, { allowRepos: ['other/lib'] });
    expect(api.requests[0]?.query.get('q')).toBe('flaky repo:other/lib');
  });

  it('reads another repository only when the plan lists it under github.allow_repos', async () => {
    // With a token that reaches further than the run's repository, a model must not read another private one into the run's reports.
    await expect(call('get_issue', { owner: 'other', repo: 'lib', issue_number: 3 })).rejects.toThrow("get_issue: reading other/lib is refused; this run may read and write only octo/demo");
    expect(api.requests).toEqual([]);
    api.handlers['issues/get'] = () => ({ body: issue(3, 'Elsewhere') });
    await call('get_issue', { owner: 'other', repo: 'lib', issue_number: 3 }, { allowRepos: ['other/lib'] });
    expect(api.requests[0]?.params).toMatchObject({ owner: 'other', repo: 'lib' });
  });

  // Found by an adversarial pass: GitHub answers an issue transferred to another repository with a 301 to it, and
  // fetch followed it there, so a token reaching further read (and, for a POST turned GET, "labelled") an issue of a
  // repository the plan does not allow.
  it('follows no redirect out of the allowed repositories: an issue transferred elsewhere is refused, not read there', async () => {
    api.handlers['issues/get'] = (request, baseUrl) =>
      request.params.repo === 'demo'
        ? { status: 301, body: { message: 'Moved Permanently', url: `${baseUrl}/repos/octo/private/issues/5` }, headers: { location: `${baseUrl}/repos/octo/private/issues/5` } }
        : { body: issue(5, 'Embargoed vulnerability', { body: 'the private report' }) };
    api.handlers['issues/add-labels'] = (_request, baseUrl) => ({ status: 301, body: { message: 'Moved Permanently' }, headers: { location: `${baseUrl}/repos/octo/private/issues/5/labels` } });
    api.handlers['issues/list-labels-on-issue'] = () => ({ body: [{ name: 'embargoed' }] });
    const read = await call('get_issue', { issue_number: 5 }).catch((caught: unknown) => caught);
    expect(read).toMatchObject({ status: 301, transient: false });
    expect((read as Error).message).toBe(
      'get_issue: reading issue #5 of octo/demo: GitHub answered 301: a redirect (HTTP 301) the request did not follow; it moved (an issue transferred to another repository, a repository renamed), and the github tools follow no redirect; name the repository it is in now, which the plan must allow',
    );
    const labelled = await call('add_labels', { issue_number: 5, labels: ['x'] }).catch((caught: unknown) => caught);
    expect(labelled).toMatchObject({ status: 301, transient: false });
    // Each page of a listing too.
    api.handlers['pulls/list-files'] = (_request, baseUrl) => ({ status: 301, body: { message: 'Moved Permanently' }, headers: { location: `${baseUrl}/repos/octo/private/pulls/5/files` } });
    await expect(call('list_pull_request_files', { pull_number: 5 })).rejects.toMatchObject({ status: 301, transient: false });
    expect(api.requests.map((request) => `${request.method} ${request.params.owner}/${request.params.repo}`)).toEqual(['GET octo/demo', 'POST octo/demo', 'GET octo/demo']);
  });

  it.each([
    ['..', '..'],
    ['.', 'demo'],
    ['octo', '.'],
    ['octo', '..'],
    ['-octo', 'demo'],
    ['oc--to', 'demo'],
    ['a'.repeat(40), 'demo'],
    ['octo', 'a'.repeat(101)],
    ['octo/x', 'demo'],
    ['octo', 'de/mo'],
  ])('refuses owner %j, repo %j in the input schema and in the tool, requesting nothing', async (owner, repo) => {
    const tool = toolset().get('get_issue')!;
    const checked = validateToolArguments(tool, { owner, repo, issue_number: 1 });
    expect(checked.ok).toBe(false);
    await expect(call('get_issue', { owner, repo, issue_number: 1 })).rejects.toThrow(/is not a (GitHub account|repository) name.*nothing was requested/);
    await expect(call('list_issues', { owner, repo })).rejects.toThrow(/nothing was requested/);
    expect(api.requests).toEqual([]);
  });

  it.each([
    ['octo-org', 'my.repo_name-2'],
    ['a'.repeat(39), '...'],
    ['O1', '.github'],
  ])('accepts GitHub names such as %j/%j', (owner, repo) => {
    expect(validateToolArguments(toolset().get('get_issue')!, { owner, repo, issue_number: 1 }).ok).toBe(true);
  });
});

describe('github errors', () => {
  it('maps 503 to a transient error with the server’s retry-after', async () => {
    api.handlers['issues/get'] = () => ({ status: 503, body: { message: 'Service Unavailable' }, headers: { 'retry-after': '3' } });
    const error = await call('get_issue', { issue_number: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error).toMatchObject({ status: 503, transient: true, retryAfterMs: 3000, toolName: 'get_issue' });
  });

  it('maps 404 to a permanent error that says what to check', async () => {
    api.handlers['issues/get'] = () => ({ status: 404, body: { message: 'Not Found' } });
    const error = await call('get_issue', { issue_number: 99 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, transient: false });
    expect((error as Error).message).toContain('reading issue #99 of octo/demo');
    expect((error as Error).message).toContain('the token cannot see it');
  });

  // Found by an adversarial pass: a comment on a locked issue was put down to the token's permissions, which the
  // workflow had; GitHub refuses it whatever they are.
  it('does not put a 403 down to the token alone: a locked conversation refuses a comment whatever the permissions', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 403, body: { message: 'Unable to create comment because issue is locked.' } });
    const error = (await call('add_comment', { issue_number: 3, body: 'Hello' }).catch((caught: unknown) => caught)) as Error;
    expect(error).toMatchObject({ status: 403, transient: false });
    expect(error.message).not.toContain('the token lacks permission;');
    expect(error.message).toContain('a locked conversation');
  });

  it('treats a rate-limit 403 as transient', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 30);
    api.handlers['issues/get'] = () => ({
      status: 403,
      body: { message: 'API rate limit exceeded' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    });
    await expect(call('get_issue', { issue_number: 1 })).rejects.toMatchObject({ status: 403, transient: true });
  });
});

describe('github write tools', () => {
  it('create_issue, add_comment and add_labels are side effects that send valid requests', async () => {
    api.handlers['issues/create'] = (request) => ({ status: 201, body: issue(10, (request.body as { title: string }).title) });
    api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://github.com/octo/demo/issues/10#c77' } });
    api.handlers['issues/add-labels'] = () => ({ body: [{ name: 'bug' }, { name: 'triaged' }] });
    const tools = toolset();
    expect([...tools.values()].filter((tool) => tool.sideEffects).map((tool) => tool.name)).toEqual(['create_issue', 'add_comment', 'add_labels']);
    await expect(call('create_issue', { title: 'Weekly report', body: 'All good', labels: ['report'] })).resolves.toEqual({
      number: 10,
      url: 'https://github.com/octo/demo/issues/10',
      title: 'Weekly report',
    });
    await expect(call('add_comment', { issue_number: 10, body: 'Done' })).resolves.toEqual({ id: 77, url: 'https://github.com/octo/demo/issues/10#c77' });
    await expect(call('add_labels', { issue_number: 10, labels: ['triaged'] })).resolves.toEqual({ labels: ['bug', 'triaged'] });
    expect(api.requests.map((request) => request.body)).toEqual([
      { title: 'Weekly report', body: 'All good', labels: ['report'] },
      { body: 'Done' },
      { labels: ['triaged'] },
    ]);
  });

  // A comment through a personal access token is a person's: `/approve` from a model told to write it approved
  // another run that waited (found by an adversarial pass).
  // Compared ignoring case, `Kind/bug` spelled with the Kelvin sign (U+212A, which lower-cases to `k`) passed for the
  // allowed `kind/bug` and went to GitHub as written: a new label that only looks like the allowed one, not on the list
  // (found by an adversarial pass).
  it('sets a label as the plan’s list spells it, whatever case or lookalike the call wrote', async () => {
    api.handlers['issues/add-labels'] = (request) => ({ body: (request.body as { labels: string[] }).labels.map((name) => ({ name })) });
    api.handlers['issues/create'] = (request) => ({ status: 201, body: issue(10, (request.body as { title: string }).title) });
    const writes = { labels: ['kind/bug', 'Triaged'] };
    await call('add_labels', { issue_number: 5, labels: ['\u212Aind/bug', 'TRIAGED'] }, { writes });
    await call('create_issue', { title: 'Report', labels: ['KIND/BUG'] }, { writes });
    expect(api.requests.map((request) => (request.body as { labels?: string[] }).labels)).toEqual([['kind/bug', 'Triaged'], ['kind/bug']]);
  });

  it('add_comment never posts an answer to a paused run: a first line of /approve or /reject has its slash escaped', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://github.com/octo/demo/issues/21#c77' } });
    const tools = toolset({ writes: { max_comments: 2 } });
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    await tools.get('add_comment')!.execute({ issue_number: 21, body: '/approve' }, ctx);
    await tools.get('add_comment')!.execute({ issue_number: 21, body: ' /Reject\nthe plan is wrong' }, ctx);
    expect(api.requests.map((request) => request.body)).toEqual([{ body: '\\/approve' }, { body: ' \\/Reject\nthe plan is wrong' }]);
  });

  // Found by a review: a title answers no paused run, and GitHub showed its escape as written.
  it('create_issue keeps a title that starts with /reject as written, and escapes such a body', async () => {
    api.handlers['issues/create'] = (request) => ({ status: 201, body: issue(12, (request.body as { title: string }).title) });
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    await toolset().get('create_issue')!.execute({ title: '/reject flaky retries in CI', body: '/approve' }, ctx);
    expect(api.requests.map((request) => request.body)).toEqual([{ title: '/reject flaky retries in CI', body: '\\/approve' }]);
  });

  // A title or body within GitHub's limits as the model wrote it could pass them once mentions and references
  // were broken (a 256-character title of `@a ` became 341): GitHub answered 422, and the failed write had
  // used up the run's one comment or issue (found by an adversarial pass).
  it('refuses text that neutralising makes longer than GitHub takes, before sending it or using up the cap', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://github.com/octo/demo/issues/10#c77' } });
    api.handlers['issues/create'] = (request) => ({ status: 201, body: issue(11, (request.body as { title: string }).title) });
    const tools = toolset();
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    const comment = await tools.get('add_comment')!.execute({ issue_number: 10, body: '@a '.repeat(21_845) }, ctx).catch((caught: unknown) => caught);
    expect(comment).toMatchObject({ transient: false, message: expect.stringMatching(/^add_comment: the body is \d+ characters once written, \d+ more than as given, as mentions, references and links are neutralised, more than the 65536 GitHub takes; write a shorter one$/) });
    const title = await tools.get('create_issue')!.execute({ title: '@a '.repeat(85) }, ctx).catch((caught: unknown) => caught);
    expect(title).toMatchObject({ transient: false, message: expect.stringContaining('create_issue: the title is 340 characters once written') });
    expect(api.requests).toEqual([]);
    // The refused writes used up nothing: the run's one comment and one issue are still there to write.
    await expect(tools.get('add_comment')!.execute({ issue_number: 10, body: 'Done' }, ctx)).resolves.toMatchObject({ id: 77 });
    await expect(tools.get('create_issue')!.execute({ title: 'Report' }, ctx)).resolves.toMatchObject({ number: 11 });
    // An emoji is one character, as the schema counts it (200 of them are 400 UTF-16 units).
    await expect(toolset().get('create_issue')!.execute({ title: '🚀'.repeat(200) }, ctx)).resolves.toMatchObject({ title: '🚀'.repeat(200) });
  });

  // The neutraliser takes out HTML and decodes character references after the arguments were redacted: a
  // token split by a comment, a tag or an entity was whole again in the comment posted (found by an adversarial pass).
  it('redacts what it writes after neutralising it: a secret split by HTML or an entity is not joined up on GitHub', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://github.com/octo/demo/issues/10#c77' } });
    api.handlers['issues/create'] = (request) => ({ status: 201, body: issue(11, (request.body as { title: string }).title) });
    const redact = createRedactor(['Xk9pL2mQ7vR4tY8w']);
    const tools = redactingTools(new Map(toolset({ redact, writes: { max_comments: 2 } })), redact);
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    const split = 'tok: ghp_a1B2c3D4&#x65;5F6g7H8i9J0kLmN and <span class="pl-s">ghp_</span><span>Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2</span>, key: Xk9pL2mQ<!-- -->7vR4tY8w';
    await tools.get('add_comment')!.execute({ issue_number: 10, body: split }, ctx);
    await tools.get('create_issue')!.execute({ title: 'key Xk9pL2mQ<b></b>7vR4tY8w', body: split }, ctx);
    const sent = JSON.stringify(api.requests.map((request) => request.body));
    expect(sent).not.toMatch(/ghp_a1B2|Zz9Yy8Xx7Ww6|Xk9pL2mQ7vR4tY8w|Xk9pL2mQ\\?<|7vR4tY8w/);
    expect(api.requests).toHaveLength(2);
  });

  // Found by an adversarial pass: a comment GitHub refused (a wrong issue number) used up the run's one comment,
  // and the call with the right number was refused, saying one "was already written".
  it('gives a write GitHub refused back to the cap, and keeps one that may have landed', async () => {
    api.handlers['issues/create-comment'] = (request) =>
      request.params.issue_number === '999' ? { status: 404, body: { message: 'Not Found' } } : request.params.issue_number === '7' ? { status: 502, body: { message: 'Bad Gateway' } } : { status: 201, body: { id: 77, html_url: 'u77' } };
    api.handlers['issues/list-comments'] = () => ({ body: [] });
    const tools = toolset();
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    await expect(tools.get('add_comment')!.execute({ issue_number: 999, body: 'Done' }, ctx)).rejects.toMatchObject({ status: 404 });
    await expect(tools.get('add_comment')!.execute({ issue_number: 10, body: 'Done' }, ctx)).resolves.toEqual({ id: 77, url: 'u77' });
    // A 502 may come after GitHub wrote the comment: the cap counts it.
    const landed = toolset();
    await expect(landed.get('add_comment')!.execute({ issue_number: 7, body: 'Done' }, ctx)).rejects.toMatchObject({ status: 502 });
    await expect(landed.get('add_comment')!.execute({ issue_number: 10, body: 'Done' }, ctx)).rejects.toThrow('at most 1 comment per run');
  });

  // Found by an adversarial pass: a write that got no answer and left nothing is made again by the run (a later item,
  // an agent's next turn, a replan), and the cap counted it a second time: "1 was already written", with none written.
  it('counts a write the run makes again, after its effect was not found, once against the cap', async () => {
    let posts = 0;
    api.handlers['issues/create-comment'] = () => {
      posts += 1;
      return posts <= 2 ? { status: 502, body: { message: 'Bad Gateway' } } : { status: 201, body: { id: 9, html_url: 'u9', user: ACTIONS_BOT } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: [] });
    const list: Tool = { name: 'list', description: 'Items', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['a', 'b'] };
    const post: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'add_comment', args: { issue_number: 3, body: 'Review done' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } };
    const listStep: PlanStep = { key: 'list', id: 'list', type: 'tool_call', description: 'List', tool: 'list', args: {}, inputs: [], dependsOn: [] };
    const tools = toolset();
    const outcome = await runPlan(planOf([listStep, post], { concurrency: 1 }), { runStep, tools: new Map([...tools, ['list', list]]), clock: systemClock, cwd: '/', inputs: {}, listeners: [] });
    // The first item's write got no answer twice and left no comment; the second made it, within the cap of one.
    expect(posts).toBe(3);
    expect(outcome.results.get('post')).toEqual([null, { id: 9, url: 'u9' }]);
    // That one write is the cap's: another comment is refused.
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test', idempotencyKey: 'another' };
    await expect(tools.get('add_comment')!.execute({ issue_number: 3, body: 'Something else' }, ctx)).rejects.toThrow('at most 1 comment per run, and 1 was already written');
    expect(posts).toBe(3);
  });

  it('refuses to write to another repository before sending anything', async () => {
    const error = await call('add_comment', { owner: 'other', repo: 'lib', issue_number: 1, body: 'hi' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CrossRepoRefusedError);
    expect((error as Error).message).toContain('github.allow_repos');
    expect(api.requests).toEqual([]);
  });

  // Found by an adversarial pass: with `allow_references: true`, `evil/other#5` in a comment stayed live and
  // put a cross-reference on an issue of a repository `github.allow_repos` does not name.
  it('keeps references live only to repositories the plan allows, with allow_references', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://github.com/octo/demo/issues/10#c77' } });
    const body = 'fixes #3, see octo-org/Reports#4, octo/demo#6 and evil/other#5';
    await call('add_comment', { issue_number: 10, body }, { allowRepos: ['octo-org/reports'], writes: { allow_references: true } });
    expect(api.requests.map((request) => request.body)).toEqual([{ body: 'fixes #3, see octo-org/Reports#4, octo/demo#6 and evil/other#\u200B5' }]);
  });

  it('writes to another repository the plan allows, matching its name case-insensitively', async () => {
    api.handlers['issues/create'] = () => ({ status: 201, body: issue(1, 'Report') });
    await call('create_issue', { owner: 'Octo', repo: 'Reports', title: 'Report' }, { allowRepos: ['octo/reports'] });
    expect(api.requests[0]?.params).toMatchObject({ owner: 'Octo', repo: 'Reports' });
  });

  it('add_comment finds the comment it posted when the answer was lost, and does not post twice', async () => {
    const posted: { id: number; body: string; html_url: string; created_at: string; user: { login: string } }[] = [];
    api.handlers['issues/create-comment'] = (request) => {
      posted.push({ id: 5, body: (request.body as { body: string }).body, html_url: 'https://github.com/c/5', created_at: new Date().toISOString(), user: ACTIONS_BOT });
      return { status: 502, body: { message: 'Bad Gateway' } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: posted });
    await expect(call('add_comment', { issue_number: 3, body: 'Review done' })).resolves.toEqual({ id: 5, url: 'https://github.com/c/5' });
    // Who the token is comes first: only its own comment counts.
    expect(operations()).toEqual(['POST issues/create-comment', 'GET users/get-authenticated', 'POST graphql', 'GET issues/list-comments']);
    expect(api.requests[3]?.query.get('since')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  // Found by an adversarial pass: the client sends half a character as U+FFFD, and the look compared GitHub's text
  // with the text before that, so a write that landed was not found, and made twice.
  it('finds the comment and the issue it wrote with half a character in them, and does not write twice', async () => {
    const posted: Record<string, unknown>[] = [];
    api.handlers['issues/create-comment'] = (request) => {
      posted.push({ id: 5, body: (request.body as { body: string }).body, html_url: 'https://github.com/c/5', created_at: new Date().toISOString(), user: ACTIONS_BOT });
      return { status: 502, body: { message: 'Bad Gateway' } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: posted });
    api.handlers['issues/create'] = (request) => {
      posted.push(issue(7, (request.body as { title: string }).title, { user: ACTIONS_BOT }));
      return { status: 502, body: { message: 'Bad Gateway' } };
    };
    api.handlers['issues/list-for-repo'] = () => ({ body: posted.filter((each) => 'title' in each) });
    // A cut through an emoji upstream leaves its first half.
    await expect(call('add_comment', { issue_number: 3, body: 'Looks good \ud83d' })).resolves.toEqual({ id: 5, url: 'https://github.com/c/5' });
    await expect(call('create_issue', { title: 'Weekly report \ud83d' })).resolves.toMatchObject({ number: 7, title: 'Weekly report \uFFFD' });
    expect(operations().filter((operation) => operation.startsWith('POST issues/'))).toEqual(['POST issues/create-comment', 'POST issues/create']);
  });

  it('add_comment finds its comment after a timeout that came after the request was sent', async () => {
    const posted: SeenRequest[] = [];
    api.handlers['issues/create-comment'] = (request) => {
      posted.push(request);
      return { hang: true };
    };
    api.handlers['issues/list-comments'] = () => ({
      body: posted.map((request, index) => ({ id: index + 1, body: (request.body as { body: string }).body, html_url: 'u', created_at: new Date().toISOString(), user: ACTIONS_BOT })),
    });
    // The timeout is the look's too, which must answer within it: at 300 ms a loaded machine timed it out.
    await expect(call('add_comment', { issue_number: 3, body: 'Slow' }, { requestTimeoutMs: 3_000 })).resolves.toEqual({ id: 1, url: 'u' });
    expect(posted).toHaveLength(1);
  });

  it('add_comment posts again when the failed attempt left no comment', async () => {
    let attempts = 0;
    api.handlers['issues/create-comment'] = () => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, body: { message: 'unavailable' }, headers: { 'retry-after': '2' } }
        : { status: 201, body: { id: 9, html_url: 'u9' } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 1, body: 'an older, different comment', html_url: 'u1', created_at: new Date().toISOString(), user: ACTIONS_BOT }] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 9, url: 'u9' });
    expect(operations()).toEqual(['POST issues/create-comment', 'GET users/get-authenticated', 'POST graphql', 'GET issues/list-comments', 'POST issues/create-comment']);
    expect(waits).toEqual([2000]);
  });

  // Found by a review: the look took anyone's comment with the same body (text from a pull request the model
  // quoted, a body an attacker can guess) for the one the write meant to post, and the write was dropped.
  it('add_comment takes no one else’s comment with the same body for its own, and posts', async () => {
    let attempts = 0;
    api.handlers['issues/create-comment'] = () => {
      attempts += 1;
      return attempts === 1 ? { status: 502, body: { message: 'Bad Gateway' } } : { status: 201, body: { id: 9, html_url: 'u9', user: ACTIONS_BOT } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 4, body: 'Hello', html_url: 'u4', created_at: new Date().toISOString(), user: { login: 'mallory' } }] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 9, url: 'u9' });
    expect(attempts).toBe(2);
  });

  it('create_issue takes no one else’s issue with the same title for its own', async () => {
    let attempts = 0;
    api.handlers['issues/create'] = () => {
      attempts += 1;
      return attempts === 1 ? { status: 500, body: { message: 'Server Error' } } : { status: 201, body: issue(13, 'Weekly report', { user: ACTIONS_BOT }) };
    };
    api.handlers['issues/list-for-repo'] = () => ({ body: [issue(12, 'Weekly report', { user: { login: 'mallory' } })] });
    await expect(call('create_issue', { title: 'Weekly report' })).resolves.toMatchObject({ number: 13 });
    expect(attempts).toBe(2);
  });

  it('finds a GitHub App’s own comment: GraphQL names the bot an installation token is', async () => {
    tokenIs('my-app[bot]');
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({
      body: [
        { id: 4, body: 'Hello', html_url: 'u4', created_at: new Date().toISOString(), user: ACTIONS_BOT },
        { id: 5, body: 'Hello', html_url: 'u5', created_at: new Date().toISOString(), user: { login: 'my-app[bot]' } },
      ],
    });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 5, url: 'u5' });
  });

  it('knows a personal access token by GET /user, and asks GraphQL nothing', async () => {
    tokenIs('octocat');
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 5, body: 'Hello', html_url: 'u5', created_at: new Date().toISOString(), user: { login: 'octocat' } }] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 5, url: 'u5' });
    expect(operations()).toEqual(['POST issues/create-comment', 'GET users/get-authenticated', 'GET issues/list-comments']);
  });

  it('when GitHub cannot say who the token is, neither takes a comment as its own nor posts again', async () => {
    api.handlers['users/get-authenticated'] = () => ({ status: 500, body: { message: 'Server Error' } });
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).rejects.toMatchObject({ status: 502, transient: true });
    expect(operations()).toEqual(['POST issues/create-comment', 'GET users/get-authenticated']);
  });

  // Found by a review: when GraphQL failed, an installation token was taken for github-actions[bot], so a
  // GitHub App's look missed its own comment and posted it twice.
  it('when GraphQL cannot name an installation token’s bot, takes no comment for its own and does not post again', async () => {
    tokenIs('my-app[bot]');
    api.handlers['graphql'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 5, body: 'Hello', html_url: 'u5', created_at: new Date().toISOString(), user: { login: 'my-app[bot]' } }] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).rejects.toMatchObject({ status: 502, transient: true });
    expect(operations().filter((operation) => operation === 'POST issues/create-comment')).toHaveLength(1);
  });

  it('names a personal access token whose GET /user was refused for its rate limit by GraphQL', async () => {
    api.handlers['users/get-authenticated'] = () => ({ status: 403, headers: { 'x-ratelimit-remaining': '0' }, body: { message: 'API rate limit exceeded' } });
    api.handlers['graphql'] = () => ({ body: { data: { viewer: { login: 'octocat' } } } });
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 5, body: 'Hello', html_url: 'u5', created_at: new Date().toISOString(), user: { login: 'octocat' } }] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 5, url: 'u5' });
  });

  // Found by a review: one failed lookup was kept for the whole run, so every later look failed without asking.
  it('asks who the token is again after a lookup GitHub could not answer', async () => {
    let lookups = 0;
    api.handlers['users/get-authenticated'] = () => (++lookups === 1 ? { status: 500, body: { message: 'Server Error' } } : { body: { login: 'octocat', id: 1, type: 'User' } });
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 5, body: 'Hello', html_url: 'u5', created_at: new Date().toISOString(), user: { login: 'octocat' } }] });
    const tools = toolset({ writes: { max_comments: 2 } });
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    await expect(tools.get('add_comment')!.execute({ issue_number: 3, body: 'Hello' }, ctx)).rejects.toMatchObject({ status: 502 });
    await expect(tools.get('add_comment')!.execute({ issue_number: 3, body: 'Hello' }, ctx)).resolves.toEqual({ id: 5, url: 'u5' });
    expect(lookups).toBe(2);
  });

  // Found by a review: only the newest 30 open issues were looked at, so 30 opened by anyone in the window hid ours.
  it('create_issue looks past a page of other people’s new issues, and stops at the first one older than the call', async () => {
    api.handlers['issues/create'] = () => ({ status: 500, body: { message: 'Server Error' } });
    const old = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    api.handlers['issues/list-for-repo'] = (request, baseUrl) => {
      const link = (page: number) => ({ link: `<${baseUrl}/repos/octo/demo/issues?page=${page}>; rel="next"` });
      if (request.query.get('page') === '2') return { body: [issue(11, 'Weekly report', { user: ACTIONS_BOT })], headers: link(3) };
      if (request.query.get('page') === '3') return { body: [issue(4, 'Older', { user: ACTIONS_BOT, created_at: old })] };
      return { body: Array.from({ length: 100 }, (_, index) => issue(200 - index, 'Weekly report', { user: { login: 'mallory' } })), headers: link(2) };
    };
    await expect(call('create_issue', { title: 'Weekly report' })).resolves.toMatchObject({ number: 11 });
    expect(operations().filter((operation) => operation === 'GET issues/list-for-repo')).toHaveLength(2);
    // Not found before an issue older than the call: no further page is read, and the write is made again.
    api.requests.length = 0;
    let created = 0;
    api.handlers['issues/create'] = () => (++created === 1 ? { status: 500, body: { message: 'Server Error' } } : { status: 201, body: issue(12, 'Weekly report', { user: ACTIONS_BOT }) });
    api.handlers['issues/list-for-repo'] = (_request, baseUrl) => ({ body: [issue(4, 'Older', { user: ACTIONS_BOT, created_at: old })], headers: { link: `<${baseUrl}/repos/octo/demo/issues?page=2>; rel="next"` } });
    await expect(call('create_issue', { title: 'Weekly report' })).resolves.toMatchObject({ number: 12 });
    expect(operations()).toEqual(['POST issues/create', 'GET users/get-authenticated', 'POST graphql', 'GET issues/list-for-repo', 'POST issues/create']);
  });

  it('learns who the token is from what it created, and then asks no more', async () => {
    tokenIs('my-app[bot]');
    const tools = toolset();
    const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
    api.handlers['issues/create'] = () => ({ status: 201, body: issue(1, 'Report', { user: { login: 'my-app[bot]' } }) });
    api.handlers['issues/create-comment'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    api.handlers['issues/list-comments'] = () => ({ body: [{ id: 2, body: 'Hello', html_url: 'u2', created_at: new Date().toISOString(), user: { login: 'my-app[bot]' } }] });
    await tools.get('create_issue')!.execute({ title: 'Report' }, ctx);
    await expect(tools.get('add_comment')!.execute({ issue_number: 1, body: 'Hello' }, ctx)).resolves.toEqual({ id: 2, url: 'u2' });
    expect(operations()).toEqual(['POST issues/create', 'POST issues/create-comment', 'GET issues/list-comments']);
  });

  it('create_issue finds the open issue it created when the answer was lost', async () => {
    api.handlers['issues/create'] = () => ({ status: 500, body: { message: 'Server Error' } });
    api.handlers['issues/list-for-repo'] = () => ({
      body: [issue(12, 'Weekly report', { pull_request: { url: 'x' }, user: ACTIONS_BOT }), issue(11, 'Weekly report', { user: ACTIONS_BOT }), issue(8, 'Other', { user: ACTIONS_BOT })],
    });
    await expect(call('create_issue', { title: 'Weekly report' })).resolves.toMatchObject({ number: 11 });
    expect(operations()).toEqual(['POST issues/create', 'GET users/get-authenticated', 'POST graphql', 'GET issues/list-for-repo']);
    expect(api.requests[3]?.query.get('state')).toBe('all');
  });

  // Found by an adversarial pass: the look asked for open issues only, so an issue a bot closed as soon as it was opened
  // (a template check, a triage bot) was not found after a lost answer, and create_issue opened it a second time.
  it('create_issue finds the issue it created when the answer was lost and a bot has closed it since', async () => {
    let created = 0;
    api.handlers['issues/create'] = () => {
      created += 1;
      return { status: 502, body: { message: 'Server Error' } };
    };
    const closed = issue(11, 'Weekly report', { user: ACTIONS_BOT, state: 'closed', closed_at: new Date().toISOString() });
    api.handlers['issues/list-for-repo'] = (request) => ({ body: request.query.get('state') === 'open' ? [] : [closed] });
    await expect(call('create_issue', { title: 'Weekly report' })).resolves.toMatchObject({ number: 11 });
    expect(created).toBe(1);
  });

  it('a permanent failure is reported at once, without a check or a second attempt', async () => {
    api.handlers['issues/create'] = () => ({ status: 422, body: { message: 'Validation Failed' } });
    await expect(call('create_issue', { title: 'x' })).rejects.toMatchObject({ status: 422, transient: false });
    expect(operations()).toEqual(['POST issues/create']);
  });

  // Found by an adversarial pass: the write was sent again after at most 10 s whatever GitHub asked (60 s, or an hour,
  // read as no hint at all and retried after 1 s), and looked for its comment first, more requests inside the limit.
  it.each([
    ['a retry-after of 60 s', { 'retry-after': '60' }],
    ['a retry-after of an hour', { 'retry-after': '3600' }],
    ['no retry-after (GitHub asks for a minute at least)', {}],
  ])('a write GitHub refused for its rate limit with %s is not sent again', async (_what, headers: Record<string, string>) => {
    api.handlers['issues/create-comment'] = () => ({ status: 403, body: { message: 'You have exceeded a secondary rate limit' }, headers });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).rejects.toMatchObject({ status: 403, transient: true });
    expect(operations()).toEqual(['POST issues/create-comment']);
    expect(waits).toEqual([]);
  });

  it('a write that failed on a 5xx asking for more than 10 s is looked for, and not sent again before that', async () => {
    api.handlers['issues/create-comment'] = () => ({ status: 503, body: { message: 'unavailable' }, headers: { 'retry-after': '30' } });
    api.handlers['issues/list-comments'] = () => ({ body: [] });
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).rejects.toMatchObject({ status: 503, transient: true, retryAfterMs: 30_000 });
    expect(operations()).toEqual(['POST issues/create-comment', 'GET users/get-authenticated', 'POST graphql', 'GET issues/list-comments']);
    expect(waits).toEqual([]);
  });

  it('a write GitHub refused for its rate limit is sent again once the short wait it asked for is over', async () => {
    let attempts = 0;
    api.handlers['issues/create-comment'] = () => {
      attempts += 1;
      return attempts === 1
        ? { status: 429, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': '5' } }
        : { status: 201, body: { id: 9, html_url: 'u9', user: ACTIONS_BOT } };
    };
    await expect(call('add_comment', { issue_number: 3, body: 'Hello' })).resolves.toEqual({ id: 9, url: 'u9' });
    // A refused write was not applied: nothing to look for.
    expect(operations()).toEqual(['POST issues/create-comment', 'POST issues/create-comment']);
    expect(waits).toEqual([5000]);
  });

  it('gives up with the second failure when the retry fails too', async () => {
    api.handlers['issues/add-labels'] = () => ({ status: 502, body: { message: 'Bad Gateway' } });
    await expect(call('add_labels', { issue_number: 1, labels: ['x'] })).rejects.toMatchObject({ status: 502, transient: true });
    expect(operations()).toEqual(['POST issues/add-labels', 'POST issues/add-labels']);
  });
});
