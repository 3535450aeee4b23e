import { redactedPlanError } from '../plan/plan-error.ts';
import { planPreviewLines, plannedRecord } from '../report/plan-preview.ts';
import { finalReport } from '../report/final-report.ts';
import { renderMermaidGraph } from '../report/mermaid-graph.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { oneLogLine } from '../report/checklist.ts';
import { systemClock } from '../core/clock.ts';
import { runJob } from '../job/run-job.ts';
import { cliJobSettings, cliRedactor } from './cli-job-settings.ts';
import { usedPlanFiles } from './used-plan-files.ts';
import { checkOutputPaths } from './check-output-paths.ts';
import type { CliCommand } from './parse-cli-args.ts';

type PlanArgs = Extract<CliCommand, { command: 'plan' }>;

/**
 * `plan-runner plan`: writes the steps with the model when the plan has only a goal, validates
 * them, and prints the plan as a checklist and a Mermaid graph. Nothing runs. Returns the exit code.
 */
export async function planCommand(args: PlanArgs, signal: AbortSignal, out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const env = process.env;
  const redact = cliRedactor(args, env);
  if (!checkOutputPaths([['--summary', args.summary], ['--record', args.record]], [['the plan', args.file], ...(await usedPlanFiles(args.file)), ['--replay', args.replay]])) return 1;
  const outcome = await runJob(
    await cliJobSettings(args, env, redact, 'plan'),
    { listeners: [], clock: systemClock, signal, redact, warn: (message) => void process.stderr.write(`warning: ${message}\n`) },
  );
  const report = finalReport(outcome, { planFile: args.file, planPath: args.file, tracePath: '', redact });
  const unwritten = args.summary ? await writeReportFile(args.summary, redact(report.markdown)) : undefined;
  if (unwritten) process.stderr.write(`plan-runner: ${unwritten.message}; choose another path with --summary FILE\n`);
  if (outcome.kind === 'rejected') {
    if (outcome.cancelled) process.stderr.write(`plan-runner: cancelled while ${outcome.cancelled}\n`);
    for (const error of outcome.errors) process.stderr.write(`${redactedPlanError(error, redact)}\n`);
    // A rejected plan the model wrote is in the summary: without --summary (or one not written) it is here,
    // as the summary would hold it; it was lost (found by an adversarial pass).
    if (outcome.rejectedPlan && (!args.summary || unwritten)) out(`\n${redact(report.markdown)}`);
    return outcome.badInputs ? 2 : 1;
  }
  if (outcome.kind !== 'planned') return 1;
  const { plan } = outcome;
  const origin = outcome.written ? `written by the model (${outcome.usage.modelCalls} call${outcome.usage.modelCalls === 1 ? '' : 's'}) and validated` : 'valid';
  // The name is the plan's own text, maybe from someone else's pull request: one line, controls shown, as the checklist shows it.
  out(`${oneLogLine(redact(plan.name))}: ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, ${origin}; nothing was run\n`);
  out(`${planPreviewLines(plan, redact).join('\n')}\n\n`);
  out(`${renderMermaidGraph(plannedRecord(plan), redact)}\n`);
  // Written, and shown, though the calls that wrote it passed a limit: that fails the command as it fails a run.
  if (outcome.stopped) process.stderr.write(`plan-runner: ${redact(outcome.stopped.message)}\n`);
  return unwritten || outcome.stopped ? 1 : 0;
}
