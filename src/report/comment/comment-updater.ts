import { type Clock, systemClock } from '../../core/clock.ts';
import type { RunListener } from '../../core/run-event.ts';
import { followRecord, newRunRecord, type RunRecord } from '../../core/run-record.ts';
import type { GoalRow } from '../goals-table.ts';
import { GITHUB_REQUEST_TIMEOUT_MS, MAX_RATE_LIMIT_WAIT_MS, refusalAdvice } from '../../github/github-failure.ts';
import { asSentence } from '../../run/as-sentence.ts';
import { formatDuration } from '../format-duration.ts';
import type { CommentApi } from './comment-api.ts';
import { CommentWriteError } from './comment-write-error.ts';

export interface CommentUpdaterOptions {
  readonly api: CommentApi;
  /** From `commentMarker`: finds this plan's comment again on a re-run. */
  readonly marker: string;
  /**
   * The body for the current state (usually `renderComment`); goals are passed once known. With
   * `shared`, `current` is the comment's body as just read (another writer's state to merge in).
   */
  readonly render: (record: RunRecord, goals: readonly GoalRow[] | undefined, current?: string) => string;
  /**
   * Several writers (the jobs of a fanned-out run) keep this one comment: each write reads the
   * comment first and renders over it; a write is skipped while the comment already `holds` all this
   * writer knows; after the final write the comment is read again (up to `VERIFY_ROUNDS` times,
   * `minIntervalMs` apart) and written again if a racing writer's update lost this one's state.
   */
  readonly shared?: { readonly holds: (record: RunRecord, current: string) => boolean };
  /** Reports a comment that could not be written; called at most once per kind of failure. */
  readonly warn: (message: string) => void;
  readonly clock?: Clock;
  /** GitHub asks for at least a second between content writes. */
  readonly minIntervalMs?: number;
  /**
   * Asked before each write while the run goes: a longer least time between writes (the token's rate
   * limit running low: `RateBudget`). The final state waits only `minIntervalMs`.
   */
  readonly pacingMs?: () => number;
  /** Attempts per write for transient failures (5xx, timeouts, rate limits). Default 3. */
  readonly maxAttempts?: number;
  /**
   * `finish()` stops trying after this long (plus at most one request's own timeout), and after a rate
   * limit's `retry-after` this long past it, `MAX_RATE_LIMIT_WAIT_MS` more at most. Default 30 s.
   */
  readonly finishTimeoutMs?: number;
  /**
   * How long the API's client waits for a request before it fails as timed out (default
   * `GITHUB_REQUEST_TIMEOUT_MS`, the Octokit's own). A create or edit that got no answer may still be carried
   * out: when one failed so, `finish()` reads the comment again `LATE_WRITE_MARGIN_MS` past this after it, and
   * writes the final state again if that late write undid it.
   */
  readonly requestTimeoutMs?: number;
  /**
   * Asked before each write: a message when this run no longer owns the comment (its commit is no
   * longer the pull request's head), and writing stops; undefined to go on.
   */
  readonly outdated?: () => Promise<string | undefined>;
  /**
   * Asked at the final write once `outdated` has a message, given what the comment holds: a message when no run of
   * the newer commit has written it (it still shows this run's commit), so the final state is written there after
   * all, and said; undefined to leave the comment to the newer run. Without it, a superseded run whose newer commit
   * had no run of its own (a path filter, a push by a workflow's token) left its comment at ⏳ for good.
   */
  readonly finishOutdated?: (current: string) => string | undefined;
  /**
   * Given what the comment holds: why this writer must leave it as it is now (another run answered what this
   * one asked there), or undefined. While `rereadWhile` holds for what it last held, the comment is read
   * again before each write, so an answer that landed meanwhile is seen before it would be written over.
   */
  readonly yieldTo?: (current: string) => string | undefined;
  readonly rereadWhile?: (current: string) => boolean;
  /** Where the `outdated` and `yieldTo` messages go (default `warn`). */
  readonly info?: (message: string) => void;
  /** Told the comment's id once this run has written it, and again if it becomes another comment. */
  readonly onWritten?: (id: number) => void;
  /** Told each body of the comment this writer reads (listed or read by its id), before it renders over it. */
  readonly seen?: (current: string) => void;
  /**
   * Read the comment before each write, and render the write after the read: what another writer put there while this
   * one ran (`seen`) is then known to the body that replaces it. One request more per write.
   */
  readonly readBeforeEachWrite?: boolean;
}

