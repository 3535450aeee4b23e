import { formatPlanError } from '../plan/plan-error.ts';
import { renderRejectedPlan } from '../planner/rejected-plan-markdown.ts';
import { consoleChecklist } from '../report/console-checklist.ts';
import { createRedactor, secretValuesFromEnvironment } from '../core/redact.ts';
import { goalIcon } from '../report/goals-table.ts';
import { judgedRecord } from '../report/judged-record.ts';
import { renderSummary } from '../report/summary/render-summary.ts';
import { traceWriter } from '../report/trace-writer.ts';
import { systemClock } from '../core/clock.ts';
import { runJob } from '../run/run-job.ts';
import { stepWeightsFromTrace, TraceWeightsError } from '../run/trace-step-weights.ts';
import { readResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { checkOutputPaths } from './check-output-paths.ts';
import { cliJobSettings } from './cli-job-settings.ts';
import { writeReportFile } from './write-report-file.ts';
import type { CliCommand } from './parse-cli-args.ts';

type RunArgs = Extract<CliCommand, { command: 'run' }>;

/** `plan-runner run`: runs a plan with the console checklist and a trace; returns the exit code. */
export async function runCommand(args: RunArgs, signal: AbortSignal): Promise<number> {
  const env = process.env;
  const apiKey = env[args.apiKeyEnv] || undefined;
  const redact = createRedactor([apiKey, ...secretValuesFromEnvironment(env)]);
  // Read before the new trace is opened: it may be the same file.
  let stepWeights;
  try {
    stepWeights = args.weightsFrom === undefined ? undefined : await stepWeightsFromTrace(args.weightsFrom);
  } catch (error) {
    if (!(error instanceof TraceWeightsError)) throw error;
    process.stderr.write(`${redact(error.message)}\n`);
    return 1;
  }
  // Read before the new trace is opened: resuming from the default trace path overwrites that file.
  let resume: ResumeTrace | undefined;
  if (args.resume !== undefined) {
    const read = await readResumeTrace(args.resume);
    if (!read.ok) {
      process.stderr.write(`plan-runner: cannot resume: ${redact(read.problem)}\n`);
      return 1;
    }
    resume = read.trace;
  }
  if (!checkOutputPaths([['--trace', args.trace], ['--summary', args.summary], ['--record', args.record]])) return 1;
  const trace = traceWriter(args.trace, { redact });
  const console = consoleChecklist({
    write: (text) => process.stdout.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
    rows: process.stdout.rows,
    redact,
  });
  const outcome = await runJob(
    { ...cliJobSettings(args, env, redact, args.agent ? 'agent' : 'run'), ...(stepWeights && { stepWeights }), ...(resume && { resume }) },
    {
      listeners: [trace.listener, console],
      clock: systemClock,
      signal,
      redact,
      onListenerError: (error) => process.stderr.write(`warning: a report listener failed: ${redact(String(error))}\n`),
    },
  );
  await trace.close().catch((error: unknown) => process.stderr.write(`warning: ${redact(String(error))}\n`));

  if (outcome.kind === 'rejected') {
    for (const error of outcome.errors) process.stderr.write(`${redact(formatPlanError(error))}\n`);
    if (outcome.rejectedPlan) {
      writeReportFile(args.summary, renderRejectedPlan(outcome.rejectedPlan, redact));
      process.stderr.write(`the rejected plan: ${args.summary}\n`);
    }
    return 1;
  }
  if (outcome.kind !== 'ran') return 1;
  const limits = outcome.plan.limits;
  const judged = judgedRecord(outcome.run.record, outcome.status, outcome.goals, redact);
  const summary = renderSummary(judged.record, {
    redact,
    goals: judged.goals,
    limits: { maxModelCalls: limits.max_model_calls, maxTokens: limits.max_tokens, maxCostUsd: limits.max_cost_usd },
    fullRecordAt: `the trace file ${args.trace}`,
  });
  const written = writeReportFile(args.summary, summary);
  for (const goal of judged.goals) process.stdout.write(`${goalIcon(goal)} goal: ${goal.name} — ${goal.evidence}\n`);
  process.stdout.write(`status: ${outcome.status}\nreport: ${args.summary}\ntrace: ${args.trace}\n`);
  return outcome.status === 'succeeded' && written ? 0 : 1;
}
