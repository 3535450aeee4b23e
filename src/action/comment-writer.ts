import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { leadingHiddenObject } from './hidden-line.ts';
import { runnerJob, type RunnerJob } from './runner-job.ts';

/**
 * The job that wrote a PR comment, and when it ran: kept in a hidden line at the comment's head. Two jobs of one
 * workflow run that run the same plan without a `run-key` (two jobs of the workflow, or the legs of a matrix) keep
 * one comment, and each job's write replaced the other's with no word of it: a failed job's ❌ gone under the other's
 * ✅ (found by an adversarial pass). The check run fails such a pair closed (`writtenBeside`); the comment says so.
 */
export interface CommentWriter extends RunnerJob {
  /** When the job's comment began, and when it wrote its final state (epoch ms, the wall clock: runners' clocks agree closely enough for jobs seconds apart). */
  readonly from: number;
  readonly to?: number;
}

const PREFIX = '<!-- plan-runner-job: ';
const SUFFIX = ' -->';

/** This job (`runnerJob`), beginning its comment at `from`; undefined off a runner. */
export function commentWriterOf(env: RunnerEnvironment, from: number): CommentWriter | undefined {
  const at = runnerJob(env);
  return at && { ...at, from };
}

/** The hidden line, led by a newline. Encoded: a runner's name is free text, and `-->` in it would end the comment early. */
export function commentWriterLine(writer: CommentWriter): string {
  return `\n${PREFIX}${encodeURIComponent(JSON.stringify(writer))}${SUFFIX}`;
}

/** The writer a comment's leading hidden lines name (what a tool's text inside the body says is not read), or undefined. */
export function readCommentWriter(body: string): CommentWriter | undefined {
  const value = leadingHiddenObject(body, PREFIX, SUFFIX, decodeURIComponent);
  if (value === undefined) return undefined;
  const { run, attempt, job, runner, instance, from, to } = value;
  const texts = [run, attempt, job, runner];
  if (!texts.every((text): text is string => typeof text === 'string' && text !== '') || typeof from !== 'number') return undefined;
  const [r, a, j, n] = texts;
  return { run: r!, attempt: a!, job: j!, runner: n!, ...(typeof instance === 'string' && instance !== '' && { instance }), from, ...(typeof to === 'number' && { to }) };
}

/**
 * Whether `theirs` writes the comment beside `ours`: another leg of its matrix job in the same workflow run attempt
 * (on another runner, or with another job id on the same one), whenever it ran — legs run side by side or one after another (`max-parallel: 1`), and neither
 * stands for the other — or another job, of that attempt or of another workflow run for the same commit (`sameCommit`:
 * two workflows that run the plan, two events that start one workflow), that wrote while `ours` ran (it has not ended,
 * or ended after `ours` began). A job the workflow runs after another (`needs:`: a `mode: plan` job, then the job that
 * runs the plan) takes the comment over, as its check run supersedes the earlier's; so does a later run of the commit;
 * an earlier attempt's job is a re-run's own past; a run of another commit is superseded, or supersedes (`supersededAt`).
 */
export function writesBeside(theirs: CommentWriter | undefined, ours: CommentWriter, sameCommit: boolean): boolean {
  if (theirs === undefined) return false;
  const overlaps = theirs.to === undefined || theirs.to >= ours.from;
  if (theirs.run !== ours.run) return sameCommit && overlaps;
  if (theirs.attempt !== ours.attempt) return false;
  if (theirs.job === ours.job) return theirs.runner !== ours.runner || theirs.instance !== ours.instance;
  return overlaps;
}

/** What the comment and the log say of `theirs`, a job writing the comment beside this one. */
export function besideWhy(theirs: CommentWriter, ours: CommentWriter): string {
  if (theirs.run !== ours.run) {
    return `Another workflow run (run ${theirs.run}, job '${theirs.job}') writes this plan's comment too, for the same commit, and each run's write replaces the other's: this comment shows only the run that wrote it last (run ${ours.run} here), and each run's job summary has its own. Where two workflows run this plan, give each its own run-key (run-key: \${{ github.workflow }}); where two events start one workflow on one commit, give its job a concurrency: group per pull request.`;
  }
  const who = theirs.job === ours.job ? `another leg of this job (runner '${theirs.runner}'${theirs.runner === ours.runner ? ', before this one' : ''})` : `another job of this workflow run ('${theirs.job}')`;
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} writes this plan's comment too, and each job's write replaces the other's: this comment shows only the run of the job that wrote it last ('${ours.job}' here), and each job's summary has its own. Give each job that runs this plan its own run-key (in a matrix, run-key: \${{ matrix.<name> }}).`;
}
