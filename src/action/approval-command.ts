import type { GitHubRunContext } from '../github/github-run-context.ts';
import { isBot } from '../security/trigger-users.ts';
import { INVISIBLE } from '../core/invisible-characters.ts';

/** A person's `/approve` or `/reject`, from a new comment on a pull request or issue. */
export interface ApprovalCommand {
  readonly kind: 'approve' | 'reject';
  /** The comment's author (its write access is checked at admission, as for any comment event). */
  readonly by: string;
  /**
   * The author is an app (a `Bot` account, a `[bot]` login), or an app posted it through a person's
   * token (`performed_via_github_app`): `allowed-bots` may let it start runs, but an approval is a
   * person's decision, and an app may post text it was given.
   */
  readonly app: boolean;
  /** The comment's id: it is read again before the answer is recorded, as it may have been deleted or edited since. */
  readonly commentId?: number;
}

interface CommentPayload {
  readonly action?: unknown;
  readonly comment?: { readonly id?: unknown; readonly body?: unknown; readonly user?: { readonly login?: unknown; readonly type?: unknown }; readonly performed_via_github_app?: unknown };
}

/** The comment's first line that is not blank, trimmed, where an answer is written. */
function firstLine(body: string): string {
  return body.trimStart().split(/\r?\n/, 1)[0]?.trim() ?? '';
}

/** The answer a comment's text gives (`/approve` or `/reject` alone on its first line, in any case), or undefined. */
export function commandIn(body: string): ApprovalCommand['kind'] | undefined {
  const command = firstLine(body).toLowerCase();
  return command === '/approve' ? 'approve' : command === '/reject' ? 'reject' : undefined;
}

/**
 * Why this event's comment, which reads as an answer to a paused run, is none, or undefined: a first line
 * that starts with `/approve` or `/reject` but holds more (`/approve <hash>`), or a comment edited into one.
 * Taken as no command, such a comment started a run of the plan afresh (found by an adversarial pass).
 */
export function malformedApprovalCommand(github: Pick<GitHubRunContext, 'eventName' | 'payload'>): string | undefined {
  if (github.eventName !== 'issue_comment') return undefined;
  const payload = (github.payload ?? {}) as CommentPayload;
  const body = payload.comment?.body;
  if (typeof body !== 'string') return undefined;
  const first = firstLine(body);
  const kind = /^\/(approve|reject)(?![\w-])/i.exec(first)?.[1]?.toLowerCase();
  // A deleted comment answers nothing and asks nothing: the waiting run's check (below) speaks for it.
  if (kind === undefined || payload.action === 'deleted') return undefined;
  if (payload.action !== 'created') return `/${kind}: an edited comment is no answer (the comment was ${String(payload.action)}); post /${kind} in a new comment. Nothing was changed`;
  if (first.toLowerCase() !== `/${kind}`) {
    // Pasted text can bring a character no one sees (a zero-width space): "takes nothing after it" alone left the approver nothing to remove.
    const rest = first.slice(kind.length + 1);
    const named = [...new Set(rest)].map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    const unseen = rest.replace(INVISIBLE, '') === '' ? `, and an invisible character follows it there (${named.slice(0, 4).join(', ')}${named.length > 4 ? ', …' : ''})` : '';
    return `/${kind} takes nothing after it on its line${unseen} (it answers the run that waits; no hash): write /${kind} alone on the first line of a new comment. Nothing was changed`;
  }
  return undefined;
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
  const type = payload.comment?.user?.type;
  // An app can also comment through a person's token (an assistant, an integration): the person's login, the app's words.
  const viaApp = payload.comment?.performed_via_github_app !== undefined && payload.comment?.performed_via_github_app !== null;
  const app = viaApp || isBot({ login, type: typeof type === 'string' ? type : 'unknown', role: 'comment author' });
  // In any case, as the README's `if: startsWith(…, '/approve')` matches it (a review found `/Approve` refused as
  // "takes nothing after it").
  const kind = commandIn(body);
  const id = payload.comment?.id;
  return kind && { kind, by: login, app, ...(typeof id === 'number' && Number.isSafeInteger(id) && { commentId: id }) };
}
