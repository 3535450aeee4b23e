import { cutText } from './cut-text.ts';

/** A step that failed in a run a resumed run resumes (or in one before it), as its replanner is told it. */
export interface EarlierFailure {
  readonly kind: 'failed';
  /** The run it failed in, in words (`attempt 1`, a trace's file name). */
  readonly in: string;
  readonly stepKey: string;
  /** The step's tool, else its type. */
  readonly call: string;
  /** Its arguments as JSON, cut to `EARLIER_ARGS_CHARS`. */
  readonly args: string;
  /** The error as the trace keeps it (redacted), cut to `EARLIER_ERROR_CHARS`. */
  readonly error: string;
  readonly attempts: number;
  /** The last attempt failed in a way that may pass another time (a timeout, HTTP 503). */
  readonly transient?: true;
}

/** A replan of a run a resumed run resumes (or of one before it). */
export interface EarlierReplan {
  readonly kind: 'replanned';
  readonly in: string;
  /** The plan revision it made in that run. */
  readonly revision: number;
  /** The `plan_revised` reason (what failed, and the replanner's why), cut to `EARLIER_REASON_CHARS`. */
  readonly reason: string;
}

/**
 * What the runs a resumed run comes from saw fail and replanned, in the order it happened: its replanner is told,
 * so it does not plan a failed approach again, and its trace carries them (`plan_created`'s `earlier`) for a run
 * that resumes it.
 */
export type EarlierAttempts = readonly (EarlierFailure | EarlierReplan)[];

/** Entries carried at most, the latest: a chain of re-runs adds to them each time. */
export const EARLIER_ENTRIES_KEPT = 60;
export const EARLIER_ARGS_CHARS = 500;
export const EARLIER_ERROR_CHARS = 1_000;
export const EARLIER_REASON_CHARS = 2_000;

/** `older` then `newer`, each entry's text cut, the latest `EARLIER_ENTRIES_KEPT` of them. */
export function joinEarlierAttempts(older: EarlierAttempts | undefined, newer: EarlierAttempts): EarlierAttempts {
  return [...(older ?? []), ...newer]
    .slice(-EARLIER_ENTRIES_KEPT)
    .map((entry) => (entry.kind === 'failed' ? { ...entry, args: cutText(entry.args, EARLIER_ARGS_CHARS), error: cutText(entry.error, EARLIER_ERROR_CHARS) } : { ...entry, reason: cutText(entry.reason, EARLIER_REASON_CHARS) }));
}

/**
 * The entries of several runs' lists (a fan-out merge's prepare, shard and earlier merge states), each once: a
 * shard's list carries the prepare job's it resumed, and the merge's replanner was told each prepare failure once
 * per shard, crowding out the shards' own.
 */
export function mergeEarlierAttempts(lists: readonly EarlierAttempts[]): EarlierAttempts {
  const seen = new Set<string>();
  const once = lists.flat().filter((entry) => {
    const id = entry.kind === 'failed' ? JSON.stringify([entry.kind, entry.in, entry.stepKey, entry.call, entry.args, entry.error, entry.attempts]) : JSON.stringify([entry.kind, entry.in, entry.revision, entry.reason]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return joinEarlierAttempts(undefined, once);
}
