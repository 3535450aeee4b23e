import type { Redactor } from '../core/redact.ts';
import { renderRefusedInputs } from '../report/refused-report.ts';
import type { ActionIO } from './action-io.ts';
import { notStartedOutputs } from './action-outputs.ts';
import { errorText } from '../core/error-text.ts';
import { loggedMessage } from '../security/neutralise-log-text.ts';
import type { ActionResult } from './run-action.ts';
import { stopRefusedMergeComment, type SharedComment } from './stop-left-comment.ts';

/**
 * Ends a job whose step inputs are refused (`readActionSettings`), before anything starts: the job
 * summary lists the problems, every output is that of a run that never started (no report file: where
 * it goes depends on the inputs), and the verdict says what to fix. A fanned-out run's merge job ends the comment its
 * prepare and shard jobs left at ⏳ (`shared`), as no job writes it after that one.
 */
export async function refuseInputs(problems: readonly string[], deps: { readonly io: ActionIO; readonly redact: Redactor; readonly shared?: SharedComment }): Promise<ActionResult> {
  const { io, redact } = deps;
  try {
    if (!(await io.writeSummary(renderRefusedInputs(problems, redact)))) io.info('No job summary here (GITHUB_STEP_SUMMARY is not set); the error below lists the problems.');
  } catch (error) {
    io.warning(`Could not write the job summary: ${errorText(error)}; the error below lists the problems.`);
  }
  if (deps.shared) await stopRefusedMergeComment(deps.shared, io);
  return {
    outputs: notStartedOutputs(),
    // A problem quotes what it refuses (an input's name, which an expression may fill from a pull request): its further
    // lines are under the `│ ` rule, never lines of the list, as the runner logs the failure's lines. Redacted first:
    // a rule inside a secret of several lines would hide it from the redactor.
    failure: `plan-runner: fix the step's inputs (with:):\n${problems.map((problem) => `- ${loggedMessage(redact(problem))}`).join('\n')}`,
    published: Promise.resolve(),
  };
}
