/** Events a person (or an app) starts by writing to the repository: their author must be trusted before a model call. */
export const EVENTS_NEEDING_WRITE_ACCESS: readonly string[] = [
  'issue_comment',
  'issues',
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
  'discussion',
  'discussion_comment',
];

/** A GitHub account from an event payload. */
export interface TriggerUser {
  readonly login: string;
  /** `User`, `Bot` or `Organization`, as the payload says; `unknown` when it says nothing. */
  readonly type: string;
  /** Why this account counts: `sender`, `comment author`, `review author`. */
  readonly role: string;
}

interface Account {
  readonly login?: unknown;
  readonly type?: unknown;
}

function account(value: unknown, role: string): TriggerUser | undefined {
  const login = (value as Account | null | undefined)?.login;
  if (typeof login !== 'string' || login === '') return undefined;
  const type = (value as Account).type;
  return { login, type: typeof type === 'string' ? type : 'unknown', role };
}

/**
 * The accounts behind an event that needs write access: the sender, and for comments and reviews
 * also their author (an edit by a maintainer does not vouch for a stranger's comment). Empty for
 * events that need no check (schedule, push, workflow_dispatch) — and for a payload that names
 * nobody, which the caller refuses.
 */
export function triggerUsers(eventName: string, payload: unknown): TriggerUser[] {
  if (!EVENTS_NEEDING_WRITE_ACCESS.includes(eventName)) return [];
  const data = (payload ?? {}) as { sender?: unknown; comment?: { user?: unknown }; review?: { user?: unknown } };
  const users = [account(data.sender, 'sender'), account(data.comment?.user, 'comment author'), account(data.review?.user, 'review author')];
  const unique = new Map<string, TriggerUser>();
  for (const user of users) if (user && !unique.has(user.login.toLowerCase())) unique.set(user.login.toLowerCase(), user);
  return [...unique.values()];
}

/** True for an app's account: typed `Bot`, or a login ending in `[bot]`. */
export function isBot(user: TriggerUser): boolean {
  return user.type === 'Bot' || user.login.toLowerCase().endsWith('[bot]');
}
