import { loopIdle } from '../core/clock.ts';
import type { RunListener } from '../core/run-event.ts';

/** A run's saved state (its trace) as stored: an artifact of a workflow run. */
export interface StateArtifact {
  readonly id: number;
  readonly name: string;
  readonly size: number;
  readonly createdAt?: Date;
  /** `sha256:<hex>` of the bytes as uploaded, when the service lists one: what a download must match. */
  readonly digest?: string;
}

/** Whether `artifact` is older than `retentionDays` (so expired): the service lists expired artifacts still. */
export function pastRetention(artifact: StateArtifact, retentionDays: number, now = Date.now()): boolean {
  return artifact.createdAt !== undefined && now > artifact.createdAt.getTime() + retentionDays * 86_400_000;
}

/**
 * Where runs keep their state between jobs and attempts. The action's store is the Actions
 * artifact service (`actions-artifact-store.ts`); tests may pass one over a local stand-in.
 */
export interface RunStateStore {
  /**
   * Uploads `file` (named `name`, see `stateArtifactName`) with a retention in days. Rejects with an
   * `ArtifactNameTakenError` when this workflow run already has an artifact of that name.
   */
  save(name: string, file: string, retentionDays: number): Promise<StateArtifact>;
  /**
   * Artifacts of this workflow run (every attempt and job) — or, with `runId`, of another run of
   * this repository (REST, needs `actions: read`).
   */
  list(runId?: number): Promise<readonly StateArtifact[]>;
  /**
   * Downloads an artifact listed by `list(runId)` into `dir`; the path of the file it held. A download whose size or
   * digest is not the listed one is an error: a state cut at a line's end reads as a shorter run.
   */
  download(artifact: StateArtifact, dir: string, runId?: number): Promise<string>;
  /**
   * Starts loading what `save` needs and returns at once; a problem surfaces at `save`. A run calls
   * it once it waits on a model or a command (`warmWhenIdle`), so a client that is slow to load
   * loads during that wait instead of at the run's end.
   */
  warm?(): void;
}

/**
 * A listener that warms `store` (`RunStateStore.warm`) once the run waits: from its first step on,
 * it looks every 20 ms at how busy the event loop was (`loopIdle`), and warms at the first interval
 * the loop spent mostly idle (a model's answer, a command's output). A run that never waits, or ends
 * first, never warms, and `save` loads what it needs as before. The wait never keeps the process up.
 */
export function warmWhenIdle(store: RunStateStore): RunListener {
  let waiting: AbortController | undefined;
  return (event) => {
    if (event.type === 'run_finished') waiting?.abort();
    else if (event.type === 'step_started' && waiting === undefined) {
      waiting = new AbortController();
      loopIdle({ everyMs: 20, signal: waiting.signal, unref: true }).then(
        () => store.warm?.(),
        () => undefined,
      );
    }
  };
}
