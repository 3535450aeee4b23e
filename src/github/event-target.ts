import { z } from 'zod';

/** The pull request or issue a run reports to. */
export interface IssueTarget {
  readonly owner: string;
  readonly repo: string;
  readonly number: number;
  readonly kind: 'pull_request' | 'issue';
}

const Repository = z.object({ name: z.string().min(1), owner: z.object({ login: z.string().min(1) }) });
const Numbered = z.object({ number: z.int().positive() });

const Payload = z.object({
  repository: Repository.optional(),
  pull_request: Numbered.optional(),
  issue: Numbered.extend({ pull_request: z.unknown().optional() }).optional(),
});

/**
 * The events of a pull request whose token is read-only when it comes from a fork (all but
 * `pull_request_target`): the review events name their pull request as `pull_request` does.
 */
export const FORK_READ_ONLY_PULL_REQUEST_EVENTS: ReadonlySet<string> = new Set(['pull_request', 'pull_request_review', 'pull_request_review_comment']);

/**
 * The pull request or issue of a `pull_request`, `pull_request_target`, review (`pull_request_review`,
 * `pull_request_review_comment`), `issue_comment` or `issues` event, from its payload; undefined for other
 * events (a schedule or a push has none to comment on). `repository` ("owner/name", i.e. `GITHUB_REPOSITORY`)
 * is used when the payload has none.
 */
export function eventTarget(eventName: string, payload: unknown, repository?: string): IssueTarget | undefined {
  const parsed = Payload.safeParse(payload);
  if (!parsed.success) return undefined;
  const { data } = parsed;
  const [fallbackOwner, fallbackRepo] = repository?.split('/') ?? [];
  const owner = data.repository?.owner.login ?? fallbackOwner;
  const repo = data.repository?.name ?? fallbackRepo;
  if (!owner || !repo) return undefined;
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target':
    // Told the event had no pull request, a review's run wrote no comment, and its escalation opened an issue (adversarial pass).
    case 'pull_request_review':
    case 'pull_request_review_comment':
      return data.pull_request ? { owner, repo, number: data.pull_request.number, kind: 'pull_request' } : undefined;
    case 'issue_comment':
    case 'issues':
      if (!data.issue) return undefined;
      // An issue_comment on a pull request carries `issue.pull_request`; the number is shared.
      return { owner, repo, number: data.issue.number, kind: data.issue.pull_request ? 'pull_request' : 'issue' };
    default:
      return undefined;
  }
}
