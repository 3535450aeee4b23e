/** The repository every e2e run acts in. */
export const REPO = { owner: 'octo-org', name: 'hello-world' } as const;
export const HEAD_SHA = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
export const BASE_SHA = '9049f1265b7d61be4a8904a9a27120d2064dab3b';

/**
 * A `pull_request` (`synchronize`) payload shaped like GitHub's: the fields plan-runner reads and
 * the usual ones around them. `fork` makes the head repository someone else's.
 */
export function pullRequestEvent(number: number, options: { fork?: boolean } = {}): Record<string, unknown> {
  const fullName = `${REPO.owner}/${REPO.name}`;
  const owner = { login: REPO.owner, id: 1, type: 'Organization' };
  const repository = { id: 1296269, name: REPO.name, full_name: fullName, owner, private: false, fork: false, default_branch: 'main' };
  const headRepo = options.fork
    ? { id: 7, name: REPO.name, full_name: `forker/${REPO.name}`, owner: { login: 'forker', id: 7, type: 'User' }, fork: true }
    : repository;
  return {
    action: 'synchronize',
    number,
    pull_request: {
      url: `https://api.github.com/repos/${fullName}/pulls/${number}`,
      html_url: `https://github.com/${fullName}/pull/${number}`,
      id: 1_000_000 + number,
      number,
      state: 'open',
      title: 'Fix the crash on start',
      user: { login: options.fork ? 'forker' : 'octocat', id: 2, type: 'User' },
      draft: false,
      head: { label: `${options.fork ? 'forker' : REPO.owner}:fix-crash`, ref: 'fix-crash', sha: HEAD_SHA, repo: headRepo },
      base: { label: `${REPO.owner}:main`, ref: 'main', sha: BASE_SHA, repo: repository },
    },
    repository,
    sender: { login: 'octocat', id: 2, type: 'User' },
  };
}
