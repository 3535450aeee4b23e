import { redactedPlanError } from '../plan/plan-error.ts';
import { consoleChecklist } from '../report/console-checklist.ts';
import { writeAbove } from './write-above.ts';
import { finalReport } from '../report/final-report.ts';
import { goalLogLine } from '../report/goals-table.ts';
import { planGates } from '../goals/goals-verdict.ts';
import { closeTrace, openTrace } from '../report/open-trace.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { systemClock } from '../core/clock.ts';
import { runJob } from '../job/run-job.ts';
import { stepWeightsFromTrace, TraceWeightsError } from '../run/trace-step-weights.ts';
import { readResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { usedPlanFiles } from './used-plan-files.ts';
import { approveCommandLine } from './approve-command-line.ts';
import { checkOutputPaths } from './check-output-paths.ts';
import { terminalControl, watchedTerminal } from './neutralise-output.ts';
import { cliJobSettings, cliRedactor } from './cli-job-settings.ts';
import type { CliCommand } from './parse-cli-args.ts';
import { markTraceGapped } from '../core/trace-gap.ts';
import { TraceInUseError } from '../core/trace-in-use-error.ts';
import { existsSync, fstatSync, lstatSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { isatty } from 'node:tty';
import { ownDescriptor } from '../core/own-descriptor.ts';

type RunArgs = Extract<CliCommand, { command: 'run' }>;

/** `plan-runner run`: runs a plan with the console checklist and a trace; returns the exit code. */
/** What `run` may be given instead of the real thing: tests play a trace file the user may not open. */
export interface RunCommandDeps {
  readonly openTrace?: typeof openTrace;
}

export async function runCommand(args: RunArgs, signal: AbortSignal, deps: RunCommandDeps = {}): Promise<number> {
  const env = process.env;
  const redact = cliRedactor(args, env);
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
    const read = await readResumeTrace(args.resume, 'give the --trace file of the run to resume');
    if (!read.ok) {
      process.stderr.write(`plan-runner: cannot resume: ${redact(read.problem)}\n`);
      return 1;
    }
    resume = read.trace;
  }
  const inputs = [['the plan', args.file], ...(await usedPlanFiles(args.file)), ['--replay', args.replay], ['--resume', args.resume, '--trace'], ['--weights-from', args.weightsFrom, '--trace']] as const;
  if (!checkOutputPaths([['--trace', args.trace], ['--summary', args.summary], ['--record', args.record]], inputs)) return 1;
  const warn = (message: string): void => void process.stderr.write(`warning: ${redact(message)}\n`);
  // Opened at the run's first event: a run the job refuses before it starts (a wrong hash, a changed plan, a mistyped
  // --resume or --input) leaves the trace at the path as it was, which may be the only state an earlier run left to
  // resume (found by a hunt of the README: a mistyped --resume emptied the default trace). Its report does not name it.
  // The same file however it is named (a symlinked folder, a hard link): comparing paths, a refused
  // `--approve` of `alias/trace.jsonl` emptied `.plan-runner/trace.jsonl`, the paused run's only state.
  let opened = false;
  let trace;
  try {
    trace = (deps.openTrace ?? openTrace)(args.trace, redact, (message) => process.stderr.write(`plan-runner: ${redact(message)}\n`), { openOnFirstEvent: true, onOpen: () => void (opened = true) });
  } catch (error) {
    // Another run in this folder writes the trace: refused before anything is touched, its report included.
    if (!(error instanceof TraceInUseError)) throw error;
    process.stderr.write(`plan-runner: ${redact(error.message)}\n`);
    return 1;
  }
  // An earlier run's summary is not this run's: one ended at once (a third Ctrl-C, a kill) left it beside its own
  // trace, its status and results read as this run's. This run writes its own at its end. Removed once the trace
  // is this run's: a run refused above, as another run writes it, leaves that run's files alone.
  removeEarlierSummary(args.summary);
  // A terminal that moves no cursor (TERM=dumb) showed the live redraw's cursor movements as text, and one inside a
  // GitHub Actions job kept every frame in the job log: each gets a log's lines.
  // So does one where the trace or the recording goes to the terminal itself (`--trace /dev/stdout`): each redraw moved
  // up over their lines as over the frame's, and erased them (found by a review).
  const isTTY = watchedTerminal(process.stdout, env) && env['TERM'] !== 'dumb' && ![args.trace, args.record].some((file) => file !== undefined && isTerminal(file));
  // What measures a line's width on a terminal is loaded for one only: it starts ICU.
  // Read at each frame, as the height is: the terminal may be resized while the run goes on.
  const fit = isTTY ? (await import('../report/terminal-width.ts')).fitToColumns(() => process.stdout.columns) : undefined;
  const console = consoleChecklist({
    write: (text) => process.stdout.write(text),
    control: terminalControl(process.stdout),
    isTTY,
    ...(fit && { fit }),
    rows: () => process.stdout.rows,
    redact,
  });
  // What reaches the terminal on standard error while the frame is live (a warning, a second Ctrl-C's line) goes above it.
  const restoreStderr = isTTY && process.stderr.isTTY ? writeAbove(process.stderr, console) : undefined;
  const outcome = await runJob(
    { ...(await cliJobSettings(args, env, redact, args.agent ? 'agent' : 'run')), ...(stepWeights && { stepWeights }), ...(resume && { resume }), ...(args.approve !== undefined && { approve: { hash: args.approve } }) },
    {
      listeners: trace ? [trace.listener, console] : [console],
      clock: systemClock,
      signal,
      redact,
      onListenerError: (error) => warn(`a report listener failed: ${String(error)}`),
      // Redacted by the job: what `--input NAME=` (given empty) left to the plan's default.
      warn: (message) => void process.stderr.write(`warning: ${message}\n`),
      ...(trace && { recordProblem: () => trace.problem() }),
    },
  );
  restoreStderr?.();
  const closed = (await closeTrace(trace, warn)) && trace !== undefined;
  // Its writer failed (a full disk): the trace ends in a gap line where it can, so no --resume builds on it.
  if (trace && !closed) markTraceGapped(trace.path, 'the trace writer failed; the events after the failure are missing');
  // This run's own trace: not the file an earlier run left, where this one was refused before its first event.
  const traced = closed && opened;
  if (!opened && closed && outcome.kind === 'rejected' && existsSync(args.trace)) {
    process.stderr.write(`plan-runner: ${redact(args.trace)} is left as it was: this run was refused before it started, and wrote no trace\n`);
  }

  // Not written whole, or not at all (its file could not be opened): the summary says so, the last lines do not name it.
  const report = finalReport(outcome, { planFile: args.file, planPath: args.file, tracePath: args.trace, redact, ...(!closed && { traceLost: true }) });
  const unwritten = await writeReportFile(args.summary, redact(report.markdown));
  if (unwritten) process.stderr.write(`plan-runner: ${unwritten.message}; choose another path with --summary FILE\n`);
  if (outcome.kind === 'rejected') {
    // Cancelled while the model wrote the plan: nothing was rejected, and the terminal said nothing at all.
    if (outcome.cancelled) process.stderr.write(`plan-runner: cancelled while ${outcome.cancelled}; no step ran${unwritten ? '' : ` (report: ${redact(args.summary)})`}\n`);
    for (const error of outcome.errors) process.stderr.write(`${redactedPlanError(error, redact)}\n`);
    if (outcome.rejectedPlan && !unwritten) process.stderr.write(`the rejected plan: ${redact(args.summary)}\n`);
    // `--input` names the plan does not declare, or a required one left out: the command line is wrong, not the plan.
    return outcome.badInputs ? 2 : 1;
  }
  for (const goal of report.goals) process.stdout.write(`${goalLogLine(goal)}\n`);
  // A report or a trace that could not be written is not named: the last lines are what a reader or a script opens next.
  // The paths as the user gave them, hidden as the plan's path is where a secret is in them (a redaction hunt).
  process.stdout.write(`status: ${report.status}\n${unwritten ? '' : `report: ${redact(args.summary)}\n`}${traced ? `trace: ${redact(args.trace)}\n` : ''}`);
  const asked = report.status === 'awaiting-approval' ? report.record?.approval : undefined;
  if (asked) process.stdout.write(`to approve: ${approveCommandLine(args, asked.hash, redact)}\n`);
  // A run that waits for a person has not failed; but with required goals it is a gate, and its goals were not checked.
  const gate = planGates(outcome.plan);
  if (asked && gate) process.stderr.write('plan-runner: the run is paused for approval, so its goals were not checked: exit 1, as a gate whose goals were not checked does not pass\n');
  return (report.status === 'succeeded' || (asked !== undefined && !gate)) && !unwritten && traced ? 0 : 1;
}

/** Removes the regular file at `file` (never a device such as `/dev/stdout`, nor what a link leads to). */
function removeEarlierSummary(file: string): void {
  try {
    if (lstatSync(file, { throwIfNoEntry: false })?.isFile()) unlinkSync(file);
  } catch {
    // Not removable: the write at the run's end says why, if it fails too.
  }
}

/**
 * Whether an output file is a terminal: a descriptor of this process that is one (`/dev/stdout`, `/dev/fd/3 3>/dev/tty`),
 * `/dev/tty` (the controlling terminal, whatever its own device), or the device standard output or error is. Counted by
 * descriptors 1 and 2 alone, `--trace /dev/tty` was still erased by the redraws (found by a review).
 */
function isTerminal(file: string): boolean {
  const fd = ownDescriptor(file);
  if (fd !== undefined) return isatty(fd);
  if (path.resolve(file) === '/dev/tty') return true;
  try {
    const device = statSync(file, { throwIfNoEntry: false });
    if (!device?.isCharacterDevice()) return false;
    return [1, 2].some((std) => isatty(std) && fstatSync(std).rdev === device.rdev);
  } catch {
    return false;
  }
}
