import { type Clock, systemClock } from '../core/clock.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import { describeGitHubFailure, MAX_RATE_LIMIT_WAIT_MS, readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import { cutText } from '../report/cut-text.ts';
import { formatDuration } from '../report/format-duration.ts';
import { escapeInlineMarkdown } from '../report/markdown/escape-markdown.ts';
import { asSentence } from '../run/as-sentence.ts';
import { runnerJob } from './runner-job.ts';
import { checkRunSummary } from './check-run-output.ts';

/** How a check run ended, as GitHub draws it. */
export type CheckConclusion = 'success' | 'failure' | 'neutral' | 'cancelled' | 'action_required';

/** The end of a check run: its conclusion and the text on its page. */
export interface CheckRunResult {
  readonly conclusion: CheckConclusion;
  readonly title: string;
  /** Markdown: the status and the goals table; cut where the check run is written, if too long for it, before `link`. */
  readonly summary: string;
  /** Markdown: plan-runner's own link to the run, written after the summary and never cut (`checkRunSummary`). */
  readonly link?: string;
}

/** A check run in progress; completing it never throws (a failure is a warning), and only the first completion counts. */
export interface CheckRun {
  /** Its id on GitHub; undefined while it is not created (its create failed: it is created with its result). */
  readonly id?: number;
  complete(result: CheckRunResult): Promise<void>;
}

export interface CheckRunTiming {
  readonly clock?: Clock;
  /** Attempts at the final PATCH for transient failures (5xx, timeouts, rate limits). Default 4. */
  readonly maxAttempts?: number;
  /** Completing stops retrying after this long (a rate limit's `retry-after`, `MAX_RATE_LIMIT_WAIT_MS` more at most). Default 30 s. */
  readonly completeTimeoutMs?: number;
}

export interface CheckRunTarget {
  readonly owner: string;
  readonly repo: string;
  readonly name: string;
  readonly headSha: string;
  readonly detailsUrl?: string;
  /**
   * This job on this runner (`checkRunJob`), kept as the check run's `external_id`: a check run of the same name that
   * another step of this very job left in progress (killed) is not another job's.
   */
  readonly job?: string;
}

/**
 * The job writing a check run: workflow run, attempt, job and runner, from the runner's variables, and the job's own
 * id where the runner gives one (`runnerJob`); undefined when one of the first four is missing. Legs of a matrix share
 * the first three, and run on runners of their own, or one after another on the same self-hosted runner, where only
 * the job's id tells them apart (found by an adversarial pass: the second leg's success hid the first's failure).
 */
export function checkRunJob(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const at = runnerJob(env);
  return at && `plan-runner:${[at.run, at.attempt, at.job, at.runner, ...(at.instance === undefined ? [] : [at.instance])].join('/')}`;
}

/** The workflow run, attempt and job (its key in the workflow: every leg of a matrix has it) of a `checkRunJob`. */
const RUN_ATTEMPT_JOB = /^plan-runner:(\d+)\/(\d+)\/([^/]*)\//;

/**
 * How `other` (a check run's `external_id`) stands to the workflow run attempt `job` belongs to: an earlier attempt
 * (GitHub re-runs only a workflow run that has ended, so no job writes it now; one its lost runner left in progress
 * stays so for good), another leg of this very job of this attempt (a matrix's, whenever it ran), or neither (another
 * job of the workflow, which a later job is meant to supersede — `mode: plan`'s `action_required` before the job
 * that runs the plan — or unknown).
 */
function attemptOf(other: string | null, job: string | undefined): 'earlier' | 'leg' | undefined {
  const theirs = other === null ? null : RUN_ATTEMPT_JOB.exec(other);
  const ours = job === undefined ? null : RUN_ATTEMPT_JOB.exec(job);
  if (theirs === null || ours === null || theirs[1] !== ours[1]) return undefined;
  if (Number(theirs[2]) < Number(ours[2])) return 'earlier';
  return theirs[2] === ours[2] && theirs[3] === ours[3] ? 'leg' : undefined;
}

/**
 * The conclusions a required check passes on (`neutral` as much as `success`): this job's is checked against other
 * check runs of its name, which it could hide; another leg's that ended so hides nothing behind this one's.
 */
