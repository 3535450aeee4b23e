import path from 'node:path';
import { costThresholdProblem } from '../eval/cost-threshold-problem.ts';
import { readEvaluatedPlans } from '../eval/evaluated-plans.ts';
import { inputsProblem } from '../eval/inputs-problem.ts';
import { emptyInputsWarning } from '../plan/empty-inputs-warning.ts';
import { evaluate } from '../eval/evaluate.ts';
import { FAULT_FILE, FaultFile, type FaultRule } from '../eval/fault-rule.ts';
import { columnNames, evalSettingsProblem, type EvalModelSource, type EvalSettings } from '../eval/run-eval.ts';
import { ANSWERS_FILE, ScriptedAnswers } from '../eval/scripted-answers.ts';
import { ReplayFileError } from '../llm/replay-file-error.ts';
import { replayModelClient } from '../llm/replay-model-client.ts';
import { formatPlanError, problemCount, redactedPlanError } from '../plan/plan-error.ts';
import { loadPlanWithServers } from '../job/load-plan-with-servers.ts';
import { readYamlFile } from '../plan/read-yaml-file.ts';
import { oneLogLine } from '../report/checklist.ts';
import { traceWriter, type TraceWriter } from '../report/trace-writer.ts';
import { systemClock } from '../core/clock.ts';
import type { CliCommand } from './parse-cli-args.ts';
import { CommandLine } from './command-line.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { usedPlanFiles } from './used-plan-files.ts';
import { checkOutputPaths } from './check-output-paths.ts';
import { cliGitHubContext, cliModelHint, cliRedactor } from './cli-job-settings.ts';
import type { Redactor } from '../core/redact.ts';

type EvalCommandArgs = Extract<CliCommand, { command: 'eval' }>;

function modelSource(args: EvalCommandArgs, answers: ScriptedAnswers | undefined, apiKey: string | undefined): EvalModelSource {
  if (answers) return { kind: 'answers', answers };
  if (args.replay) return { kind: 'replay', file: args.replay };
  if (apiKey) return { kind: 'live', baseURL: args.baseUrl, apiKey };
  // Plans whose steps need no model still run; the rest are rejected, saying how to give one.
  return { kind: 'none', hint: cliModelHint(args.apiKeyEnv, args.baseUrl, '--replay FILE or --answers FILE') };
}

/**
 * Loads each plan as `validate` does (starting its MCP servers to list their tools), printing the errors
 * of those that are not valid, located; returns those files. An evaluation of a plan that cannot run
 * would measure nothing, and `eval` gates CI: it must not pass.
 */
async function invalidPlans(files: readonly string[], model: string | undefined, modelTimeoutSeconds: number | undefined, signal: AbortSignal, redact: Redactor): Promise<string[] | 'cancelled'> {
  const invalid: string[] = [];
  for (const file of files) {
    // Checked as the runs will run it: --model replaces the plan's model (whose price a cap may need).
    // The values the plan gives its servers are hidden from here on: one that fails to start can print them.
    // A cancel while a plan's MCP servers start ends them and rethrows: it printed "internal error: SIGINT".
    const loaded = await loadPlanWithServers(file, { signal, cwd: process.cwd(), env: process.env, ...(model !== undefined && { model }), ...(modelTimeoutSeconds !== undefined && { modelTimeoutSeconds }), learnSecrets: (values) => redact.learn?.(values) }).catch((error: unknown) => {
      if (signal.aborted) return undefined;
      throw error;
    });
    if (loaded === undefined) return 'cancelled';
    if (loaded.ok) {
      await loaded.servers?.close();
      continue;
    }
    invalid.push(file);
    for (const error of loaded.errors) process.stderr.write(`${redactedPlanError(error, redact)}\n`);
    const count = problemCount(loaded.errors);
    process.stderr.write(`${file}: ${count} error${count === 1 ? '' : 's'}\n`);
  }
  return invalid;
}

/**
 * The `validate` command that checks `files` as eval did, with the --model and --model-timeout-seconds it was given:
 * "plan-runner validate FILE checks it" said neither, and validate without them refused or passed another plan.
 */
