interface PullRequestRepos {
  readonly pull_request?: {
    readonly head?: { readonly repo?: { readonly full_name?: unknown } | null };
    readonly base?: { readonly repo?: { readonly full_name?: unknown } };
  };
  readonly repository?: { readonly full_name?: unknown };
}

/**
 * True when the event's pull request comes from another repository than the one the run belongs
 * to: `head.repo.full_name` differs from the base's, or the head repository is gone (`null`, a
 * deleted fork). Events without a pull request are not forks.
 */
export function isForkPullRequest(payload: unknown): boolean {
  const data = (payload ?? {}) as PullRequestRepos;
  const pull = data.pull_request;
  if (!pull || typeof pull !== 'object') return false;
  const base = pull.base?.repo?.full_name ?? data.repository?.full_name;
  const head = pull.head?.repo?.full_name;
  if (typeof head !== 'string' || typeof base !== 'string') return true;
  return head.toLowerCase() !== base.toLowerCase();
}

/**
 * True when a workflow_run event follows a run on another repository's code (a fork's pull request
 * set it off): its `head_repository` differs from the repository, or is not named (fail closed).
 */
export function isForkWorkflowRun(payload: unknown): boolean {
  const data = (payload ?? {}) as { workflow_run?: { head_repository?: { full_name?: unknown } | null }; repository?: { full_name?: unknown } };
  const head = data.workflow_run?.head_repository?.full_name;
  const base = data.repository?.full_name;
  if (typeof head !== 'string' || typeof base !== 'string') return true;
  return head.toLowerCase() !== base.toLowerCase();
}
