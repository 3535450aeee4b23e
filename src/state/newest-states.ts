import type { StateArtifact } from './run-state-store.ts';
import { parseStateArtifactName } from './state-artifact-name.ts';

/** One saved state of a plan: its part (none for a whole run), its attempt, the artifact. */
export interface SavedState {
  readonly part?: string;
  readonly attempt: number;
  readonly artifact: StateArtifact;
}

/**
 * Among a workflow run's `artifacts`, the newest attempt of each part of `planPath`'s states that
 * `accept` takes (a whole run's states are the part `undefined`), in the order first seen. Names of
 * other plans, and names that are not states, are left out.
 */
export function newestStates(artifacts: readonly StateArtifact[], planPath: string, accept: (part: string | undefined, attempt: number) => boolean): SavedState[] {
  const newest = new Map<string | undefined, SavedState>();
  for (const artifact of artifacts) {
    const parsed = parseStateArtifactName(artifact.name, planPath);
    if (!parsed || !accept(parsed.part, parsed.attempt)) continue;
    const known = newest.get(parsed.part);
    if (!known || parsed.attempt > known.attempt) newest.set(parsed.part, { ...(parsed.part !== undefined && { part: parsed.part }), attempt: parsed.attempt, artifact });
  }
  return [...newest.values()];
}
