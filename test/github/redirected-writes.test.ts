import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { issueCommentApi } from '../../src/report/comment/comment-api.ts';
import { createCommentUpdater } from '../../src/report/comment/comment-updater.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { plan, RunScript, step } from '../report/summary-run-fixture.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

// Found by an adversarial pass: fetch sends a POST on a 301 as a GET, and Octokit took that GET's answer for the
// POST's. The live comment on an issue transferred mid-run "created" its comment by reading the other repository's
// comments: none was made, nothing was said, and every later write did the same.
describe('a write GitHub answers with a redirect', () => {
  it('is not taken as done when fetch would send it on as a GET: the comment says the issue moved and stops', async () => {
    github.addComment('elsewhere', 'private', 5, 'someone else’s words');
    github.fail('issues/create-comment', { status: 301, headers: { location: `${github.url}/repos/elsewhere/private/issues/5/comments` }, body: { message: 'Moved Permanently' } });
    const warnings: string[] = [];
    const updater = createCommentUpdater({ api: issueCommentApi(octokit(), { kind: 'issue', owner: 'octo', repo: 'app', number: 5 }), marker: '<!-- m -->', render: () => 'body', warn: (m) => warnings.push(m), minIntervalMs: 0 });
    const one = step('1', 'one');
    const script = new RunScript(plan([one]));
    script.complete(one.key, 'ok');
    for (const event of script.events) updater.listener(event);
    await updater.finish();
    expect(github.requests.filter((request) => request.path.startsWith('/repos/elsewhere/'))).toEqual([]);
    expect(github.requestsTo('issues/create-comment')).toHaveLength(1);
    expect(warnings).toEqual([
      'Could not create the PR comment: HTTP 301 a redirect (HTTP 301) the request did not follow. plan-runner stops writing the comment for this run; the run goes on and the job summary has the full record. ' +
        'It moved (an issue transferred to another repository, a repository renamed), and plan-runner sends no write after it: run the workflow where it is now.',
    ]);
  });

  it('follows a 307 or 308 within GitHub, which keeps its method and body (a repository renamed)', async () => {
    github.fail('checks/create', { status: 307, headers: { location: `${github.url}/repos/octo/renamed/check-runs` }, body: { message: 'Temporary Redirect' } });
    const { data } = await octokit().rest.checks.create({ owner: 'octo', repo: 'app', name: 'plan', head_sha: 'a'.repeat(40), status: 'in_progress' });
    expect(data.id).toBeTypeOf('number');
    expect(github.requestsTo('checks/create').map((request) => [request.path, request.status, request.body])).toEqual([
      ['/repos/octo/app/check-runs', 307, { name: 'plan', head_sha: 'a'.repeat(40), status: 'in_progress' }],
      ['/repos/octo/renamed/check-runs', 201, { name: 'plan', head_sha: 'a'.repeat(40), status: 'in_progress' }],
    ]);
  });
});
