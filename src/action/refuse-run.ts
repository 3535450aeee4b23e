import type { ActionIO } from './action-io.ts';
import type { ActionResult } from './run-action.ts';
import type { ActionSettings } from './action-settings.ts';
import { renderRefusedReport } from '../report/refused-report.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { notStartedOutputs } from './action-outputs.ts';
import { errorText } from '../core/error-text.ts';
import { jobReportPaths } from './report-paths.ts';
import type { Redactor } from '../core/redact.ts';

/**
 * Ends a run that may not start (see `admitRun`): the job's failure and the job summary say why, the
 * outputs say `failed`, and nothing else happens — no model call, no tool, no comment, no check run.
 */
export async function refuseRun(settings: ActionSettings, reason: string, deps: { readonly io: ActionIO; readonly redact: Redactor }): Promise<ActionResult> {
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
  return {
    outputs: notStartedOutputs(unwritten ? '' : report),
    failure: message,
    published: Promise.resolve(),
  };
}