const PASSES: ReadonlySet<string | null> = new Set(['success', 'neutral', 'skipped']);

const MAX_BACKOFF_MS = 10_000;

/** Now as a date GitHub shows: the wall clock, since a `Clock`'s time is on its own scale (the system one counts from the process's start). */
const wallTime = (): string => new Date().toISOString();

/**
 * Creates an in-progress check run on the commit, or warns and returns undefined when GitHub
 * refuses (no `checks: write`, a fork's read-only token): the run goes on without it. When the
 * create fails for a while (a 5xx, a timeout, a rate limit), the check run is created with its
 * result when the run ends: left out, an earlier attempt's check of the same name on the commit
 * (a `success`) stayed the one a merge is gated on, over this run's failure (found by an adversarial hunt).
 */
export async function startCheckRun(
  octokit: GitHubClient,
  target: CheckRunTarget,
  warn: (message: string) => void,
  timing: CheckRunTiming = {},
): Promise<CheckRun | undefined> {
  let id: number;
  const startedAt = wallTime();
  const shared = { startedAt: Date.parse(startedAt) };
  try {
    const { data } = await octokit.rest.checks.create({
      owner: target.owner,
      repo: target.repo,
      name: target.name,
      head_sha: target.headSha,
      status: 'in_progress',
      started_at: startedAt,
      ...(target.detailsUrl ? { details_url: target.detailsUrl } : {}),
      ...(target.job ? { external_id: target.job } : {}),
    });
    id = data.id;
  } catch (error) {
    const failure = readGitHubFailure(error);
    if (failure.transient) {
      warn(`Could not create the check run '${target.name}' (${describeGitHubFailure(failure)}): it is created with the run's result when the run ends.`);
      return endingCheckRun(octokit, target, undefined, warn, timing, shared);
    }
    warn(`Could not create the check run '${target.name}': ${asSentence(describeGitHubFailure(failure))} ${refusalAdvice(failure, '`checks: write`')} The job's own status still reports the result; there is no check run of this attempt on GitHub (an earlier run's of that name on the commit may still show, and a rule that requires it reads that one).`);
    return undefined;
  }
  return endingCheckRun(octokit, target, id, warn, timing, shared);
}

/**
 * The check run `leftCheckRun` looks for: by its `id` alone (its name and commit are then GitHub's), or by its name
 * on the commit.
 */
export type LeftCheckRunTarget = Omit<CheckRunTarget, 'name' | 'headSha'> & { readonly detailsUrl: string } & (
    | { readonly id: number; readonly name?: string; readonly headSha?: string }
    | { readonly id?: undefined; readonly name: string; readonly headSha: string }
  );

/**
 * The check run this job started, still in progress, when its main step was killed before it
 * completed it (the post step ends it): the one of the `id` the main step saved, else the one on the
 * commit of this name this job wrote (`ownedBy`), so another run's or another leg's check of the same name is
 * never touched. The id first: GitHub keeps no `details_url` a workflow's own token
 * gives (it links its own page), so with the job's token the link matched none, and the check stayed in
 * progress. Read by the id alone: the name is the plan file's as the post step reads it, and a later step
 * that checked out another commit or changed the plan had it found under another name, or none (found by
 * an adversarial pass). Undefined when there is none, or it cannot be read (warned).
 */
export async function leftCheckRun(
  octokit: GitHubClient,
  target: LeftCheckRunTarget,
  warn: (message: string) => void,
  timing: CheckRunTiming = {},
): Promise<CheckRun | undefined> {
  const shown = target.name === undefined ? `of id ${target.id}` : `'${target.name}'`;
  try {
    const left =
      target.id === undefined
        ? (await octokit.rest.checks.listForRef({ owner: target.owner, repo: target.repo, ref: target.headSha, check_name: target.name, filter: 'all', per_page: 100 })).data.check_runs.find((run) => ownedBy(run, target) && run.status !== 'completed')
        : (await octokit.rest.checks.get({ owner: target.owner, repo: target.repo, check_run_id: target.id })).data;
    if (!left || left.status === 'completed') return undefined;
    // A killed run that had succeeded is a success here too: checked against another job writing its name, from its own start.
    const startedAt = left.started_at ? Date.parse(left.started_at) : Number.NaN;
    return endingCheckRun(octokit, { ...target, name: left.name, headSha: target.headSha ?? left.head_sha }, left.id, warn, timing, { startedAt: Number.isNaN(startedAt) ? Number.POSITIVE_INFINITY : startedAt });
  } catch (error) {
    warn(`Could not look for the check run ${shown} the main step left in progress: ${describeGitHubFailure(readGitHubFailure(error))}.`);
    return undefined;
  }
}

