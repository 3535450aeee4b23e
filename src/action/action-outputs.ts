import { goalsVerdict } from '../goals/goals-verdict.ts';
import { cutText } from '../report/cut-text.ts';
import type { Redactor } from '../core/redact.ts';
import { resultText } from '../core/result-text.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { FinalReport } from '../report/final-report.ts';
import type { ReportPaths } from './report-paths.ts';

/** The outputs action.yml declares, as the strings `core.setOutput` writes. */
export interface ActionOutputs {
  readonly status: RunStatus;
  readonly result: string;
  readonly 'goals-met': 'true' | 'false';
  readonly report: string;
  readonly trace: string;
}

/** Later steps read `result` from the environment or an expression: keep it well inside the runner's limits. */
export const MAX_RESULT_OUTPUT_CHARS = 64 * 1024;

/** The outputs for a finished job; `result` is redacted whole, then cut. */
export function actionOutputs(report: FinalReport, paths: ReportPaths, redact: Redactor): ActionOutputs {
  const result = report.finalResult === undefined ? '' : redact(resultText(report.finalResult).text);
  // Only a run that ran to the end can meet its goals: a rejected plan, a failed run, or mode: plan
  // (nothing ran, no goal was checked) never count as meeting them, even with none declared.
  const ran = report.record !== undefined && (report.status === 'succeeded' || report.status === 'goals-unmet');
  const goalsMet = ran && goalsVerdict(report.goals).goalsMet;
  return {
    status: report.status,
    result: cutText(result, MAX_RESULT_OUTPUT_CHARS),
    'goals-met': goalsMet ? 'true' : 'false',
    report: paths.report,
    trace: paths.trace,
  };
}
