/**
 * Events only people with write access can cause (a push, a dispatch, a schedule one of them set, a merge queue's
 * run, which only someone allowed to merge sets off by queueing a pull request, though its sender is the queue's
 * bot): they start a run unchecked. Every other event is checked, the ones anyone can cause (a comment, a pull
 * request, a star, a fork, a wiki edit, a workflow_run a fork's pull request set off) first of all.
 */
export const EVENTS_WITHOUT_CHECK: readonly string[] = ['schedule', 'push', 'workflow_dispatch', 'merge_group'];

/**
 * Whether the accounts behind `eventName` must be checked for write access before a run starts. No
 * event name at all is no GitHub event: the action run outside a workflow (`local-action`, a test),
 * by whoever runs it.
 */
export function needsWriteAccess(eventName: string): boolean {
  return eventName !== '' && !EVENTS_WITHOUT_CHECK.includes(eventName);
}

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
 * The accounts behind an event that needs write access: the sender, for comments and reviews also
 * their author (an edit by a maintainer does not vouch for a stranger's comment), and for a
 * workflow_run the accounts that started the run it follows. Empty for events that need no check
 * ({@link EVENTS_WITHOUT_CHECK}) — and for a payload that names nobody, which the caller refuses.
 */
export function triggerUsers(eventName: string, payload: unknown): TriggerUser[] {
  if (!needsWriteAccess(eventName)) return [];
  const data = (payload ?? {}) as {
    sender?: unknown;
    comment?: { user?: unknown };
    review?: { user?: unknown };
    workflow_run?: { actor?: unknown; triggering_actor?: unknown };
  };
  const users = [
    account(data.sender, 'sender'),
    account(data.comment?.user, 'comment author'),
    account(data.review?.user, 'review author'),
    account(data.workflow_run?.actor, 'actor of the workflow run it follows'),
    account(data.workflow_run?.triggering_actor, 'account that started the workflow run it follows'),
  ];
  const unique = new Map<string, TriggerUser>();
  for (const user of users) if (user && !unique.has(user.login.toLowerCase())) unique.set(user.login.toLowerCase(), user);
  return [...unique.values()];
}

/** True for an app's account: typed `Bot`, or a login ending in `[bot]`. */
export function isBot(user: TriggerUser): boolean {
  return user.type === 'Bot' || user.login.toLowerCase().endsWith('[bot]');
}
