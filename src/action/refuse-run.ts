import type { ActionIO } from './action-io.ts';
import type { ActionResult } from './run-action.ts';
import type { ActionSettings } from './action-settings.ts';
import { renderRefusedReport } from '../report/refused-report.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { notStartedOutputs } from './action-outputs.ts';
import { errorText } from '../core/error-text.ts';
import { jobReportPaths } from './report-paths.ts';
import type { Redactor } from '../core/redact.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import { commentTarget } from './comment-target.ts';
import { keyedPlanId } from './run-key.ts';
import { stopRefusedMergeComment } from './stop-left-comment.ts';

/**
 * Ends a run that may not start (see `admitRun`): the job's failure and the job summary say why, the
 * outputs say `failed`, and nothing else happens — no model call, no tool, no check run, no comment but one:
 * a fanned-out run's merge job ends the comment the prepare and shard jobs left at ⏳, as no job writes after it.
 */
export async function refuseRun(settings: ActionSettings, reason: string, deps: { readonly io: ActionIO; readonly redact: Redactor; readonly github?: GitHubClient }): Promise<ActionResult> {
  const { io, redact } = deps;
  const { report } = jobReportPaths(settings);
  const markdown = renderRefusedReport(settings.planPath, reason, redact);
  // Said once, as the job's failure (an error annotation); a notice of the same words before it said it twice.
  const message = `plan-runner refused to run: ${reason}`;
  const unwritten = await writeReportFile(report, markdown);
  if (unwritten) io.warning(unwritten.message);
  try {
    await io.writeSummary(markdown);
  } catch (error) {
    io.warning(`Could not write the job summary: ${errorText(error)}`);
  }
  const target = settings.fanOut?.part === 'merge' ? commentTarget(settings).target : undefined;
  const { runUrl } = settings.github;
  if (target && deps.github && runUrl) await stopRefusedMergeComment({ github: deps.github, target, planId: keyedPlanId(settings), runUrl }, io);
  return {
    outputs: notStartedOutputs(unwritten ? '' : report),
    failure: message,
    published: Promise.resolve(),
  };
}
