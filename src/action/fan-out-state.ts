import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { errorText } from '../core/error-text.ts';
import { oversizedState, readResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { newestPartStates, shardOfPart, shardPart, type PartState } from '../state/fan-out-states.ts';
import { clashProblem } from '../state/newest-states.ts';
import type { StatePlan } from '../state/state-artifact-name.ts';
import type { RunStateStore, StateArtifact } from '../state/run-state-store.ts';
import type { FanOutSettings } from './action-settings.ts';

/** The part name this job saves its state under: `prepare`, `shard-3`, `merge`. */
export function ownPart(fanOut: FanOutSettings): string {
  return fanOut.part === 'shard' ? shardPart(fanOut.shard) : fanOut.part;
}

/**
 * Which parts' states a job builds on: prepare's earlier attempt (prepare), prepare's and its own
 * earlier attempt (shard), prepare's, every shard's and its own earlier attempt (merge). Of attempts
 * no later than this one (`attempt`), and of its own part only earlier ones: a state named for an
 * attempt that has not run is not one a job of this attempt saved.
 */
function wantedParts(fanOut: FanOutSettings, resumeOwn: boolean, attempt: number): (part: string, saved: number) => boolean {
  const own = ownPart(fanOut);
  const parts = partsWanted(fanOut, resumeOwn);
  return (part, saved) => parts(part) && (part === own ? saved < attempt : saved <= attempt);
}

function partsWanted(fanOut: FanOutSettings, resumeOwn: boolean): (part: string) => boolean {
  if (fanOut.part === 'prepare') return (part) => part === 'prepare';
  const own = ownPart(fanOut);
  if (fanOut.part === 'shard') return (part) => part === 'prepare' || (resumeOwn && part === own);
  // An earlier merge's state too: its steps with side effects were made and are not made again. Its
  // fan-out steps are not reused whole (it completed them with the items known then, and a shard re-run
  // since has more): the merge assembles them from every state's items (see PlanRun).
  return (part) => part === 'prepare' || shardOfPart(part) !== undefined || (resumeOwn && part === 'merge');
}

export type LoadedStates =
  | { readonly ok: true; readonly traces: readonly ResumeTrace[]; readonly parts: readonly PartState[]; readonly shards?: number }
  | { readonly ok: false; readonly problem: string };

/**
 * Finds and downloads the states this job builds on among the workflow run's artifacts (every job
 * and attempt of it): the newest attempt of each part it needs (a shard's own earlier attempt only
 * with `resumeOwn`, i.e. `resume: auto`). A shard or merge job without the
 * prepare job's state cannot run, and says so.
 */
export async function loadFanOutStates(store: RunStateStore, fanOut: FanOutSettings, plan: StatePlan, dir: string, resumeOwn: boolean, attempt: number): Promise<LoadedStates> {
  const { planPath } = plan;
  let artifacts: readonly StateArtifact[];
  try {
    artifacts = await store.list();
  } catch (error) {
    return { ok: false, problem: `could not list this workflow run's artifacts to find the fanned-out run's state: ${errorText(error)}` };
  }
  const found = newestPartStates(artifacts, plan, wantedParts(fanOut, resumeOwn, attempt));
  const clashed = found.find((state) => state.clashed);
  if (clashed) return { ok: false, problem: `the ${clashed.part} state of attempt ${clashed.attempt} is not read: ${clashProblem(clashed, plan)}` };
  if (fanOut.part !== 'prepare' && !found.some((state) => state.part === 'prepare')) {
    return {
      ok: false,
      problem:
        `mode ${fanOut.part} found no state of the prepare job for ${planPath}${plan.runKey === undefined ? '' : ` with run-key ${JSON.stringify(plan.runKey)}`} in this workflow run: ` +
        'run a job with mode: prepare first (the same plan' + (plan.runKey === undefined ? '' : ' and run-key: the shard and merge jobs give the same run-key as their prepare job, never one per shard') + '), and give this job needs: on it',
    };
  }
  const traces: ResumeTrace[] = [];
  const parts: PartState[] = [];
  let shards: number | undefined;
  // Prepare's comes first (newestPartStates orders it so): the shards it made are the only ones read.
  for (const state of found) {
    const shard = shardOfPart(state.part);
    if (shard !== undefined && (shards === undefined || shard > shards)) continue;
    const oversized = oversizedState(state.artifact.size);
    if (oversized) return { ok: false, problem: `the state of ${state.part} (attempt ${state.attempt}, artifact ${state.artifact.name}) is not read: ${oversized}` };
    const into = path.join(dir, `${state.part}-attempt-${state.attempt}`);
    try {
      await mkdir(into, { recursive: true });
      const file = await store.download(state.artifact, into);
      const read = await readResumeTrace(file);
      if (!read.ok) return { ok: false, problem: `the state of ${state.part} (attempt ${state.attempt}): ${read.problem}` };
      traces.push({ ...read.trace, label: `the saved state of ${state.part} (attempt ${state.attempt})`, fanOutPart: state.part === 'prepare' || state.part === 'merge' ? state.part : shard! });
      parts.push(state);
      if (state.part === 'prepare') shards = shardCount(read.trace.text);
    } catch (error) {
      return { ok: false, problem: `could not download the state of ${state.part} (attempt ${state.attempt}, artifact ${state.artifact.name}): ${errorText(error)}` };
    }
  }
  return { ok: true, traces, parts, ...(shards !== undefined && { shards }) };
}

/** The shard count the prepare job's trace (`text`) recorded, if any. */
function shardCount(text: string | undefined): number | undefined {
  for (const line of text?.split('\n') ?? []) {
    if (!line.includes('"shards_assigned"')) continue;
    try {
      const event = JSON.parse(line) as { type?: unknown; shards?: unknown };
      if (event.type === 'shards_assigned' && typeof event.shards === 'number') return event.shards;
    } catch {
      // A cut last line: the count is on every shards_assigned line, so an earlier one answers.
    }
  }
  return undefined;
}