/** Keeps one PR comment in step with the run. */
export interface CommentUpdater {
  /** Subscribe this to the run's events. It never throws and never waits. */
  readonly listener: RunListener;
  /** Resolves once the latest state is written or given up on. */
  flush(): Promise<void>;
  /** Writes the final state (with the goals table, when given), whatever happened before; bounded in time. */
  finish(goals?: readonly GoalRow[]): Promise<void>;
  /** The body this updater last wrote that GitHub took, or undefined when it wrote none. */
  written(): string | undefined;
  /** The id of the comment this updater takes for its own (listed as the token's, or made by it), or undefined while it knows none. */
  id(): number | undefined;
}

const MAX_BACKOFF_MS = 30_000;
/** Reads after a shared comment's final write: each is at most one more write. */
export const VERIFY_ROUNDS = 3;
/**
 * How much longer than the request timeout, after a write that got no answer, its outcome stays unknown: a request
 * GitHub got is done or dropped within its own 10 s, which starts only once the request has come to it.
 */
export const LATE_WRITE_MARGIN_MS = 2000;

/** Least time between two writes of one comment, unless told otherwise: GitHub asks for serial writes at least 1 s apart. */
export const COMMENT_INTERVAL_MS = 1000;

/**
 * An updater that keeps ONE comment per plan and PR: one of its own found by its marker, or
 * created on the first write and, if a racing run or a late POST made another, the oldest kept. Writes are serial and coalesced (the latest state wins, at least
 * `minIntervalMs` apart); failures are retried where that can help and reported once, never thrown.
 */