function validateCommandLine(files: readonly string[], args: EvalCommandArgs, redact: Redactor): string {
  const line = new CommandLine('validate', files);
  if (args.model !== undefined) line.option('--model', args.model);
  if (args.modelTimeoutSeconds !== undefined) line.option('--model-timeout-seconds', String(args.modelTimeoutSeconds));
  return line.text(redact);
}

/** `plan-runner eval`: runs a plan (and baselines) N times with injected faults and prints the table; returns the exit code. */
export async function evalCommand(args: EvalCommandArgs, signal: AbortSignal): Promise<number> {
  const env = process.env;
  const apiKey = env[args.apiKeyEnv] || undefined;
  const redact = cliRedactor(args, env);
  const fail = (message: string) => {
    process.stderr.write(`plan-runner eval: ${redact(message)}\n`);
    return 1;
  };
  const invalid = await invalidPlans(args.compare ? [args.compare, args.file] : [args.file], args.model, args.modelTimeoutSeconds, signal, redact);
  if (invalid === 'cancelled') return fail(`cancelled (${String(signal.reason)}) while checking the plan${args.compare ? 's' : ''}; nothing was evaluated`);
  if (invalid.length > 0) {
    return fail(`nothing was evaluated: ${args.compare ? `${invalid.length === 1 ? 'a plan is' : 'both plans are'}` : 'the plan is'} not valid (see above); this checks ${invalid.length === 1 ? 'it' : 'them'} as eval did: ${validateCommandLine(invalid, args, redact)}`);
  }
  let faults: readonly FaultRule[] = [];
  if (args.faults) {
    const read = await readYamlFile(args.faults, FaultFile, FAULT_FILE);
    if (!read.ok) return fail(`the fault file has problems:\n${read.errors.map(formatPlanError).join('\n')}`);
    faults = read.value;
  }
  let answers: ScriptedAnswers | undefined;
  if (args.answers) {
    const read = await readYamlFile(args.answers, ScriptedAnswers, ANSWERS_FILE);
    if (!read.ok) return fail(`the answers file has problems:\n${read.errors.map(formatPlanError).join('\n')}`);
    answers = read.value;
  }
  // Read once before any run, as the fault and answers files are: each run reads it again, and a file that could not be
  // read failed every run alone, printing a table of 0% (found by an adversarial pass over bad inputs).
  if (args.replay) {
    try {
      replayModelClient(args.replay);
    } catch (error) {
      if (error instanceof ReplayFileError) return fail(`nothing was evaluated: ${error.message}`);
      throw error;
    }
  }
  const model = modelSource(args, answers, apiKey);
  const settings: EvalSettings = {
    plans: args.compare ? [{ file: args.compare, label: `base ${args.compare}` }, { file: args.file, label: args.file }] : [{ file: args.file }],
    runs: args.runs,
    seed: args.seed,
    faults,
    baselines: args.baselines,
    inputs: args.inputs,
    ...(args.emptyInputs.length > 0 && { emptyInputs: args.emptyInputs }),
    cwd: process.cwd(),
    env,
    model,
    ...(args.model !== undefined && { modelName: args.model }),
    ...(args.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: args.modelTimeoutSeconds }),
    maxTurns: args.maxTurns,
    // As `run` has it: a github-toolset plan's runs call GitHub with GITHUB_TOKEN.
    github: await cliGitHubContext(env, redact),
  };
  // `--input` names the plan does not declare, or a required one left out: the command line is wrong, as for `run`.
  const plans = await readEvaluatedPlans(settings.plans);
  const badInputs = inputsProblem(plans, settings.inputs, settings.emptyInputs);
  if (badInputs) {
    fail(badInputs);
    return 2;
  }
  const emptied = plans[0] && emptyInputsWarning(args.emptyInputs, plans[0].source.inputs);
  if (emptied) process.stderr.write(`warning: ${redact(emptied)}\n`);
  const thresholds = { minSuccessRate: args.minSuccessRate, maxCostUsdPerRun: args.maxCostUsdPerRun };
  const problem = evalSettingsProblem(settings) ?? costThresholdProblem(plans, settings.modelName, thresholds, '--max-cost-usd-per-run');
  if (problem) return fail(problem);
  // Each run's trace, by the name it will have: checked with the other outputs and inputs before any run.
  const traceFile = (column: string, run: number): string => path.join(args.traceDir!, `${column.replace(/[^A-Za-z0-9._-]+/g, '-')}-run-${run}.jsonl`);
  // The ReAct baseline runs no plan, so it writes no trace: its names are not reserved (found by a new-user walkthrough).
  const traceFiles = args.traceDir === undefined ? [] : columnNames({ ...settings, baselines: settings.baselines.filter((baseline) => baseline !== 'react') }).flatMap((column) => Array.from({ length: settings.runs }, (_, index) => traceFile(column, index + 1)));
  const traceOutputs = traceFiles.map((file): [string, string] => [`--trace-dir (${path.basename(file)})`, file]);
  const used = [...(await usedPlanFiles(args.file)), ...(args.compare ? await usedPlanFiles(args.compare) : [])];
  const inputs = [['the plan', args.file], ['--compare', args.compare], ...used, ['--faults', args.faults], ['--answers', args.answers], ['--replay', args.replay]] as const;
  if (!checkOutputPaths([['--markdown', args.markdown], ['--json', args.json], ...traceOutputs], inputs)) return 1;

  // Each run's trace is closed as its run ends: held open to the end, a trace a run kept a file (and an exit listener)
  // each, and with --runs 300 the runs past the process's open-file limit failed with EMFILE (found by an adversarial pass).
  const traces = new Map<string, TraceWriter>();
  const closing: Array<Promise<unknown>> = [];
  // A trace that could not be written whole (a full disk) fails the command, as `run`'s and --json's do: said only as
  // a warning, the eval exited 0 with a trace cut mid-line (found by a replay hunt).
  const traceFailures: Error[] = [];
  const closed = (trace: TraceWriter): Promise<unknown> => trace.close().catch((error: unknown) => void traceFailures.push(error instanceof Error ? error : new Error(String(error))));
  const closeTrace = (column: string, run: number): void => {
    const key = traceFile(column, run);
    const trace = traces.get(key);
    if (!trace) return;
    traces.delete(key);
    closing.push(closed(trace));
  };
  const report = await evaluate(settings, thresholds, {
    clock: systemClock,
    signal,
    // Redacted, then one line with control characters shown: a model's words reach a terminal here.
    onRun: (run) => {
      if (args.traceDir !== undefined) closeTrace(run.column, run.run);
      process.stderr.write(`${oneLogLine(redact(`${run.column} run ${run.run}: ${run.status}, ${run.modelCalls} model call(s), ${run.faults.length} fault(s)${run.reason ? ` — ${run.reason.split('\n')[0]}` : ''}`))}\n`);
    },
    redact,
    ...(args.traceDir !== undefined && {
      listenersFor: (column: string, run: number) => {
        const trace = traceWriter(traceFile(column, run), { redact });
        traces.set(traceFile(column, run), trace);
        return [trace.listener];
      },
    }),
  }, plans);
  // A run a cancel cut short may not have ended as a run.
  for (const trace of traces.values()) closing.push(closed(trace));
  await Promise.all(closing);
  process.stdout.write(redact(report.markdown));
  const unwritten: (Error | undefined)[] = [...traceFailures];
  if (args.markdown) unwritten.push(await writeReportFile(args.markdown, redact(report.markdown)));
  if (args.json) {
    const json = { plan: args.file, ...(args.compare && { base: args.compare }), seed: args.seed, faults, columns: report.columns, thresholds: report.thresholds, regressions: report.regressions ?? null, ...(report.goalChanges && { goalChanges: report.goalChanges }), passed: report.passed, runs: report.runs };
    unwritten.push(await writeReportFile(args.json, redact(`${JSON.stringify(json, null, 2)}\n`)));
  }
  for (const error of unwritten) if (error) process.stderr.write(`plan-runner: ${redact(error.message)}\n`);
  return report.passed && unwritten.every((error) => error === undefined) ? 0 : 1;
}
