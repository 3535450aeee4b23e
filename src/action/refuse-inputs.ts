import type { Redactor } from '../core/redact.ts';
import { renderRefusedInputs } from '../report/refused-report.ts';
import type { ActionIO } from './action-io.ts';
import { notStartedOutputs } from './action-outputs.ts';
import { errorText } from '../core/error-text.ts';
import type { ActionResult } from './run-action.ts';

/**
 * Ends a job whose step inputs are refused (`readActionSettings`), before anything starts: the job
 * summary lists the problems, every output is that of a run that never started (no report file: where
 * it goes depends on the inputs), and the verdict says what to fix.
 */
export async function refuseInputs(problems: readonly string[], deps: { readonly io: ActionIO; readonly redact: Redactor }): Promise<ActionResult> {
  const { io, redact } = deps;
  try {
    if (!(await io.writeSummary(renderRefusedInputs(problems, redact)))) io.info('No job summary here (GITHUB_STEP_SUMMARY is not set); the error below lists the problems.');
  } catch (error) {
    io.warning(`Could not write the job summary: ${errorText(error)}; the error below lists the problems.`);
  }
  return {
    outputs: notStartedOutputs(),
    failure: `plan-runner: fix the step's inputs (with:):\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    published: Promise.resolve(),
  };
}
