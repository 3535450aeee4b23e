import type { GitHubClient } from '../github/create-octokit.ts';
import { eventTarget } from '../github/event-target.ts';
import type { GitHubRunContext } from '../github/github-run-context.ts';
import { statusIcon } from '../report/summary/summary-header.ts';
import type { ActionIO } from './action-io.ts';
import { leftCheckRun, type CheckRunResult } from './check-run.ts';
import { stopLeftComment } from './stop-left-comment.ts';

/** Why the post step could not finish `what` the main step left, as the comment and the check run say it. */
const why = (what: string): string =>
  `the main step ended before its run did (cancelled, timed out or killed), and its post step could not finish ${what} from the run's trace: the step's inputs are refused now (the job log says why)`;

/** What a killed main step left unfinished on GitHub, by the ids it saved for its post step. */
export interface KilledRunLeft {
  readonly github: GitHubClient;
  readonly context: GitHubRunContext;
  /** The PR comment it wrote (`COMMENT_STATE`). */
  readonly commentId?: number;
  /** The check run it opened (`CHECK_RUN_STATE`). */
  readonly checkRunId?: number;
  /** This job (`checkRunJob`). */
  readonly job?: string;
}

/**
 * Ends what a killed main step left at ⏳ and in progress when its post step cannot finish it from the trace (the
 * inputs are refused now): the comment says the run stopped, and what to do (`stopLeftComment`); the check run,
 * left in progress, blocked a merge where it is required saying nothing of why, and is completed as cancelled,
 * saying so (one the main step completed stays as it is). Never throws.
 */
export async function stopKilledRun(left: KilledRunLeft, io: Pick<ActionIO, 'info' | 'warning'>): Promise<void> {
  const { github, context } = left;
  const { runUrl } = context;
  if (!runUrl) return;
  const target = eventTarget(context.eventName, context.payload, context.repository);
  if (left.commentId !== undefined && target) {
    const note = `**Stopped:** ${why('this comment')}. ⏹️ marks what was under way then and did not complete; ⬜ did not start. Fix what the log names and re-run the job.`;
    await stopLeftComment({ github, target, comment: { id: left.commentId }, runUrl, icon: '⏹️', note }, io);
  }
  const [owner, repo] = context.repository?.split('/') ?? [];
  if (left.checkRunId === undefined || !owner || !repo) return;
  const check = await leftCheckRun(github, { owner, repo, id: left.checkRunId, detailsUrl: runUrl, ...(left.job && { job: left.job }) }, io.warning);
  const result: CheckRunResult = {
    conclusion: 'cancelled',
    title: 'cancelled: the main step was stopped',
    summary: `${statusIcon('cancelled')} **Status:** cancelled: ${why('this check run')}. No goal was checked. Fix what the job log names and re-run the job.\n\n[View the run and its job log](${encodeURI(runUrl)})`,
  };
  await check?.complete(result);
  if (check) io.info('The check run the main step left in progress is now completed as cancelled, saying why and what to do.');
}