/**
 * Whether a check run found by name is this job's: by its job (`external_id`) when the job is known, since every leg of
 * a matrix shares the name and the run link (a killed leg's post step completed another leg's check run as cancelled,
 * found by an adversarial pass); else by the link to this run attempt.
 */
function ownedBy(run: { readonly external_id: string | null; readonly details_url: string | null }, target: { readonly job?: string; readonly detailsUrl: string }): boolean {
  return target.job === undefined ? run.details_url === target.detailsUrl : run.external_id === target.job;
}

/**
 * Another check run of this name on the commit that was being written while this one was (in progress, or completed
 * since this one started), or by another leg of this job of this workflow run attempt that ended before and did not
 * pass, or undefined (none, or the
 * list could not be read: warned). GitHub gates a merge on the newest check run of a name: matrix legs without a
 * `run-key` write one name, and a leg's `success` written after another's `failure` opened the gate on the failed leg,
 * also when the legs ran one after another (`max-parallel: 1`) (found by adversarial passes).
 */
async function writtenBeside(octokit: GitHubClient, target: CheckRunTarget, id: number | undefined, since: number, warn: (message: string) => void): Promise<{ id: number; what: string } | undefined> {
  try {
    const { data } = await octokit.rest.checks.listForRef({ owner: target.owner, repo: target.repo, ref: target.headSha, check_name: target.name, filter: 'all', per_page: 100 });
    // Not one another step of this job wrote (killed, its post step ends it later), nor an earlier attempt's: no other job writes those.
    const sameJob = (run: { external_id: string | null }): boolean => target.job !== undefined && run.external_id === target.job;
    for (const run of data.check_runs) {
      const attempt = attemptOf(run.external_id, target.job);
      if (run.id === id || sameJob(run) || attempt === 'earlier') continue;
      if (run.status !== 'completed') return { id: run.id, what: 'in progress' };
      if (run.completed_at !== null && Date.parse(run.completed_at) >= since) return { id: run.id, what: 'completed while this job ran' };
      // A leg that ended before this one started (`max-parallel: 1`) and did not pass: this pass, written last, would hide it.
      if (attempt === 'leg' && !PASSES.has(run.conclusion)) return { id: run.id, what: `completed ${run.conclusion ?? 'without a conclusion'} by another leg of this job` };
    }
    return undefined;
  } catch (error) {
    warn(`Could not list the check runs named '${target.name}' on the commit, to see whether another job writes one of that name: ${describeGitHubFailure(readGitHubFailure(error))}.`);
    return undefined;
  }
}

/**
 * Why a check run's passing conclusion is failed when another job writes a check run of its name at the same time, naming
 * it as `shown`. The other job may be a matrix leg, or the same job in the workflow run of another event on this commit
 * (a push and its pull request both check the pushed commit: found by a hunt of the events), so the advice names both.
 * A key renames the check run, and a rule that requires the name without it stops matching: the advice says so (found by a review).
 */
function sharedNameWhy(shown: string, other: { id: number; what: string }, conclusion: CheckConclusion): string {
  return `Another check run named '${shown}' (id ${other.id}, ${other.what}) is on this commit: two jobs write one check run, and GitHub gates a merge on whichever was written last, so this job's ${conclusion} cannot stand for both. Give each job that runs this plan its own \`run-key\`: in a matrix, \`run-key: \${{ matrix.<name> }}\`. In a workflow two events start on one commit (\`on: [push, pull_request]\`), run the check on one of them (\`if: github.event_name == 'pull_request'\`), or give \`run-key: \${{ github.event_name }}\` and require the keyed name (\`<name> (pull_request)\`), as a key renames the check run.`;
}

