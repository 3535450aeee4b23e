import { HEAD_SHA, pullRequestEvent, REPO } from './pull-request-event.ts';

/** Whose commit a check event is about: a branch of the repository with a pull request, one without, or a fork's pull request's. */
export type CheckedCommit = { readonly pullRequest: number } | { readonly branch: string } | { readonly fork: true };

/** The objects the check fixtures give only the fields of that plan-runner reads (GitHub's have some eighty more). */
export const CHECK_EVENT_PARTS = ['payload.repository', 'payload.repository.owner', 'payload.sender', 'payload.check_suite.app.owner', 'payload.check_run.app.owner', 'payload.check_run.check_suite.app.owner'];

const app = { id: 15368, slug: 'ci-app', node_id: 'MDM6QXBwMTUzNjg=', name: 'CI App', description: '', external_url: 'https://ci.example', html_url: 'https://github.com/apps/ci-app', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z', owner: { login: 'ci-org', id: 9, type: 'Organization' }, permissions: {}, events: [] };
const committer = { name: 'Forker', email: 'forker@example.com' };

/**
 * The `check_suite` part GitHub sends: for a fork's commit no branch and no pull request (GitHub matches
 * pull requests only to branches of this repository), for a branch of this repository its name and the
 * pull requests whose head it is; the entries name repositories by id, url and name only.
 */
function suite(commit: CheckedCommit) {
  const repository = pullRequestEvent(1)['repository'] as { id: number; name: string };
  const repoRef = { id: repository.id, url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}`, name: REPO.name };
  const pullRequests =
    'pullRequest' in commit
      ? [{ url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/pulls/${commit.pullRequest}`, id: 1_000_000 + commit.pullRequest, number: commit.pullRequest, head: { ref: 'fix-crash', sha: HEAD_SHA, repo: repoRef }, base: { ref: 'main', sha: '9049f1265b7d61be4a8904a9a27120d2064dab3b', repo: repoRef } }]
      : [];
  return {
    id: 5_000_001,
    node_id: 'CS_kwDOAAABc84AAAAB',
    head_branch: 'fork' in commit ? null : 'branch' in commit ? commit.branch : 'fix-crash',
    head_sha: HEAD_SHA,
    status: 'completed' as const,
    conclusion: 'success' as const,
    url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/check-suites/5000001`,
    before: null,
    after: HEAD_SHA,
    pull_requests: pullRequests,
    app,
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:05:00Z',
    latest_check_runs_count: 1,
    check_runs_url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/check-suites/5000001/check-runs`,
    head_commit: { id: HEAD_SHA, tree_id: 'b'.repeat(40), message: 'Fix the crash on start', timestamp: '2024-05-01T09:59:00Z', author: committer, committer },
    rerequestable: true,
    runs_rerequestable: true,
  };
}

/** A `check_suite` (`completed`) payload shaped like GitHub's, set off by a CI app listed in `allowed-bots`. */
export function checkSuiteEvent(commit: CheckedCommit): Record<string, unknown> {
  const { repository } = pullRequestEvent(1);
  return { action: 'completed', check_suite: suite(commit), repository, sender: { login: 'ci-app[bot]', id: 41898282, type: 'Bot' } };
}

/** A `check_run` (`completed`) payload shaped like GitHub's: the run's suite, and the same pull requests as it. */
export function checkRunEvent(commit: CheckedCommit): Record<string, unknown> {
  const { repository } = pullRequestEvent(1);
  const { pull_requests, ...checkSuite } = suite(commit);
  return {
    action: 'completed',
    check_run: {
      id: 6_000_001,
      node_id: 'CR_kwDOAAABc88AAAAB',
      head_sha: HEAD_SHA,
      external_id: '',
      name: 'build',
      url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/check-runs/6000001`,
      html_url: `https://github.com/${REPO.owner}/${REPO.name}/runs/6000001`,
      details_url: 'https://ci.example/build/1',
      status: 'completed',
      conclusion: 'success',
      started_at: '2024-05-01T10:00:00Z',
      completed_at: '2024-05-01T10:05:00Z',
      output: { title: null, summary: null, text: null, annotations_count: 0, annotations_url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/check-runs/6000001/annotations` },
      check_suite: checkSuite,
      app,
      pull_requests,
    },
    repository,
    sender: { login: 'ci-app[bot]', id: 41898282, type: 'Bot' },
  };
}
