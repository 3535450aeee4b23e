import type { GitHubRunContext } from '../github/github-run-context.ts';

/** A person's `/approve` or `/reject`, from a new comment on a pull request or issue. */
export interface ApprovalCommand {
  readonly kind: 'approve' | 'reject';
  /** The comment's author (its write access is checked at admission, as for any comment event). */
  readonly by: string;
}

interface CommentPayload {
  readonly action?: unknown;
  readonly comment?: { readonly body?: unknown; readonly user?: { readonly login?: unknown } };
}

/**
 * The approval command of this event: an `issue_comment` just created whose first line is exactly
 * `/approve` or `/reject` (anything may follow on later lines); undefined for every other event.
 */
export function approvalCommand(github: Pick<GitHubRunContext, 'eventName' | 'payload'>): ApprovalCommand | undefined {
  if (github.eventName !== 'issue_comment') return undefined;
  const payload = (github.payload ?? {}) as CommentPayload;
  if (payload.action !== 'created') return undefined;
  const body = payload.comment?.body;
  const login = payload.comment?.user?.login;
  if (typeof body !== 'string' || typeof login !== 'string') return undefined;
  const first = body.trimStart().split(/\r?\n/, 1)[0]?.trim();
  if (first === '/approve') return { kind: 'approve', by: login };
  if (first === '/reject') return { kind: 'reject', by: login };
  return undefined;
}
