import type { StateArtifact } from './run-state-store.ts';
import { jobSegment, parseStateArtifactName, type StateIdentity, type StatePlan } from './state-artifact-name.ts';

/** One saved state of a plan: its part (none for a whole run), its attempt, the artifact. */
export interface SavedState {
  readonly part?: string;
  readonly attempt: number;
  /** Saved by a later step of the attempt's job that resumed the attempt's run in place (`StateIdentity.inPlace`). */
  readonly inPlace?: number;
  readonly artifact: StateArtifact;
  /**
   * Another job of the same attempt saved a state for this plan, part and key too (`stateClashName`):
   * which of the two is this job's cannot be told, so no resume may build on either.
   */
  readonly clashed?: true;
}

/**
 * Among a workflow run's `artifacts`, the newest attempt of each part of `plan`'s states that
 * `accept` takes (a whole run's states are the part `undefined`), in the order first seen. Names of
 * other plans and keys, names that are not states, and empty states are left out. With `plan.job`, a
 * whole run's states are that job's own (and those saved before states named their job); without, any
 * job's. A state saved aside after a name clash (`stateClashName`), or another job's state of the same
 * attempt, marks its part `clashed` when it is as new as the newest state or newer: then the newest
 * state of that part may be another job's, or one newer than it was saved only aside.
 */
export function newestStates(artifacts: readonly StateArtifact[], plan: StatePlan & Pick<StateIdentity, 'job'>, accept: (part: string | undefined, attempt: number) => boolean): SavedState[] {
  const newest = new Map<string | undefined, SavedState>();
  const clashes = new Map<string | undefined, SavedState>();
  const own = jobSegment(plan);
  const jobOf = new Map<SavedState, string | undefined>();
  for (const artifact of artifacts) {
    // An empty state is an attempt whose run never started (older versions saved one): it holds nothing to
    // build on, and taken as the newest it hid the attempt before it, whose side effects a re-run then
    // repeated (found by an adversarial pass).
    if (artifact.size === 0) continue;
    const parsed = parseStateArtifactName(artifact.name, plan);
    if (!parsed || !accept(parsed.part, parsed.attempt)) continue;
    // Another job's state of the plan (found by an adversarial pass: two jobs of an /approve workflow re-run
    // both went on from the one state the first saved, and ran its failed step twice).
    if (own !== undefined && parsed.job !== undefined && parsed.job !== own) continue;
    const states = parsed.clash ? clashes : newest;
    const known = states.get(parsed.part);
    // Within an attempt, a state an in-place resume saved is newer than the one it resumed.
    const newer = !known || parsed.attempt > known.attempt || (parsed.attempt === known.attempt && (parsed.inPlace ?? 0) > (known.inPlace ?? 0));
    // Two jobs' states of one attempt (read without `plan.job`): which is the run's cannot be told, as after a name clash.
    const otherJob = own === undefined && known !== undefined && !parsed.clash && parsed.attempt === known.attempt && jobOf.get(known) !== parsed.job;
    if (newer) {
      const state: SavedState = { ...(parsed.part !== undefined && { part: parsed.part }), attempt: parsed.attempt, ...(parsed.inPlace !== undefined && { inPlace: parsed.inPlace }), artifact };
      jobOf.set(state, parsed.job);
      states.set(parsed.part, state);
    }
    if (otherJob) clashes.set(parsed.part, { ...states.get(parsed.part)!, clashed: true });
  }
  for (const [part, clash] of clashes) {
    const state = newest.get(part);
    if (!state) newest.set(part, { ...clash, clashed: true });
    else if (clash.attempt >= state.attempt) newest.set(part, { ...state, attempt: Math.max(state.attempt, clash.attempt), clashed: true });
  }
  return [...newest.values()];
}

/** Why a state that `clashed` cannot be resumed, and what to do: one sentence for every place that reads states. */
export function clashProblem(state: Pick<SavedState, 'part' | 'attempt'>, plan: StatePlan): string {
  return (
    `in attempt ${state.attempt} of this workflow run a state for ${plan.planPath}${plan.runKey === undefined ? '' : ` with run-key ${JSON.stringify(plan.runKey)}`}` +
    `${state.part ? ` (${state.part})` : ''} was saved aside because another job had saved one under the same name, so which state is this job's cannot be told. ` +
    `A re-run keeps the workflow as it was: start a new run in which ${state.part ? clashAdvice(plan.planPath, state.part) : 'each job, and each step of a job, that runs this plan has its own `run-key` (in a matrix, a matrix value such as `run-key: ${{ matrix.node }}`), or with `resume: never` to start from the beginning'}`
  );
}

/**
 * What keeps two jobs from saving a state under one name. A part of a fanned-out run is not a matrix leg: a key
 * per shard (`matrix.node`, as a whole run's legs are told) split the fan-out, so its jobs are told how each part
 * runs once per attempt (found by an adversarial pass).
 */
export function clashAdvice(planPath: string, part: string | undefined): string {
  if (part === undefined) return `each job, and each step of a job, that runs ${planPath} has its own \`run-key\` (in a matrix, a matrix value such as \`run-key: \${{ matrix.node }}\`), or a later step resumes the earlier one's trace in place (\`resume-from\` its \`trace\` output)`;
  return (
    `each part of a fan-out of ${planPath} runs once: the shard jobs' matrix is the prepare job's output (\`strategy.matrix: \${{ fromJSON(needs.prepare.outputs.matrix) }}\`, no shard twice), ` +
    'and where two fan-outs of the plan run in one workflow, the prepare, shard and merge jobs of each give a `run-key` of its own (the same in all three, never one per shard)'
  );
}
