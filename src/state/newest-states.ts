import type { StateArtifact } from './run-state-store.ts';
import { parseStateArtifactName, type StatePlan } from './state-artifact-name.ts';

/** One saved state of a plan: its part (none for a whole run), its attempt, the artifact. */
export interface SavedState {
  readonly part?: string;
  readonly attempt: number;
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
 * other plans and keys, and names that are not states, are left out.
 */
export function newestStates(artifacts: readonly StateArtifact[], plan: StatePlan, accept: (part: string | undefined, attempt: number) => boolean): SavedState[] {
  const newest = new Map<string | undefined, SavedState>();
  const clashes = new Set<string>();
  for (const artifact of artifacts) {
    const parsed = parseStateArtifactName(artifact.name, plan);
    if (!parsed || !accept(parsed.part, parsed.attempt)) continue;
    if (parsed.clash) {
      clashes.add(`${parsed.part ?? ''}@${parsed.attempt}`);
      continue;
    }
    const known = newest.get(parsed.part);
    if (!known || parsed.attempt > known.attempt) newest.set(parsed.part, { ...(parsed.part !== undefined && { part: parsed.part }), attempt: parsed.attempt, artifact });
  }
  return [...newest.values()].map((state) => (clashes.has(`${state.part ?? ''}@${state.attempt}`) ? { ...state, clashed: true as const } : state));
}

/** Why a state that `clashed` cannot be resumed, and what to do: one sentence for every place that reads states. */
export function clashProblem(state: SavedState, plan: StatePlan): string {
  return (
    `two jobs of attempt ${state.attempt} of this workflow run saved a state for ${plan.planPath}${plan.runKey === undefined ? '' : ` with run-key ${JSON.stringify(plan.runKey)}`}` +
    `${state.part ? ` (${state.part})` : ''}, so which one is this job's cannot be told: give each job that runs this plan its own \`run-key\` ` +
    '(in a matrix, `run-key: ${{ strategy.job-index }}` or a matrix value), or set `resume: never` to start from the beginning'
  );
}