/**
 * The failure a check run's passing conclusion becomes when another job writes a check run of its name at the same time. The
 * name (the plan's, and a `run-key` from a matrix value or a branch) is text in the Markdown, as the rest of the run's
 * text there is: placed as written, `checkout@v4` was a mention and an `<img>` an image (found by an adversarial pass).
 */
function sharedNameResult(result: CheckRunResult, other: { id: number; what: string }, name: string): CheckRunResult {
  return { ...result, conclusion: 'failure', title: 'Another job writes this check run', summary: `${sharedNameWhy(escapeInlineMarkdown(name), other, result.conclusion)}\n\n${result.summary}` };
}

/**
 * Completing the check run `id`, or with no `id` (its create failed) creating it completed: retried within
 * a bound, never throws, only the first completion counts. `shared`: a `success` or `neutral` is checked first against
 * another job writing the same name (`writtenBeside`), from `startedAt` (epoch ms) on.
 */
function endingCheckRun(octokit: GitHubClient, target: CheckRunTarget, id: number | undefined, warn: (message: string) => void, timing: CheckRunTiming, shared?: { readonly startedAt: number }): CheckRun {
  const clock = timing.clock ?? systemClock;
  const where = { owner: target.owner, repo: target.repo };
  const ended = (result: CheckRunResult) => ({
    status: 'completed' as const,
    conclusion: result.conclusion,
    completed_at: wallTime(),
    output: { title: cutText(result.title, 1000), summary: checkRunSummary(result) },
  });
  const update = (result: CheckRunResult) =>
    id === undefined
      ? octokit.rest.checks.create({ ...where, name: target.name, head_sha: target.headSha, ...(target.detailsUrl ? { details_url: target.detailsUrl } : {}), ...(target.job ? { external_id: target.job } : {}), ...ended(result) })
      : octokit.rest.checks.update({ ...where, check_run_id: id, ...ended(result) });
  // A required check left in_progress blocks a merge for good: retry what may pass, within a bound.
  const finish = async (given: CheckRunResult): Promise<void> => {
    const beside = shared && PASSES.has(given.conclusion) ? await writtenBeside(octokit, target, id, shared.startedAt, warn) : undefined;
    const result = beside ? sharedNameResult(given, beside, target.name) : given;
    if (beside) warn(`The check run '${target.name}' is completed as failed: ${sharedNameWhy(target.name, beside, given.conclusion)}`);
    const maxAttempts = timing.maxAttempts ?? 4;
    const started = clock.now();
    const deadline = started + (timing.completeTimeoutMs ?? 30_000);
    for (let attempt = 1; ; attempt++) {
      try {
        await update(result);
        return;
      } catch (error) {
        const failure = readGitHubFailure(error);
        const { transient, retryAfterMs } = failure;
        // Never sooner than GitHub asked, and a rate limit's wait up to MAX_RATE_LIMIT_WAIT_MS past the bound: a secondary
        // limit's 60 s, cut to 10 s, was met again by every try, and the check stayed in progress (found by an adversarial pass).
        const wait = Math.max(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1)), retryAfterMs ?? 0);
        const limit = retryAfterMs === undefined ? deadline : deadline + MAX_RATE_LIMIT_WAIT_MS;
        if (!transient || attempt >= maxAttempts || clock.now() + wait > limit) {
          const left = id === undefined ? 'There is none on GitHub (an earlier run\'s of that name on the commit may still show)' : 'It stays in progress on GitHub';
          // A rate limit's wait past the bound is said, with how long GitHub asked for: nothing is sent sooner.
          const held = transient && retryAfterMs !== undefined && clock.now() + wait > limit ? ` GitHub asks for no write for ${formatDuration(retryAfterMs)}, past the ${formatDuration(limit - started)} plan-runner waits for it.` : '';
          warn(`Could not ${id === undefined ? 'create' : 'complete'} the check run '${target.name}'${attempt > 1 ? ` (${attempt} attempts)` : ''}: ${asSentence(describeGitHubFailure(failure))}${held} ${left}; the job's own status reports the result.`);
          return;
        }
        await clock.sleep(wait);
      }
    }
  };
  let completion: Promise<void> | undefined;
  return {
    ...(id !== undefined && { id }),
    complete: (result) => (completion ??= finish(result)),
  };
}
