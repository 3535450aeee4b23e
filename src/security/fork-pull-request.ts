/** A repository as GitHub's payloads and answers name it. */
export interface RepositoryRef {
  readonly id?: unknown;
  readonly full_name?: unknown;
}

/**
 * The repository an event ran in, as `sameRepository` compares it: `fullName` (GITHUB_REPOSITORY, or the event's
 * target), with the payload's `repository.id` where it has one: a re-run keeps its event's names, and since a
 * rename another repository may hold the name.
 */
export function eventRepository(fullName: string, payload: unknown): RepositoryRef {
  const id = (payload as { repository?: RepositoryRef } | null | undefined)?.repository?.id;
  return { full_name: fullName, ...(typeof id === 'number' && { id }) };
}

/**
 * Whether `candidate` is `repository`: by id when both carry one, since a name is given up on a rename or a
 * transfer and another repository may take it (a re-run keeps its event's names); else by full name, in any case.
 * False when either is missing or names nothing (fail closed).
 */
export function sameRepository(candidate: RepositoryRef | null | undefined, repository: RepositoryRef | null | undefined): boolean {
  if (!candidate || !repository) return false;
  if (typeof candidate.id === 'number' && typeof repository.id === 'number') return candidate.id === repository.id;
  const [a, b] = [candidate.full_name, repository.full_name];
  return typeof a === 'string' && typeof b === 'string' && a !== '' && a.toLowerCase() === b.toLowerCase();
}

interface PullRequestRepos {
  readonly pull_request?: {
    readonly head?: { readonly repo?: RepositoryRef | null };
    readonly base?: { readonly repo?: RepositoryRef | null };
  };
  readonly repository?: RepositoryRef;
}

/**
 * True when the event's pull request comes from another repository than the one the run belongs to: its head
 * repository is not its base's, or is gone (`null`, a deleted fork), or its base is not the event's repository.
 * Events without a pull request are not forks.
 */
export function isForkPullRequest(payload: unknown): boolean {
  const data = (payload ?? {}) as PullRequestRepos;
  const pull = data.pull_request;
  if (!pull || typeof pull !== 'object') return false;
  const base = pull.base?.repo ?? data.repository;
  if (data.repository && !sameRepository(base, data.repository)) return true;
  return !sameRepository(pull.head?.repo, base);
}

/**
 * True when a workflow_run event follows a run on another repository's code (a fork's pull request
 * set it off): its `head_repository` is not the repository, or is not named (fail closed).
 */
export function isForkWorkflowRun(payload: unknown): boolean {
  const data = (payload ?? {}) as { workflow_run?: { head_repository?: RepositoryRef | null }; repository?: RepositoryRef };
  return !sameRepository(data.workflow_run?.head_repository, data.repository);
}
