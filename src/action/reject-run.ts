import type { RunEvent } from '../core/run-event.ts';
import { applyEvent, newRunRecord } from '../core/run-record.ts';
import type { FinalReport } from '../report/final-report.ts';
import { renderSummary } from '../report/summary/render-summary.ts';
import type { PlanGate } from '../goals/goals-verdict.ts';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PLAN_DEPTH } from '../core/run-event.ts';
import { outsideRepository } from '../plan/load-subplans.ts';
import { MAX_PLAN_BYTES, parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import { actionOutputs, usageOutputs } from './action-outputs.ts';
import { jobFailure } from './job-failure.ts';
import type { ActionSettings } from './action-settings.ts';
import { liveComment } from './live-comment.ts';
import { jobReportPaths } from './report-paths.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { REPORTED_STATE, writeReport } from './write-report.ts';
import type { ActionDeps, ActionResult } from './run-action.ts';
import { saveRunState } from './saved-state.ts';
import type { WaitingRun } from './waiting-run.ts';
import { jsonLine } from '../core/json-line.ts';

/**
 * `/reject`: ends a paused run without running anything. Its record gets the rejection
 * (`approval_decided`, status `rejected`), which the same comment, the summary, this job's trace
 * and saved state show. The job passes (a person decided, nothing failed) unless the plan has a
 * required goal: its goals were never checked, and a gate whose goals were not checked does not pass.
 */
export async function rejectRun(settings: ActionSettings, waiting: WaitingRun, by: string, deps: ActionDeps): Promise<ActionResult> {
  const { io, redact } = deps;
  // findWaitingRun has checked that these events ask for the approval the comment names.
  const { events } = waiting;
  const decided: RunEvent = { type: 'approval_decided', decision: 'rejected', hash: waiting.hash, by, at: events.at(-1)?.at ?? 0 };
  const all = [...events, decided];
  const record = all.reduce(applyEvent, newRunRecord());
  const paths = jobReportPaths(settings);
  const traced = await writeReportFile(paths.trace, `${all.map((event) => jsonLine(JSON.stringify(event))).join('\n')}\n`);
  if (traced) io.warning(`${traced.message}; the rejection is still in the comment and the summary.`);
  const markdown = renderSummary(record, { redact, fullRecordAt: `the trace file \`${paths.trace}\`` });
  const report: FinalReport = { status: 'rejected', ...(record.reason !== undefined && { reason: record.reason }), goals: [], markdown, record, planErrors: [] };
  // The paused commit's head line stays (and its outdated check), as an approving run keeps it.
  const comment = await liveComment(settings, { github: deps.github, io, redact, clock: deps.clock, final: () => report, ...(deps.commentIntervalMs !== undefined && { minIntervalMs: deps.commentIntervalMs }), pausedRunId: waiting.runId, ...(waiting.headSha && { headSha: waiting.headSha }) });
  for (const event of all) comment?.listener(event);
  io.info(`Rejected by @${by}: the run ${waiting.runId} paused for approval ${waiting.hash} ends here; nothing ran.`);
  const published = Promise.allSettled([comment?.finish([]), traced ? undefined : saveRunState(settings, deps.state, paths.trace, io, { ...(deps.saveState && { saveState: deps.saveState }) })]).then(() => undefined);
  const reported = await writeReport(report, paths.report, io, redact);
  deps.saveState?.(REPORTED_STATE, 'true');
  const failure = jobFailure(report, settings.failOnUnmetGoals, await gates(settings.planFile, settings.workspace), redact);
  // This job made no call and ran nothing: its usage outputs are its own, as an approving job's are (a job counts its own
  // calls only), not the paused run's the record holds (found by an adversarial pass: summed over jobs, they counted twice).
  const outputs = { ...actionOutputs(report, { report: reported ? paths.report : '', trace: traced ? '' : paths.trace }, redact), ...usageOutputs() };
  return { outputs, ...(failure && { failure }), published };
}

/**
 * How the plan file gates the job (`planGates`): a required goal of its own, or of a plan its `type: plan` steps
 * use (paths from the repository root, as `uses:` reads them). Fail closed: a file that cannot be read, or that
 * plan-runner would not load (no regular file, too large; a used plan outside the repository or a link out of it),
 * gates whatever fail-on-unmet-goals says, as what it uses is unknown. Only
 * `goals:` and `uses:` are read: validating the whole plan would need its MCP servers started, and a step naming
 * their tools would read as an error. A run of a `task` alone has no goals.
 */
async function gates(planFile: string | undefined, root: string, depth = 0): Promise<PlanGate> {
  if (planFile === undefined) return undefined;
  // A file not read says nothing of the plans it uses either: it gates whatever fail-on-unmet-goals says.
  if (depth >= MAX_PLAN_DEPTH || !(await loadable(planFile))) return 'used';
  const text = await readFile(planFile, 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : await parsePlanYaml(text, planFile);
  if (!parsed?.ok) return 'used';
  const plan = parsed.parsed.value as { goals?: unknown; workflow_sequence?: unknown } | null;
  for (const step of Array.isArray(plan?.workflow_sequence) ? (plan.workflow_sequence as unknown[]) : []) {
    const uses = (step as { uses?: unknown } | null)?.uses;
    if (typeof uses !== 'string') continue;
    if ((await outsideRepository(root, uses)) !== undefined || (await gates(path.resolve(root, uses), root, depth + 1)) !== undefined) return 'used';
  }
  const goals = plan?.goals;
  // A goal that is no map (`- ~`) is one whose severity cannot be read: required, as a goal is unless it says otherwise.
  const required = goals !== undefined && (!Array.isArray(goals) || goals.some((goal) => goal === null || typeof goal !== 'object' || (goal as { severity?: unknown }).severity !== 'warning'));
  return required ? (depth === 0 ? 'own' : 'used') : undefined;
}

/** Whether a plan file is one plan-runner would read: a regular file (a named pipe hung the job), not too large. */
async function loadable(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && info.isFile() && info.size <= MAX_PLAN_BYTES;
}
