import { isBot, needsWriteAccess, triggerUsers, type TriggerUser } from './trigger-users.ts';

/** What `repos.getCollaboratorPermissionLevel` answers: the legacy `permission` and the `role_name`. */
export interface PermissionLevel {
  readonly permission: string;
  readonly role_name?: string;
}

/** Looks up a user's permission on the run's repository; rejects when it cannot. */
export type PermissionLookup = (login: string) => Promise<PermissionLevel>;

export interface TriggerRequest {
  readonly eventName: string;
  readonly payload: unknown;
  /** `owner/name`, for the messages. */
  readonly repository: string;
  /** Bots that may start a run (the `allowed-bots` input), by exact login. */
  readonly allowedBots: readonly string[];
}

export type TriggerDecision =
  | { readonly allowed: true; /** Who was checked and passed; empty for events that need no check. */ readonly checked: readonly string[] }
  | { readonly allowed: false; readonly reason: string };

const WRITERS = new Set(['admin', 'maintain', 'write']);

function describe(user: TriggerUser): string {
  return `@${user.login} (${user.role})`;
}

async function refusalFor(user: TriggerUser, request: TriggerRequest, lookup: PermissionLookup): Promise<string | undefined> {
  if (isBot(user)) {
    if (request.allowedBots.some((bot) => bot.toLowerCase() === user.login.toLowerCase())) return undefined;
    return `${describe(user)} is a bot and is not listed in the allowed-bots input; add '${user.login}' there if this app may start runs`;
  }
  let level: PermissionLevel;
  try {
    level = await lookup(user.login);
  } catch (error) {
    // Fail closed: an unknown permission is no permission.
    const detail = error instanceof Error ? error.message : String(error);
    return `the permission of ${describe(user)} on ${request.repository} could not be read (${detail}); the github-token needs to read collaborators (the default token can)`;
  }
  if (WRITERS.has(level.permission) || (level.role_name !== undefined && WRITERS.has(level.role_name))) return undefined;
  const role = level.role_name && level.role_name !== level.permission ? `${level.permission}, role ${level.role_name}` : level.permission;
  return `${describe(user)} has ${role} permission on ${request.repository}; starting a run on a ${request.eventName} event needs write, maintain or admin`;
}

/**
 * Decides, before any model call, whether the accounts behind the event may start a run: on every
 * event but those `EVENTS_WITHOUT_CHECK` lists (trigger-users.ts) each must have write, maintain or admin on the
 * repository, and a bot must be listed in `allowedBots`. A failed lookup refuses (fail closed).
 */
export async function authorizeTrigger(request: TriggerRequest, lookup: PermissionLookup): Promise<TriggerDecision> {
  if (!needsWriteAccess(request.eventName)) return { allowed: true, checked: [] };
  const users = triggerUsers(request.eventName, request.payload);
  if (users.length === 0) return { allowed: false, reason: `the ${request.eventName} event names no sender, so who started it cannot be checked` };
  for (const user of users) {
    const refusal = await refusalFor(user, request, lookup);
    if (refusal) return { allowed: false, reason: refusal };
  }
  return { allowed: true, checked: users.map((user) => user.login) };
}