export function createCommentUpdater(options: CommentUpdaterOptions): CommentUpdater {
  const clock = options.clock ?? systemClock;
  const minInterval = options.minIntervalMs ?? COMMENT_INTERVAL_MS;
  const maxAttempts = options.maxAttempts ?? 3;
  const lateWriteMs = (options.requestTimeoutMs ?? GITHUB_REQUEST_TIMEOUT_MS) + LATE_WRITE_MARGIN_MS;
  const follow = followRecord();
  let record = newRunRecord();
  let goals: readonly GoalRow[] | undefined;
  let dirty = false;
  let disabled = false;
  /** Writing stopped because `outdated` said so: the final write asks `finishOutdated` whether to write after all. */
  let outdatedStop = false;
  let finished = false;
  let commentId: number | undefined;
  let looked = false;
  /** A comment may exist that we do not know of (a create failed or timed out): list before writing. */
  let unsettled = false;
  /** This run created a comment (or tried to): at the end, make sure only one of ours is left. */
  let created = false;
  let lastBody: string | undefined;
  /**
   * The comment's body as this run last found it (listed): every render is given it, so what another
   * run recorded there survives this run's writes (an answered approval: see `forwardMarker`).
   */
  let found: string | undefined;
  let lastWriteEnd = Number.NEGATIVE_INFINITY;
  let deadline = Number.POSITIVE_INFINITY;
  /** No write before this: the time a rate limit's `retry-after` asked for, which every write waits out. */
  let blockedUntil = Number.NEGATIVE_INFINITY;
  /** The latest `finish()` may wait for a rate limit to pass, and how long that is from its call. */
  let finishLimit = Number.POSITIVE_INFINITY;
  let finishWaitMs = 0;
  /**
   * A create or edit that got no answer (a timeout, a dropped connection) may still be carried out, after a later
   * write: GitHub's requests do not die with the client. Until this time one may land, putting back the body it
   * carried (`lateBodies`); a write begun after it is over any such body.
   */
  let lateUntil = Number.NEGATIVE_INFINITY;
  const lateBodies = new Set<string>();
  let pump: Promise<void> | undefined;
  /** Ends a wait for the pacing when the run finishes: the final state waits only `minInterval`. */
  const finishing = new AbortController();
  const warned = new Set<string>();

  const warnOnce = (kind: string, message: string): void => {
    if (warned.has(kind)) return;
    warned.add(kind);
    options.warn(message);
  };

  /** Once the run has finished, why a rate limit keeps the final state from being written: its wait ends past the deadline. */
  const heldPast = (): string | undefined =>
    finished && blockedUntil > deadline
      ? `GitHub asks for no write for ${formatDuration(blockedUntil - clock.now())}, past the ${formatDuration(finishWaitMs)} plan-runner waits for the final state: the comment may not show how the run ended; the job summary has the full record.`
      : undefined;

  const render = (current?: string): string | undefined => {
    try {
      const body = options.render(record, goals, current);
      return body.startsWith(options.marker) ? body : `${options.marker}\n${body}`;
    } catch (error) {
      warnOnce('render', `Could not render the PR comment: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };

  /**
   * Keeps the oldest of this plan's own comments and deletes the rest: two runs that started
   * together, or a POST that timed out but landed, must not leave two comments.
   */
  const settle = async (): Promise<string | undefined> => {
    const own = await options.api.listOwn(options.marker);
    const [oldest, ...others] = own;
    if (oldest) commentId = oldest.id;
    // Settled once the others are gone: a removal that failed leaves the next read to list again.
    unsettled = true;
    for (const other of others) await options.api.remove(other.id);
    unsettled = false;
    if (oldest) options.seen?.(oldest.body);
    // Found before this run wrote: what another run left there. Once ours, it holds that, forwarded.
    if (oldest && !created) found = oldest.body;
    return oldest?.body;
  };

  /**
   * The comment's body as it is now. Once a listing has settled which comment is ours, it is read by its
   * id: one request, where a listing reads every comment on the pull request (a shard listed 10 pages
   * before each write on one with 950 comments). Listed again when it is gone or no longer starts with
   * the marker, or when a comment may have been made that no listing has seen.
   */
  const reread = async (): Promise<string | undefined> => {
    if (commentId !== undefined && !unsettled) {
      const body = await options.api.read(commentId);
      if (body?.startsWith(options.marker)) {
        if (!created) found = body;
        options.seen?.(body);
        return body;
      }
    }
    return settle();
  };

  /**
   * A shared comment's next body, rendered over its current one; undefined when there is nothing to
   * write (the comment holds all this writer knows, or the body would not change).
   */
  const renderShared = async (): Promise<string | undefined> => {
    const current = await reread();
    looked = true;
    if (current !== undefined && !finished && options.shared!.holds(record, current)) return undefined;
    const body = render(current);
    return body === current ? undefined : body;
  };

  let toldId: number | undefined;
  const written = (): void => {
    if (commentId === undefined || commentId === toldId) return;
    toldId = commentId;
    options.onWritten?.(commentId);
  };

  const writeOnce = async (body: string): Promise<void> => {
    const before = commentId;
    if (unsettled || (commentId === undefined && !looked)) {
      await settle();
      looked = true;
    }
    // Only settling was needed: the comment kept already shows this state.
    if (!options.shared && commentId !== undefined && commentId === before && body === lastBody) return;
    if (commentId !== undefined) {
      try {
        await options.api.update(commentId, body);
        written();
        return;
      } catch (error) {
        // Deleted by someone during the run: make a new one rather than give up.
        if (!(error instanceof CommentWriteError && error.status === 404)) throw error;
        commentId = undefined;
      }
    }
    try {
      commentId = (await options.api.create(body)).id;
    } catch (error) {
      // The create may have landed (or land later) despite the failure: look before any second POST.
      unsettled = true;
      created = true;
      throw error;
    }
    created = true;
    // Until this listing has removed any other comment of ours, none may be trusted to be the only one.
    unsettled = true;
    const mine = commentId;
    await settle();
    // An older comment of ours won: it gets this state too.
    if (commentId !== mine) await options.api.update(commentId, body);
    written();
  };

  /**
   * Waits until `until` to try `last`'s write again; false when that is past the deadline. A wait begun while the
   * run went ends when it finishes, and is measured again against the deadline `finish()` sets: a rate limit's
   * `retry-after` met during the run held the final state, at ⏳, and the job's end past
   * `finish()`'s bound.
   */
  const waitToRetry = async (until: number, last: CommentWriteError): Promise<boolean> => {
    for (;;) {
      if (finished && last.retryAfterMs !== undefined && until <= finishLimit) deadline = Math.max(deadline, until);
      if (until > deadline) return false;
      const wait = Math.max(0, until - clock.now());
      if (finished) {
        await clock.sleep(wait);
        return true;
      }
      const woken = await clock.sleep(wait, finishing.signal).then(
        () => false,
        () => true,
      );
      if (!woken) return true;
    }
  };

  /**
   * For the final write of a run whose commit is no longer the head: the comment read now, and `finishOutdated`'s
   * message when it may be written over (`found` is then what it holds); undefined to leave it.
   */
  const takeOutdated = async (): Promise<string | undefined> => {
    const current = await reread();
    looked = true;
    if (current === undefined) return undefined;
    found = current;
    return options.finishOutdated!(current);
  };

  /** Writes `first`, then the latest state rendered afresh for each retry; returns the body written, or undefined. */
  const write = async (first: string): Promise<string | undefined> => {
    let last: CommentWriteError | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // Never sooner than GitHub asked: the backoff is capped, a retry-after is not.
      if (last && !(await waitToRetry(Math.max(clock.now() + Math.min(MAX_BACKOFF_MS, minInterval * 2 ** (attempt - 2)), blockedUntil), last))) break;
      const begun = clock.now();
      let body: string | undefined;
      try {
        // The comment is found before the first write, so that write is rendered over what it holds.
        const outdated = await options.outdated?.();
        let foundNow = false;
        if (outdated !== undefined) {
          // Once: a final write that finds the comment still this run's says so instead.
          if (!outdatedStop) (options.info ?? options.warn)(outdated);
          outdatedStop = true;
          const taken = finished && options.finishOutdated && !options.shared ? await takeOutdated() : undefined;
          if (taken === undefined) {
            disabled = true;
            return undefined;
          }
          const leave = options.yieldTo?.(found!);
          if (leave !== undefined) {
            disabled = true;
            (options.info ?? options.warn)(leave);
            return undefined;
          }
          (options.info ?? options.warn)(taken);
          foundNow = true;
        }
        const readNow = options.readBeforeEachWrite === true;
        if (!options.shared && !foundNow && (!looked || readNow || (found !== undefined && options.rereadWhile?.(found) === true))) {
          await reread();
          looked = true;
          // Rendered after the read: what it told `seen` belongs in the body.
          foundNow = found !== undefined || readNow;
          const leave = found === undefined ? undefined : options.yieldTo?.(found);
          if (leave !== undefined) {
            disabled = true;
            (options.info ?? options.warn)(leave);
            return undefined;
          }
        }
        body = options.shared ? undefined : attempt === 1 && !foundNow ? first : render(found);
        if (body === undefined && !options.shared) return undefined;
        if (options.shared) {
          body = await renderShared();
          if (body === undefined) return lastBody;
        }
        await writeOnce(body!);
        // Begun once every write that got no answer had landed or never will: the comment holds this body, not theirs.
        if (begun >= lateUntil) {
          lateUntil = Number.NEGATIVE_INFINITY;
          lateBodies.clear();
        }
        return body;
      } catch (error) {
        last = error instanceof CommentWriteError ? error : new CommentWriteError('update', error);
        if (last.status === undefined && body !== undefined && (last.operation === 'create' || last.operation === 'update')) {
          lateUntil = Math.max(lateUntil, clock.now() + lateWriteMs);
          lateBodies.add(body);
        }
        if (last.retryAfterMs !== undefined) blockedUntil = Math.max(blockedUntil, clock.now() + last.retryAfterMs);
        if (!last.transient) {
          disabled = true;
          warnOnce(
            'permanent',
            `${asSentence(last.message)} plan-runner stops writing the comment for this run; the run goes on and the job summary has the full record. ` +
              refusalAdvice(last, '`pull-requests: write` (or `issues: write` for issues); on pull requests from forks the token is read-only'),
          );
          return undefined;
        }
      }
    }
    // The final state's own key: a give-up during the run said "tried again on the next update", and the final
    // one, said under the same key, was dropped: the log promised a retry that never came (adversarial pass).
    const held = heldPast();
    warnOnce(
      finished ? 'transient-final' : 'transient',
      held !== undefined
        ? `${asSentence(last?.message ?? 'Could not write the PR comment')} ${held}`
        : `${last?.message ?? 'Could not write the PR comment'} (gave up after retrying). ` +
            (finished ? 'The comment may not show how the run ended; the job summary has the full record.' : 'The run goes on; the comment is tried again on the next update.'),
    );
    return undefined;
  };

  /** Writes while there is something new; true when it stopped because the next write would come past the deadline. */
  const drain = async (): Promise<boolean> => {
    while (dirty && !disabled && clock.now() < deadline) {
      const paced = finished ? minInterval : Math.max(minInterval, options.pacingMs?.() ?? 0);
      const wait = Math.max(lastWriteEnd + paced, blockedUntil) - clock.now();
      if (wait > 0) {
        if (clock.now() + wait > deadline) return true;
        // While the run goes, a wait for the pacing or a rate limit ends when it finishes: the final state waits
        // only `minInterval`, and the rate limit within the deadline `finish()` sets.
        if (!finished) {
          const woken = await clock.sleep(wait, finishing.signal).then(
            () => false,
            () => true,
          );
          if (woken) continue;
        } else await clock.sleep(wait);
      }
      dirty = false;
      // A shared comment is compared with what it holds when the write reads it, not with our last body.
      const body = options.shared ? '' : render(found);
      if (body === undefined || (!options.shared && body === lastBody && !unsettled)) continue;
      const written = await write(body);
      lastWriteEnd = clock.now();
      if (written !== undefined) lastBody = written;
    }
    return false;
  };

  const kick = (): void => {
    dirty = true;
    if (pump || disabled) return;
    let outOfTime = false;
    // Not in the listener's own call: events given together (a replay of a trace) are all in the
    // first body, which otherwise showed the first event alone (every step ⬜, the run already ended).
    pump = Promise.resolve()
      .then(async () => {
        outOfTime = await drain();
      })
      .catch((error: unknown) => warnOnce('bug', `PR comment updater stopped: ${String(error)}`))
      .finally(() => {
        pump = undefined;
        // An event may have arrived between the loop's last check and now. Not when the next write would come past
        // the deadline (a rate limit's wait, once the run has finished): kicked again, it found so again, at once, for ever.
        if (dirty && !disabled && !outOfTime && clock.now() < deadline) kick();
      });
  };

  const flush = async (): Promise<void> => {
    while (pump) await pump;
  };

  /**
   * After the final write, the comment is read again and written again until it holds the final state. A shared
   * comment: another writer may have written over it with a state that lacks ours. Any comment: a write of ours
   * that got no answer may have been carried out after the final one, putting back an earlier state (⏳ for a run
   * that has ended), so it is read once that write would have landed. Neither: nothing is read.
   */
  const verify = async (): Promise<void> => {
    for (let round = 0; round < VERIFY_ROUNDS && !disabled && clock.now() + minInterval <= deadline; round++) {
      const late = lateUntil > Number.NEGATIVE_INFINITY;
      if (!options.shared && !late) return;
      if (lateUntil > deadline) {
        warnOnce(
          'late',
          'A write of the PR comment got no answer, and GitHub may still carry it out after the final state, later than plan-runner can wait for: ' +
            'the comment may not show how the run ended; the job summary has the full record.',
        );
        return;
      }
      await clock.sleep(Math.max(0, lastWriteEnd + minInterval - clock.now(), lateUntil - clock.now()));
      // A create carried out late is a second comment, which only a listing finds (and removes).
      if (late) unsettled = true;
      let current: string | undefined;
      try {
        current = await reread();
      } catch {
        return;
      }
      // Read once every late write had landed: what it shows is all there is.
      const ours = late ? new Set(lateBodies) : undefined;
      lateUntil = Number.NEGATIVE_INFINITY;
      lateBodies.clear();
      if (current === undefined) return;
      if (options.shared) {
        if (options.shared.holds(record, current)) return;
      } else {
        // Only a late write of ours is put right: a body another run wrote since (an answer to an approval) stays.
        if (current === lastBody || !ours?.has(current)) return;
        lastBody = current;
      }
      dirty = true;
      kick();
      await flush();
    }
  };

  return {
    listener: (event, sent) => {
      if (finished) return;
      try {
        record = follow(event, sent);
        // The model's calls that write the plan are recorded before it: the comment shows the run from its plan on.
        if (record.plan) kick();
      } catch (error) {
        warnOnce('bug', `PR comment updater stopped: ${String(error)}`);
      }
    },
    flush,
    written: () => lastBody,
    id: () => commentId,
    async finish(finalGoals) {
      if (!finished) {
        finished = true;
        finishing.abort();
        goals = finalGoals;
        // A POST that timed out may have landed since: the final state goes to the one comment kept.
        if (created) unsettled = true;
        // Stopped as superseded: the final write asks whether the comment is still this run's to finish.
        if (outdatedStop && disabled && options.finishOutdated && !options.shared) {
          disabled = false;
          dirty = true;
        }
        const bound = options.finishTimeoutMs ?? 30_000;
        finishWaitMs = bound + MAX_RATE_LIMIT_WAIT_MS;
        finishLimit = clock.now() + finishWaitMs;
        // A rate limit met during the run is waited out first, within finishLimit.
        deadline = Math.min(finishLimit, Math.max(clock.now(), blockedUntil) + bound);
        kick();
        await flush();
        await verify();
      }
      await flush();
      // Its time ran out before the final state could be written (a rate limit's wait past it): said, as a failed write is.
      if (dirty && !disabled) {
        const held = heldPast();
        warnOnce(
          'transient-final',
          held !== undefined
            ? `The PR comment's final state was not written: ${held}`
            : "The PR comment's final state was not written in the time plan-runner gives it: the comment may not show how the run ended; the job summary has the full record.",
        );
      }
    },
  };
}
