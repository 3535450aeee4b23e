import type { StateArtifact } from './run-state-store.ts';
import { newestStates } from './newest-states.ts';
import type { StatePlan } from './state-artifact-name.ts';

/** The saved state of one part of a fanned-out run: its newest attempt. */
export interface PartState {
  readonly part: string;
  readonly attempt: number;
  readonly artifact: StateArtifact;
  /** Two jobs saved this part's state in that attempt (see `SavedState`). */
  readonly clashed?: true;
}

/** The `matrix` output of a prepare job: `{"shard":[1,2,3,4]}` for `strategy.matrix`. */
export function shardMatrix(shards: number): string {
  return JSON.stringify({ shard: Array.from({ length: shards }, (_, index) => index + 1) });
}

/** The part name of shard `shard`'s state. */
export function shardPart(shard: number): string {
  return `shard-${shard}`;
}

/** The shard a part name (`shardPart`) names, or undefined for another part. */
export function shardOfPart(part: string): number | undefined {
  const shard = /^shard-(\d+)$/.exec(part);
  return shard ? Number(shard[1]) : undefined;
}

/**
 * The states a job of a fanned-out run builds on, among a workflow run's artifacts for `plan`:
 * the newest attempt of each part `wanted` accepts (prepare; shard K's own earlier attempt; every
 * shard), in part order. Other plans' and whole runs' states are left out.
 */
export function newestPartStates(artifacts: readonly StateArtifact[], plan: StatePlan, wanted: (part: string, attempt: number) => boolean): PartState[] {
  return newestStates(artifacts, plan, (part, attempt) => part !== undefined && wanted(part, attempt))
    .map(({ part, ...state }) => ({ part: part!, ...state }))
    // Code-unit order, not the locale's: every runner must order parts alike.
    .sort((a, b) => partOrder(a.part) - partOrder(b.part) || (a.part < b.part ? -1 : a.part > b.part ? 1 : 0));
}

function partOrder(part: string): number {
  if (part === 'prepare') return 0;
  return shardOfPart(part) ?? Number.MAX_SAFE_INTEGER;
}
