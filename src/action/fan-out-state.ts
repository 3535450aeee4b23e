import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorText } from '../core/error-text.ts';
import { MAX_SHARDS } from '../core/run-event.ts';
import { oversizedState, readResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { newestPartStates, shardOfPart, shardPart, type PartState } from '../state/fan-out-states.ts';
import { clashProblem } from '../state/newest-states.ts';
import { parseStateArtifactName, type StatePlan } from '../state/state-artifact-name.ts';
import type { RunStateStore, StateArtifact } from '../state/run-state-store.ts';
import type { FanOutSettings } from './action-settings.ts';

/** The part name this job saves its state under: `prepare`, `shard-3`, `merge`. */
export function ownPart(fanOut: FanOutSettings): string {
  return fanOut.part === 'shard' ? shardPart(fanOut.shard) : fanOut.part;
}

/** This job's part as a trace it resumes is read (`ResumeTrace.fanOutPart`): what its own earlier state may tell it. */
export function ownTracePart(fanOut: FanOutSettings): NonNullable<ResumeTrace['fanOutPart']> {
  return fanOut.part === 'shard' ? fanOut.shard : fanOut.part;
}

/**
 * Which parts' states a job builds on besides the prepare state it was given: its own earlier attempt
 * (with `resumeOwn`), and for a merge every shard's. Of attempts no later than this one (`attempt`), of its
 * own part only earlier ones (a state named for an attempt that has not run is not one a job of this
 * attempt saved), and of other parts none older than the prepare state (`since`): no shard of an earlier
 * attempt ran on it, so such a name was free for any job to take (found by an adversarial pass). Its own
 * state from before the prepare state is kept or left out by `loadFanOutStates` (`preparedBefore`).
 */
function wantedParts(fanOut: FanOutSettings, resumeOwn: boolean, attempt: number, since: number): (part: string, saved: number) => boolean {
  const own = ownPart(fanOut);
  const parts = partsWanted(fanOut, resumeOwn);
  return (part, saved) => parts(part) && (part === own ? saved < attempt : saved <= attempt && saved >= since);
}

function partsWanted(fanOut: FanOutSettings, resumeOwn: boolean): (part: string) => boolean {
  const own = ownPart(fanOut);
  if (fanOut.part !== 'merge') return (part) => resumeOwn && part === own;
  // An earlier merge's state too: its steps with side effects were made and are not made again. Its
  // fan-out steps are not reused whole (it completed them with the items known then, and a shard re-run
  // since has more): the merge assembles them from every state's items (see PlanRun).
  return (part) => shardOfPart(part) !== undefined || (resumeOwn && part === 'merge');
}

export type LoadedStates =
  | { readonly ok: true; readonly traces: readonly ResumeTrace[]; readonly parts: readonly PartState[]; readonly shards?: number }
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

type Prepared = { readonly ok: true; readonly state: PartState; readonly trace: ResumeTrace } | { readonly ok: false; readonly problem: string };

/**
 * The prepare state a shard or merge job was given (`prepared`, the prepare job's output of that name): that
 * artifact, checked to be this plan's prepare state in this workflow run (saved aside after a name clash
 * too: the output says it is the prepare job's own) and a run that succeeded. Found by its name, the
 * newest or the first that succeeded, it could be any job's: a re-run that does not re-run the prepare
 * job leaves the new attempt's name free, a prepare that saved nothing leaves its own (found by adversarial passes).
 */
async function givenPrepare(store: RunStateStore, artifacts: readonly StateArtifact[], plan: StatePlan, dir: string, part: string, prepared: number): Promise<Prepared> {
  const key = plan.runKey === undefined ? '' : ` with run-key ${JSON.stringify(plan.runKey)}`;
  const artifact = artifacts.find((each) => each.id === prepared);
  const parsed = artifact && parseStateArtifactName(artifact.name, plan);
  if (!artifact) {
    return {
      ok: false,
      problem:
        `mode ${part}: input 'prepared' names artifact ${prepared}, which this workflow run does not have: it expired (state-retention-days) or was deleted, ` +
        'or prepared is not ${{ needs.prepare.outputs.prepared }} of this run; re-run all jobs, so that the prepare job saves its state again',
    };
  }
  if (parsed?.part !== 'prepare') {
    return {
      ok: false,
      problem:
        `mode ${part}: input 'prepared' names artifact ${prepared}, which is not the state of the prepare job for ${plan.planPath}${key} in this workflow run (it is ${artifact.name}): ` +
        'give prepared: ${{ needs.prepare.outputs.prepared }}, the prepared output of the prepare job of the same plan' + (plan.runKey === undefined ? '' : ' and run-key (the shard and merge jobs give the same run-key as their prepare job, never one per shard)') + ', with needs: on that job',
    };
  }
  const state: PartState = { part: 'prepare', attempt: parsed.attempt, artifact };
  const read = await downloadState(store, state, dir);
  if (!read.ok) return read;
  const status = runStatus(read.trace.text);
  if (status !== 'succeeded') {
    return { ok: false, problem: `mode ${part}: the prepare job's state (attempt ${parsed.attempt}, artifact ${artifact.name}) records a run that ${typeof status === 'string' ? `ended ${status}` : 'did not finish'}: the shard and merge jobs build on a prepare that succeeded; re-run the prepare job` };
  }
  return { ok: true, state, trace: read.trace };
}

/**
 * Finds and downloads the states this job builds on among the workflow run's artifacts (every job and
 * attempt of it): for a shard or merge job the prepare state it was given (`givenPrepare`), and the newest
 * attempt of every other part it needs (`wantedParts`; its own earlier attempt only with `resumeOwn`, i.e.
 * `resume: auto`).
 */
export async function loadFanOutStates(store: RunStateStore, fanOut: FanOutSettings, plan: StatePlan, dir: string, resumeOwn: boolean, attempt: number): Promise<LoadedStates> {
  let artifacts: readonly StateArtifact[];
  try {
    artifacts = await store.list();
  } catch (error) {
    return { ok: false, problem: `could not list this workflow run's artifacts to find the fanned-out run's state: ${errorText(error)}` };
  }
  const prepare = fanOut.part === 'prepare' ? undefined : await givenPrepare(store, artifacts, plan, dir, fanOut.part, fanOut.prepared);
  if (prepare && !prepare.ok) return prepare;
  const found = newestPartStates(artifacts, plan, wantedParts(fanOut, resumeOwn, attempt, prepare?.state.attempt ?? 1));
  const clashed = found.find((state) => state.clashed);
  if (clashed) return { ok: false, problem: `the ${clashed.part} state of attempt ${clashed.attempt} is not read: ${clashProblem(clashed, plan)}` };
  const traces: ResumeTrace[] = prepare ? [prepare.trace] : [];
  const parts: PartState[] = prepare ? [prepare.state] : [];
  // Prepare's comes first: the shards it made are the only ones read.
  const shards = prepare ? shardCount(prepare.trace.text) : undefined;
  const own = ownPart(fanOut);
  if (fanOut.part === 'shard' && shards !== undefined && fanOut.shard > shards) {
    return { ok: false, problem: `mode shard: shard ${fanOut.shard} is not one of the ${shards} the prepare job assigned items to: the matrix must be the prepare job's matrix output (strategy.matrix: \${{ fromJSON(needs.prepare.outputs.matrix) }})` };
  }
  for (const state of found) {
    const shard = shardOfPart(state.part);
    if (state.part !== own && shard !== undefined && (shards === undefined || shard > shards)) continue;
    // An own state older than the prepare state is read only if a prepare that succeeded came before it: after a
    // prepare that failed, that attempt ran no shard or merge, and its name was free for any job to take.
    if (state.part === own && prepare && state.attempt < prepare.state.attempt && !(await preparedBefore(store, artifacts, plan, dir, state.attempt))) continue;
    const read = await downloadState(store, state, dir);
    if (!read.ok) return read;
    traces.push(read.trace);
    parts.push(state);
  }
  return { ok: true, traces, parts, ...(shards !== undefined && { shards }) };
}

/** Whether the newest prepare state of attempt `attempt` or earlier records a run that succeeded. */
async function preparedBefore(store: RunStateStore, artifacts: readonly StateArtifact[], plan: StatePlan, dir: string, attempt: number): Promise<boolean> {
  const [newest] = newestPartStates(artifacts, plan, (part, saved) => part === 'prepare' && saved <= attempt);
  if (!newest || newest.clashed) return false;
  const read = await downloadState(store, newest, path.join(dir, 'earlier'));
  return read.ok && runStatus(read.trace.text) === 'succeeded';
}

/**
 * The first (or last) whole event of `type` in a trace's text, read line by line: a cut last line is left
 * out. Enough for the one field a fan-out job needs before the trace is read in full (`traceEvents`).
 */
function traceEvent(text: string, type: string, which: 'first' | 'last'): Record<string, unknown> | undefined {
  const lines = text.split('\n');
  if (which === 'last') lines.reverse();
  for (const line of lines) {
    if (!line.includes(`"${type}"`)) continue;
    try {
      const event = JSON.parse(line) as Record<string, unknown> | null;
      if (event?.type === type) return event;
    } catch {
      // A cut last line.
    }
  }
  return undefined;
}

/** The status of the run a trace records (its last `run_finished`), if it finished. */
function runStatus(text: string): unknown {
  return traceEvent(text, 'run_finished', 'last')?.status;
}

/** The shard count a prepare job's trace records, bounded as the trace's schema bounds it (it multiplies a shard job's interval between comment writes). */
function shardCount(text: string): number | undefined {
  const shards = traceEvent(text, 'shards_assigned', 'first')?.shards;
  return typeof shards === 'number' && Number.isInteger(shards) ? Math.min(Math.max(shards, 1), MAX_SHARDS) : undefined;
}
