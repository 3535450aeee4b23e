import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { trimEndChars } from '../core/trim-end-chars.ts';

/**
 * Whose states these are: the plan, and the `run-key` that tells apart jobs of one workflow run that
 * run the same plan (the legs of a matrix). States, comments and check runs of different keys never mix.
 */
export interface StatePlan {
  /** The plan file's path relative to the workspace, as given. */
  readonly planPath: string;
  /** The action's `run-key` input, when given. */
  readonly runKey?: string;
}

/** Which run a saved state belongs to: the plan and key, the job's attempt, and for a fanned-out run its part. */
export interface StateIdentity extends StatePlan {
  /** `GITHUB_RUN_ATTEMPT`: 1 on the first run, 2 after the first "Re-run". */
  readonly attempt: number;
  /** A part of a fanned-out run: `prepare`, `shard-3`, `merge`; absent for a whole run. */
  readonly part?: string;
  /**
   * The job (`GITHUB_JOB`, its id in the workflow) that runs a whole run: two jobs of one workflow run that run the
   * same plan each save and resume only their own state. Not part of a fanned-out part's name: its parts are jobs of
   * their own, which read each other's states.
   */
  readonly job?: string;
  /**
   * A later step of the same job that resumed in place the run whose state has the name without it (1, then
   * 2, …): `resume-from: ${{ steps.first.outputs.trace }}`. Absent for the job's first run of the plan.
   */
  readonly inPlace?: number;
}

/** A state's name as parsed: its part, its attempt, and whether it was saved aside because another job had taken the name. */
export interface ParsedStateName {
  readonly part?: string;
  /** The job segment (`jobSegment`) of a whole run's state; absent in states saved before plan-runner named the job. */
  readonly job?: string;
  readonly attempt: number;
  /** As `StateIdentity.inPlace`: which in-place resume of the attempt's run saved it; newer than those before. */
  readonly inPlace?: number;
  readonly clash?: true;
}

const PREFIX = 'plan-runner-state';

/**
 * The plan part of a state's name: a readable slug and a hash of the normalised path (as report
 * names), and of the run key when there is one. Without a key the name is what it always was.
 */
export function statePlanKey(plan: StatePlan): string {
  const normalised = path.posix.normalize(plan.planPath.replaceAll('\\', '/'));
  const readable = plan.runKey === undefined ? normalised : `${normalised}-${plan.runKey}`;
  const slug = trimEndChars(readable.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+/, ''), '-').slice(0, 60) || 'plan';
  // The key after a NUL, which no path holds: `a.yml` with key `b` is never the plan `a.yml\nb`.
  const hash = createHash('sha256').update(plan.runKey === undefined ? normalised : `${normalised}\0${plan.runKey}`).digest('hex').slice(0, 8);
  return `${slug}-${hash}`;
}

/**
 * The job part of a whole run's state name: a readable slug of the job id and a hash of it (`plan-1a2b3c4d`);
 * undefined for a part of a fanned-out run, or where no job is known.
 */
export function jobSegment(identity: Pick<StateIdentity, 'job' | 'part'>): string | undefined {
  if (identity.part !== undefined || identity.job === undefined || identity.job === '') return undefined;
  const slug = trimEndChars(identity.job.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+/, ''), '-').slice(0, 30) || 'job';
  return `${trimEndChars(slug, '-')}-${createHash('sha256').update(identity.job).digest('hex').slice(0, 8)}`;
}

/**
 * The artifact (and file) name of a run's state: unique within a workflow run per plan, key, job, part,
 * attempt and in-place resume, as artifact names must be.
 * `plan-runner-state-<plan>[-job-<job>][-<part>]-attempt-<n>[-in-place-<k>].jsonl`.
 */
export function stateArtifactName(identity: StateIdentity): string {
  const job = jobSegment(identity);
  const part = identity.part ? `-${identity.part}` : '';
  const inPlace = identity.inPlace ? `-in-place-${identity.inPlace}` : '';
  return `${PREFIX}-${statePlanKey(identity)}${job === undefined ? '' : `-job-${job}`}${part}-attempt-${identity.attempt}${inPlace}.jsonl`;
}

/**
 * The name a state is saved under when another job of the workflow run already saved one under
 * `stateArtifactName(identity)` (two jobs ran the same plan without a `run-key`): kept, so nothing
 * the run did is lost, and seen by every later resume, which then refuses to guess whose state is whose.
 */
export function stateClashName(identity: StateIdentity): string {
  return stateArtifactName(identity).replace(/\.jsonl$/, `-clash-${randomBytes(4).toString('hex')}.jsonl`);
}

/** The identity a name was made from, when it is one of ours for `plan`; else undefined. */
export function parseStateArtifactName(name: string, plan: StatePlan): ParsedStateName | undefined {
  const head = `${PREFIX}-${statePlanKey(plan)}`;
  if (!name.startsWith(head)) return undefined;
  // Only the parts plan-runner writes: a looser part would take another plan's name that happens to
  // continue this one's key (`<key>-shard-<digits of its own hash>`) for a part of this plan.
  const match = /^(?:-job-([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-[0-9a-f]{8})|-(prepare|merge|shard-[1-9][0-9]{0,2}))?-attempt-([1-9][0-9]{0,5})(?:-in-place-([1-9][0-9]{0,3}))?(-clash-[0-9a-f]{8})?\.jsonl$/.exec(name.slice(head.length));
  if (!match) return undefined;
  const [, job, part, attempt, inPlace, clash] = match;
  return { ...(job ? { job } : {}), ...(part ? { part } : {}), attempt: Number(attempt), ...(inPlace ? { inPlace: Number(inPlace) } : {}), ...(clash ? { clash: true as const } : {}) };
}
