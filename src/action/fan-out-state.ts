import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorText } from '../core/error-text.ts';
import { MAX_SHARDS } from '../core/run-event.ts';
import { oversizedState, readResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { newestPartStates, prepareStates, shardOfPart, shardPart, type PartState } from '../state/fan-out-states.ts';
import { clashProblem } from '../state/newest-states.ts';
import type { StatePlan } from '../state/state-artifact-name.ts';
import type { RunStateStore, StateArtifact } from '../state/run-state-store.ts';
import type { FanOutSettings } from './action-settings.ts';

/** The part name this job saves its state under: `prepare`, `shard-3`, `merge`. */
export function ownPart(fanOut: FanOutSettings): string {
  return fanOut.part === 'shard' ? shardPart(fanOut.shard) : fanOut.part;
}

/**
 * Which parts' states other than prepare's a job builds on: its own earlier attempt (shard, with
 * `resumeOwn`), every shard's and its own earlier attempt (merge). Of attempts no later than this one
 * (`attempt`), and of its own part only earlier ones: a state named for an attempt that has not run is
 * not one a job of this attempt saved. Prepare's is chosen apart (`loadFanOutStates`).
 */
function wantedParts(fanOut: FanOutSettings, resumeOwn: boolean, attempt: number): (part: string, saved: number) => boolean {
  const own = ownPart(fanOut);
  const parts = partsWanted(fanOut, resumeOwn);
  return (part, saved) => parts(part) && (part === own ? saved < attempt : saved <= attempt);
}

function partsWanted(fanOut: FanOutSettings, resumeOwn: boolean): (part: string) => boolean {
  if (fanOut.part === 'prepare') return () => false;
  const own = ownPart(fanOut);
  if (fanOut.part === 'shard') return (part) => resumeOwn && part === own;
  // An earlier merge's state too: its steps with side effects were made and are not made again. Its
  // fan-out steps are not reused whole (it completed them with the items known then, and a shard re-run
  // since has more): the merge assembles them from every state's items (see PlanRun).
  return (part) => shardOfPart(part) !== undefined || (resumeOwn && part === 'merge');
}

export type LoadedStates =
  | { readonly ok: true; readonly traces: readonly ResumeTrace[]; readonly parts: readonly PartState[]; readonly shards?: number; readonly notice?: string }
  | { readonly ok: false; readonly problem: string };

type Downloaded = { readonly ok: true; readonly trace: ResumeTrace } | { readonly ok: false; readonly problem: string };

async function downloadState(store: RunStateStore, state: PartState, dir: string): Promise<Downloaded> {
  const oversized = oversizedState(state.artifact.size);
  if (oversized) return { ok: false, problem: `the state of ${state.part} (attempt ${state.attempt}, artifact ${state.artifact.name}) is not read: ${oversized}` };
  const into = path.join(dir, `${state.part}-attempt-${state.attempt}`);
  try {
    await mkdir(into, { recursive: true });
    const read = await readResumeTrace(await store.download(state.artifact, into));
    if (!read.ok) return { ok: false, problem: `the state of ${state.part} (attempt ${state.attempt}): ${read.problem}` };
    const shard = shardOfPart(state.part);
    return { ok: true, trace: { ...read.trace, label: `the saved state of ${state.part} (attempt ${state.attempt})`, fanOutPart: shard ?? (state.part === 'prepare' ? 'prepare' : 'merge') } };
  } catch (error) {
    return { ok: false, problem: `could not download the state of ${state.part} (attempt ${state.attempt}, artifact ${state.artifact.name}): ${errorText(error)}` };
  }
}

type ChosenPrepare = { readonly ok: true; readonly state?: PartState; readonly trace?: ResumeTrace; readonly succeeded: boolean; readonly found: number } | { readonly ok: false; readonly problem: string };

/**
 * The prepare state a job builds on: the first, oldest attempt first, whose run succeeded (up to
 * `upTo`); else, with `unfinished`, the newest one (a prepare job resumes its own failed attempt).
 * A prepare job that succeeded is not re-run by "Re-run failed jobs", so no job saves a later
 * attempt's prepare state, and any step holding the artifact token could save one under that name:
 * taking the newest let one forged state decide every item and step of a merge (found by an
 * adversarial pass). The first that succeeded was saved by the job that ran then; a clash in an
 * attempt read before it is refused, as everywhere.
 */
async function choosePrepare(store: RunStateStore, artifacts: readonly StateArtifact[], plan: StatePlan, dir: string, upTo: number, unfinished: boolean): Promise<ChosenPrepare> {
  const states = prepareStates(artifacts, plan, upTo);
  let newest: { state: PartState; trace: ResumeTrace } | undefined;
  for (const candidate of states) {
    if (candidate.clashed || !candidate.artifact) return { ok: false, problem: `the prepare state of attempt ${candidate.attempt} is not read: ${clashProblem(candidate, plan)}` };
    const state: PartState = { part: 'prepare', attempt: candidate.attempt, artifact: candidate.artifact };
    const read = await downloadState(store, state, dir);
    if (!read.ok) return read;
    if (runStatus(read.trace.text) === 'succeeded') return { ok: true, state, trace: read.trace, succeeded: true, found: states.length };
    newest = { state, trace: read.trace };
  }
  return unfinished && newest ? { ok: true, ...newest, succeeded: false, found: states.length } : { ok: true, succeeded: false, found: states.length };
}

/**
 * Finds and downloads the states this job builds on among the workflow run's artifacts (every job
 * and attempt of it): the prepare state (`choosePrepare`: the first that succeeded, or for a prepare
 * job with `resumeOwn`, i.e. `resume: auto`, its newest earlier attempt when none did), and the newest
 * attempt of every other part it needs (a shard's own earlier attempt only with `resumeOwn`). A shard
 * or merge job without a prepare state that succeeded cannot run, and says so.
 */
export async function loadFanOutStates(store: RunStateStore, fanOut: FanOutSettings, plan: StatePlan, dir: string, resumeOwn: boolean, attempt: number): Promise<LoadedStates> {
  const { planPath } = plan;
  let artifacts: readonly StateArtifact[];
  try {
    artifacts = await store.list();
  } catch (error) {
    return { ok: false, problem: `could not list this workflow run's artifacts to find the fanned-out run's state: ${errorText(error)}` };
  }
  const preparing = fanOut.part === 'prepare';
  const prepare = await choosePrepare(store, artifacts, plan, dir, preparing ? attempt - 1 : attempt, preparing && resumeOwn);
  if (!prepare.ok) return prepare;
  if (!preparing && !prepare.succeeded) {
    const key = plan.runKey === undefined ? '' : ` with run-key ${JSON.stringify(plan.runKey)}`;
    return {
      ok: false,
      problem:
        prepare.found > 0
          ? `mode ${fanOut.part}: no prepare job of this workflow run succeeded for ${planPath}${key} (${prepare.found} attempt${prepare.found === 1 ? '' : 's'} saved a state that did not): the shard and merge jobs build on a prepare that succeeded; re-run the prepare job`
          : `mode ${fanOut.part} found no state of the prepare job for ${planPath}${key} in this workflow run: ` +
            'run a job with mode: prepare first (the same plan' + (plan.runKey === undefined ? '' : ' and run-key: the shard and merge jobs give the same run-key as their prepare job, never one per shard') + '), and give this job needs: on it',
    };
  }
  const found = newestPartStates(artifacts, plan, wantedParts(fanOut, resumeOwn, attempt));
  const clashed = found.find((state) => state.clashed);
  if (clashed) return { ok: false, problem: `the ${clashed.part} state of attempt ${clashed.attempt} is not read: ${clashProblem(clashed, plan)}` };
  const traces: ResumeTrace[] = prepare.trace ? [prepare.trace] : [];
  const parts: PartState[] = prepare.state ? [prepare.state] : [];
  // Prepare's comes first: the shards it made are the only ones read.
  const shards = prepare.trace && shardCount(prepare.trace.text);
  for (const state of found) {
    const shard = shardOfPart(state.part);
    if (shard !== undefined && (shards === undefined || shard > shards)) continue;
    const read = await downloadState(store, state, dir);
    if (!read.ok) return read;
    traces.push(read.trace);
    parts.push(state);
  }
  const notice =
    preparing && prepare.succeeded && prepare.state
      ? `The prepare job of attempt ${prepare.state.attempt} succeeded: the shard and merge jobs of this workflow run build on its state, so this job reuses it${resumeOwn ? '' : ' (resume: never does not prepare afresh once a prepare has succeeded; start a new workflow run for that)'}.`
      : undefined;
  return { ok: true, traces, parts, ...(shards !== undefined && { shards }), ...(notice && { notice }) };
}

/** The status the last `run_finished` line of a trace (`text`) records, if any. */
function runStatus(text: string): string | undefined {
  for (let end = text.length; end > 0; ) {
    const at = text.lastIndexOf('"run_finished"', end - 1);
    if (at < 0) return undefined;
    const start = text.lastIndexOf('\n', at) + 1;
    const stop = text.indexOf('\n', at);
    try {
      const event = JSON.parse(text.slice(start, stop < 0 ? undefined : stop)) as { type?: unknown; status?: unknown };
      if (event.type === 'run_finished') return typeof event.status === 'string' ? event.status : undefined;
    } catch {
      // A cut last line: an earlier one may answer.
    }
    end = start;
  }
  return undefined;
}

/** The shard count the prepare job's trace (`text`) recorded, if any. */
function shardCount(text: string | undefined): number | undefined {
  for (const line of text?.split('\n') ?? []) {
    if (!line.includes('"shards_assigned"')) continue;
    try {
      const event = JSON.parse(line) as { type?: unknown; shards?: unknown };
      // Bounded as the trace's schema bounds it: the count multiplies a shard job's interval between comment writes.
      if (event.type === 'shards_assigned' && Number.isInteger(event.shards)) return Math.min(Math.max(event.shards as number, 1), MAX_SHARDS);
    } catch {
      // A cut last line: the count is on every shards_assigned line, so an earlier one answers.
    }
  }
  return undefined;
}
