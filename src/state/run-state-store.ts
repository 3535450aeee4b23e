/** A run's saved state (its trace) as stored: an artifact of a workflow run. */
export interface StateArtifact {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly createdAt?: Date;
}

/**
 * Where runs keep their state between jobs and attempts. The action's store is the Actions
 * artifact service (`actions-artifact-store.ts`); tests may pass one over a local stand-in.
 */
export interface RunStateStore {
  /** Uploads `file` (named `name`, see `stateArtifactName`) with a retention in days. */
  save(name: string, file: string, retentionDays: number): Promise<StateArtifact>;
  /**
   * Artifacts of this workflow run (every attempt and job) — or, with `runId`, of another run of
   * this repository (REST, needs `actions: read`).
   */
  list(runId?: number): Promise<readonly StateArtifact[]>;
  /** Downloads an artifact listed by `list(runId)` into `dir`; the path of the file it held. */
  download(artifact: StateArtifact, dir: string, runId?: number): Promise<string>;
}
