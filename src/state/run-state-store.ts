import type { EventLoopUtilization } from 'node:perf_hooks';
import type { RunListener } from '../core/run-event.ts';

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
  /**
   * Starts loading what `save` needs and returns at once; a problem surfaces at `save`. A run calls
   * it once it waits on a model or a command (`warmWhenIdle`), so a client that is slow to load
   * loads during that wait instead of at the run's end.
   */
  warm?(): void;
}

/** How often the idle check looks, and below which share of busy time the loop counts as waiting. */
const IDLE_CHECK_MS = 20;
const BUSY_BELOW = 0.5;

/**
 * A listener that warms `store` (`RunStateStore.warm`) once the run waits: from its first step on,
 * it looks every 20 ms at how busy the event loop was, and warms at the first interval the loop
 * spent mostly idle (a model's answer, a command's output). A run that never waits, or ends
 * first, never warms, and `save` loads what it needs as before. The timer never keeps the process up.
 */
export function warmWhenIdle(store: RunStateStore): RunListener {
  let timer: NodeJS.Timeout | undefined;
  let last: EventLoopUtilization | undefined;
  let done = false;
  const stop = (): void => {
    done = true;
    clearTimeout(timer);
  };
  const look = (): void => {
    const now = performance.eventLoopUtilization();
    const recent = performance.eventLoopUtilization(now, last);
    last = now;
    if (recent.utilization < BUSY_BELOW) {
      stop();
      store.warm?.();
      return;
    }
    timer = setTimeout(look, IDLE_CHECK_MS).unref();
  };
  return (event) => {
    if (done) return;
    if (event.type === 'run_finished') stop();
    else if (event.type === 'step_started' && timer === undefined) {
      last = performance.eventLoopUtilization();
      timer = setTimeout(look, IDLE_CHECK_MS).unref();
    }
  };
}
