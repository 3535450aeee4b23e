import { createHash } from 'node:crypto';
import path from 'node:path';

/** Which run a saved state belongs to: the plan, the job's attempt, and for a fanned-out run its part. */
export interface StateIdentity {
  /** The plan file's path relative to the workspace, as given. */
  readonly planPath: string;
  /** `GITHUB_RUN_ATTEMPT`: 1 on the first run, 2 after the first "Re-run". */
  readonly attempt: number;
  /** A part of a fanned-out run: `prepare`, `shard-3`, `merge`; absent for a whole run. */
  readonly part?: string;
}

const PREFIX = 'plan-runner-state';

/** The plan part of a state's name: a readable slug and a hash of the normalised path (as report names). */
export function statePlanKey(planPath: string): string {
  const normalised = path.posix.normalize(planPath.replaceAll('\\', '/'));
  const slug = normalised.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'plan';
  const hash = createHash('sha256').update(normalised).digest('hex').slice(0, 8);
  return `${slug}-${hash}`;
}

/**
 * The artifact (and file) name of a run's state: unique within a workflow run per plan, part and
 * attempt, as artifact names must be. `plan-runner-state-<plan>[-<part>]-attempt-<n>.jsonl`.
 */
export function stateArtifactName(identity: StateIdentity): string {
  const part = identity.part ? `-${identity.part}` : '';
  return `${PREFIX}-${statePlanKey(identity.planPath)}${part}-attempt-${identity.attempt}.jsonl`;
}

/** The identity a name was made from, when it is one of ours for `planPath`; else undefined. */
export function parseStateArtifactName(name: string, planPath: string): { readonly part?: string; readonly attempt: number } | undefined {
  const head = `${PREFIX}-${statePlanKey(planPath)}`;
  if (!name.startsWith(head)) return undefined;
  // Only the parts plan-runner writes: a looser part would take another plan's name that happens to
  // continue this one's key (`<key>-shard-<digits of its own hash>`) for a part of this plan.
  const match = /^(?:-(prepare|merge|shard-[1-9][0-9]{0,2}))?-attempt-([1-9][0-9]{0,5})\.jsonl$/.exec(name.slice(head.length));
  if (!match) return undefined;
  const [, part, attempt] = match;
  return { ...(part ? { part } : {}), attempt: Number(attempt) };
}
