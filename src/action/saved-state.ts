import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { oversizedState, readResumeTrace, runStarted, type ResumeTrace } from '../run/read-resume-trace.ts';
import { pastRetention, type RunStateStore, type StateArtifact } from '../state/run-state-store.ts';
import { artifactServiceProblem } from '../state/actions-artifact-store.ts';
import { ArtifactNameTakenError } from '../state/artifact-name-taken-error.ts';
import { clashAdvice, clashProblem, newestStates, type SavedState } from '../state/newest-states.ts';
import { jobSegment, parseStateArtifactName, stateArtifactName, stateClashName, type StateIdentity } from '../state/state-artifact-name.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { ownPart } from './fan-out-state.ts';
import { resumesInPlace } from './report-paths.ts';

/** The state of an earlier attempt a re-run resumes from. */
export interface EarlierState {
  readonly trace: ResumeTrace;
  readonly attempt: number;
}

export type EarlierStateResult =
  | { readonly ok: true; readonly earlier?: EarlierState }
  | { readonly ok: false; readonly problem: string };

/** The part of a fanned-out run this job is (`prepare`, `shard-N`, `merge`); undefined for a whole run. */
export function statePart(settings: ActionSettings): string | undefined {
  return settings.fanOut ? ownPart(settings.fanOut) : undefined;
}

/** Which saved state this job's run is: the plan and run key, the job (of a whole run), the attempt, and (for a fanned-out run) its part. */
export function stateIdentity(settings: ActionSettings, part?: string): StateIdentity {
  return {
    planPath: settings.planPath,
    ...(settings.runKey !== undefined && { runKey: settings.runKey }),
    attempt: settings.github.attempt,
    ...(part ? { part } : settings.github.job !== undefined && { job: settings.github.job }),
  };
}

/** The newest state of an earlier attempt of the same plan, key and part among `artifacts`. */
export function newestEarlierState(artifacts: readonly StateArtifact[], identity: StateIdentity): SavedState | undefined {
  return newestStates(artifacts, identity, (part, attempt) => part === identity.part && attempt < identity.attempt)[0];
}

/** The newest state of this very attempt of the same plan, key and part (a later in-place resume's, if any). */
export function newestStateOfAttempt(artifacts: readonly StateArtifact[], identity: StateIdentity): SavedState | undefined {
  return newestStates(artifacts, identity, (part, attempt) => part === identity.part && attempt === identity.attempt)[0];
}

/**
 * `resume: auto` on a re-run ("Re-run failed jobs" is attempt 2 of the same workflow run, and sees the
 * artifacts of attempt 1): the newest earlier attempt's saved state of this plan, downloaded. None
 * is fine (the run starts afresh). A store that cannot be read is a problem: starting afresh then
 * could repeat what the earlier attempt already did, side effects included, so the run is refused.
 * With `resume-from` too, unless it resumes in place (an earlier step of this attempt's trace): the earlier attempt went
 * on from that trace, and its state holds what it took from it and what it did after. Resumed from the trace again, a
 * re-run repeated the earlier attempt's side effects (found by a hunt of durable runs).
 */
export async function earlierAttemptState(settings: ActionSettings, store: RunStateStore | undefined, io: ActionIO, part?: string): Promise<EarlierStateResult> {
  const identity = stateIdentity(settings, part);
  if (settings.state !== 'artifact' || settings.resume !== 'auto' || identity.attempt <= 1 || resumesInPlace(settings)) return { ok: true };
  if (settings.mode !== 'run' && settings.mode !== 'agent') return { ok: true };
  const advice = 'run the job again, or set `resume: never` to start from the beginning (steps with side effects would run again)';
  // No artifact service (GitHub Enterprise Server has none the client can use): what an earlier attempt did cannot be
  // read, and a re-run that started afresh repeated its side effects. Refused, as a listing that fails is.
  if (!store) {
    const why = artifactServiceProblem(settings.env) ?? 'no store for saved states was given';
    return { ok: false, problem: `cannot read the state an earlier attempt saved to resume attempt ${identity.attempt} (${why}): set \`resume: never\` to start from the beginning (steps with side effects would run again), or \`resume-from:\` a trace an earlier attempt kept` };
  }
  let artifacts: readonly StateArtifact[];
  try {
    artifacts = await store.list();
  } catch (error) {
    return { ok: false, problem: `cannot list this run's saved states to resume attempt ${identity.attempt} (${messageOf(error)}): ${advice}` };
  }
  // The newest earlier attempt whose run started: one that ended before (a rejected plan, a cancel while
  // MCP servers started) ran nothing, and the attempt before it may have run side effects.
  for (let before = identity.attempt; ; ) {
    const found = newestEarlierState(artifacts, { ...identity, attempt: before });
    if (!found) {
      const from = settings.resumeFrom === undefined ? 'the plan runs from the start' : `the run resumes from resume-from (${settings.resumeFrom})`;
      io.info(`Attempt ${identity.attempt}: no earlier attempt saved a state for ${settings.planPath}${before === identity.attempt ? '' : ' in which its run started'}; ${from}.`);
      return { ok: true };
    }
    const read = await readEarlierState(settings, identity, store, found, advice);
    if (!read.ok) return read;
    if (read.earlier === undefined) {
      io.info(`Attempt ${identity.attempt}: the state attempt ${found.attempt} saved (${found.artifact.name}) holds no started run; looking at the attempts before it.`);
      before = found.attempt;
      continue;
    }
    const over = settings.resumeFrom === undefined ? '' : `, not from resume-from (${settings.resumeFrom}): that attempt went on from it, and its state holds what it did since`;
    io.info(`Attempt ${identity.attempt}: resuming from the state attempt ${found.attempt} saved (${found.artifact.name}, ${found.artifact.size} bytes)${over}.`);
    return read;
  }
}

/** One earlier attempt's state, downloaded and read: `earlier` undefined when its run never started. */
async function readEarlierState(settings: ActionSettings, identity: StateIdentity, store: RunStateStore, found: SavedState, advice: string): Promise<EarlierStateResult> {
  if (found.clashed) return { ok: false, problem: `the saved state of attempt ${found.attempt} is not resumed: ${clashProblem(found, identity)}` };
  const oversized = oversizedState(found.artifact.size);
  if (oversized) return { ok: false, problem: `the saved state of attempt ${found.attempt} (${found.artifact.name}) is not read: ${oversized}; ${advice}` };
  let file: string;
  try {
    file = await store.download(found.artifact, path.join(settings.outputDir, 'state'));
  } catch (error) {
    // Run again, it fails the same way: what that attempt did can no longer be read.
    if (pastRetention(found.artifact, settings.stateRetentionDays)) {
      return { ok: false, problem: `the saved state of attempt ${found.attempt} (${found.artifact.name}, saved ${found.artifact.createdAt!.toISOString()}) has expired: it was kept ${settings.stateRetentionDays} day${settings.stateRetentionDays === 1 ? '' : 's'} (state-retention-days), and cannot be downloaded (${messageOf(error)}). Set \`resume: never\` to start from the beginning (steps with side effects would run again), or \`resume-from:\` a trace that attempt kept` };
    }
    return { ok: false, problem: `cannot download the saved state of attempt ${found.attempt} (${found.artifact.name}: ${messageOf(error)}): ${advice}` };
  }
  const read = await readResumeTrace(file);
  if (!read.ok) return { ok: false, problem: `the saved state of attempt ${found.attempt} cannot be read (${read.problem}): ${advice}` };
  if (!runStarted(read.trace)) return { ok: true };
  return { ok: true, earlier: { trace: { ...read.trace, label: `the saved state of attempt ${found.attempt}` }, attempt: found.attempt } };
}

/** Read only, never waiting for a FIFO's writer (0 where the platform has none). */
const READ_NO_WAIT = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Whether the trace file holds a started run, read from its first MiB only (a line that window cuts counts
 * as started; one a kill cut, in a file the window holds whole, as `runStarted` takes it); a missing file holds none,
 * nor one that is no regular file: a FIFO a step put at the path was waited on, and the main step hung after its
 * outputs, the post step at its start (found by an adversarial pass).
 */
export async function traceHoldsStartedRun(file: string): Promise<boolean> {
  let text: string;
  let whole: boolean;
  try {
    const handle = await open(file, READ_NO_WAIT);
    try {
      if (!(await handle.stat()).isFile()) return false;
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024 * 1024), 0, 1024 * 1024, 0);
      text = buffer.subarray(0, bytesRead).toString('utf8');
      // A window the file filled may end in a line it cut, not one a kill did.
      whole = bytesRead < buffer.length;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
  return runStarted({ file, text }, { whole });
}

/**
 * The main step's saved state (`core.saveState`) that names the artifact its run's state was saved as:
 * the post step then knows the state is saved, and does not take another job's artifact of the same
 * name for this one's.
 */
export const SAVED_STATE = 'savedStateArtifact';

/**
 * Saved by the main step when its trace writer failed and not even the gap line that marks the trace
 * incomplete could be written: the trace lacks events (a call with side effects among them) and says
 * nothing of it, so no one saves it as the run's state; a resume of it could repeat that call.
 */
export const UNSAVABLE_TRACE_STATE = 'traceUnsavable';

/**
 * Saved by a main step that resumes its own trace in place: the digest (`traceDigest`) of the trace it
 * resumed. A post step that saves the trace that step left (killed, or its upload failed) then knows the
 * state that holds the resumed trace for this job's, and saves the next in-place state, not a clash.
 */
export const RESUMED_IN_PLACE_STATE = 'resumedInPlace';

/**
 * Saved by the main step before each upload of its state: the artifact name it is about to take. An upload cut
 * after the service took the name (the step killed, its finalize refused) leaves the name held for the rest of
 * the workflow run, though no listing shows it; the post step then knows the name for its own step's.
 */
export const UPLOADING_STATE = 'uploadingState';

/** A trace's size and SHA-256, as `<bytes>:<hex>`: what tells a saved state's bytes without keeping them. */
export function traceDigest(bytes: Buffer): string {
  return `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;
}

export interface SaveOptions {
  /** The part of a fanned-out run this job is. */
  readonly part?: string;
  /** The runner's `saveState`, in the main step: records `SAVED_STATE` once the upload is done. */
  readonly saveState?: (name: string, value: string) => void;
  /**
   * The digest (`traceDigest`) of the trace this run resumed in place (`resume-from` naming its own trace
   * file, an earlier step's of this job): when that step's state holds it, this run's state is the next in-place one.
   */
  readonly resumedInPlace?: string;
  /** The name the main step's upload took and did not finish (`UPLOADING_STATE`), in the post step. */
  readonly cutUpload?: string;
}

/**
 * Saves the run's trace as this attempt's state, whatever the run's end. Never throws: a state that
 * could not be saved is a warning (the run's own result stands; a re-run then starts afresh).
 * When another job of this workflow run already saved a state under the same name (two jobs ran the
 * same plan without a `run-key`), the trace is saved aside (`stateClashName`): nothing is lost, and a
 * re-run of either job refuses to resume rather than take the other job's state for its own.
 */
export async function saveRunState(
  settings: ActionSettings,
  store: RunStateStore | undefined,
  trace: string,
  io: ActionIO,
  options: SaveOptions = {},
): Promise<StateArtifact | undefined> {
  if (settings.state !== 'artifact' || !store) return undefined;
  const identity = stateIdentity(settings, options.part);
  const name = stateArtifactName(identity);
  // Only the file the trace writer wrote: a link a step's code put at its path (`-> ../.git/config`) was
  // uploaded as what it led to, a workflow artifact anyone who reads the repository downloads.
  const linked = await notTheTraceFile(trace);
  if (linked) {
    io.warning(`Not saving the run's state: ${trace} ${linked}, not the trace plan-runner wrote (a step may have put it there), and plan-runner does not save what it leads to. A re-run resumes from an earlier attempt's state, if one was saved.`);
    return undefined;
  }
  // A run that never started (a rejected plan, a cancel while MCP servers started) ran nothing: saved, its
  // state was the newest a re-run found, and hid the attempt before it (found by an adversarial pass).
  if (!(await traceHoldsStartedRun(trace))) {
    io.info(`Not saving the run's state: its run never started, so nothing in it could be resumed; a re-run resumes from an earlier attempt's state, if one was saved.`);
    return undefined;
  }
  try {
    options.saveState?.(UPLOADING_STATE, name);
    const saved = await store.save(name, trace, settings.stateRetentionDays);
    options.saveState?.(SAVED_STATE, saved.name);
    io.info(`Saved the run's state as the artifact ${name} (${saved.size} bytes, kept ${keptFor(settings)}): a re-run of this job resumes from it.`);
    return saved;
  } catch (error) {
    if (!(error instanceof ArtifactNameTakenError)) {
      io.warning(`Could not save the run's state as the artifact ${name}: ${messageOf(error)}. ${unsavedNote(options)}.`);
      return undefined;
    }
    // The service may hold this very upload: the client retried a create whose first answer was lost.
    try {
      const taken = (await store.list()).find((artifact) => artifact.name === name);
      if (taken && (await holdsTrace(store, taken, trace, settings.outputDir))) {
        options.saveState?.(SAVED_STATE, taken.name);
        io.info(`Saved the run's state as the artifact ${name} (${taken.size} bytes; the service had it already): a re-run of this job resumes from it.`);
        return taken;
      }
    } catch {
      // Not known to be this run's: saved aside, below.
    }
    // The name is this job's own after all: its main step's upload under it did not finish, or an earlier step
    // of this job saved the state of the run this step resumed in place. This state is then the attempt's next.
    // One that could not be saved is no other job's: not saved aside as a clash, which no re-run resumes.
    try {
      const next =
        (options.cutUpload === undefined ? undefined : await saveAfterCutUpload(settings, store, trace, identity, options.cutUpload, io, options)) ??
        (options.resumedInPlace === undefined ? undefined : await saveAfterResumedState(settings, store, trace, identity, options.resumedInPlace, io, options));
      if (next) return next;
    } catch (nextError) {
      io.warning(`${messageOf(nextError)}. ${unsavedNote(options)}.`);
      return undefined;
    }
    const aside = stateClashName(identity);
    const advice = `see that ${clashAdvice(settings.planPath, options.part)}`;
    try {
      const saved = await store.save(aside, trace, settings.stateRetentionDays);
      options.saveState?.(SAVED_STATE, saved.name);
      io.warning(
        `Another job of this workflow run, or an earlier step of this job that ran the plan too, already saved a state as ${name}: this run's state is saved as ${aside} (${saved.size} bytes) instead. ` +
          `A re-run of either will not resume, as it cannot tell whose state is whose: ${advice}.`,
      );
      return saved;
    } catch (asideError) {
      io.warning(`Another job of this workflow run, or an earlier step of this job, already saved a state as ${name}, and this run's could not be saved as ${aside} either (${messageOf(asideError)}): ${advice}. A re-run may resume from the other job's state.`);
      return undefined;
    }
  }
}

/**
 * What becomes of a state that could not be saved. The main step (the one given the runner's `saveState`) has a
 * post step, which saves the trace again when no saved state was recorded; after the post step, nothing does.
 */
function unsavedNote(options: SaveOptions): string {
  return options.saveState ? 'The post step saves the trace again, for a re-run to resume from' : "A re-run starts from the beginning, or from an earlier attempt's state if one was saved";
}

/**
 * A step that resumed in place the trace an earlier step of this job wrote (`resume-from: ${{
 * steps.first.outputs.trace }}`) found this attempt's state name taken. When the newest state of this
 * attempt is byte for byte the trace it resumed, it is that step's: this run's state is saved as the next
 * in-place one (`StateIdentity.inPlace`), which a re-run takes as the newer. Anything else (another job's
 * state, a service that cannot be read) is undefined: the state is then saved aside, as a clash. Throws
 * when the next state could not be saved.
 */
async function saveAfterResumedState(settings: ActionSettings, store: RunStateStore, trace: string, identity: StateIdentity, resumed: string, io: ActionIO, options: SaveOptions): Promise<StateArtifact | undefined> {
  let own: SavedState | undefined;
  try {
    own = newestStateOfAttempt(await store.list(), identity);
    if (!own || own.clashed || !(await holdsDigest(store, own.artifact, resumed, settings.outputDir))) return undefined;
  } catch {
    return undefined;
  }
  const name = stateArtifactName({ ...identity, inPlace: (own.inPlace ?? 0) + 1 });
  const saved = await saveNextState(settings, store, trace, name, options);
  io.info(`Saved the run's state as the artifact ${name} (${saved.size} bytes, kept ${keptFor(settings)}), after ${own.artifact.name}, the state of the run this step resumed in place: a re-run of this job resumes from it.`);
  return saved;
}

/**
 * The post step of a main step whose upload of this attempt's state was cut after the service took its name
 * (`cut`: the step killed mid-upload, or its finalize refused): the service keeps that name for the rest of the
 * workflow run, unlisted, and refuses it again. The name is this job's own, not another job's: the trace is saved
 * as the attempt's next state (`StateIdentity.inPlace`), which a re-run takes as the newest. Undefined when
 * `cut` is listed after all, or is no state of this attempt's. Throws when the next state could not be saved.
 */
async function saveAfterCutUpload(settings: ActionSettings, store: RunStateStore, trace: string, identity: StateIdentity, cut: string, io: ActionIO, options: SaveOptions): Promise<StateArtifact | undefined> {
  const held = parseStateArtifactName(cut, identity);
  if (!held || held.clash || held.attempt !== identity.attempt || held.part !== identity.part || held.job !== jobSegment(identity)) return undefined;
  let newest: SavedState | undefined;
  try {
    const artifacts = await store.list();
    if (artifacts.some((artifact) => artifact.name === cut)) return undefined;
    newest = newestStateOfAttempt(artifacts, identity);
  } catch {
    return undefined;
  }
  const name = stateArtifactName({ ...identity, inPlace: Math.max(held.inPlace ?? 0, newest?.inPlace ?? 0) + 1 });
  const saved = await saveNextState(settings, store, trace, name, options);
  io.info(`Saved the run's state as the artifact ${name} (${saved.size} bytes, kept ${keptFor(settings)}): the main step's upload as ${cut} did not finish, and the artifact service keeps that name though it lists nothing under it. A re-run of this job resumes from it.`);
  return saved;
}

/** Saves `trace` as `name`, recording it as it goes (`UPLOADING_STATE`, then `SAVED_STATE`); an error says which name could not be saved. */
async function saveNextState(settings: ActionSettings, store: RunStateStore, trace: string, name: string, options: SaveOptions): Promise<StateArtifact> {
  options.saveState?.(UPLOADING_STATE, name);
  let saved: StateArtifact;
  try {
    saved = await store.save(name, trace, settings.stateRetentionDays);
  } catch (error) {
    throw new Error(`Could not save the run's state as the artifact ${name}: ${messageOf(error)}`, { cause: error });
  }
  options.saveState?.(SAVED_STATE, saved.name);
  return saved;
}

/** What `file` is when it is no regular file (a symbolic link, a FIFO): undefined for a regular file, or none there. */
async function notTheTraceFile(file: string): Promise<string | undefined> {
  let stat;
  try {
    stat = await lstat(file);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink()) return 'is a symbolic link';
  if (!stat.isFile()) return 'is no regular file';
  // Another name of another file: a step's `ln .git/config <trace>` had that file uploaded as the run's state (found by an adversarial hunt).
  return stat.nlink > 1 ? 'has another name (a hard link)' : undefined;
}

/** Whether `artifact` is byte for byte the file `trace` (the size first, then the download). */
export async function holdsTrace(store: RunStateStore, artifact: StateArtifact, trace: string, outputDir: string): Promise<boolean> {
  return holdsDigest(store, artifact, traceDigest(await readFile(trace)), outputDir);
}

/** Whether `artifact` holds the bytes of `digest` (`traceDigest`; the size first, then the download). */
async function holdsDigest(store: RunStateStore, artifact: StateArtifact, digest: string, outputDir: string): Promise<boolean> {
  if (!digest.startsWith(`${artifact.size}:`)) return false;
  const saved = await store.download(artifact, path.join(outputDir || tmpdir(), 'own-state'));
  return traceDigest(await readFile(saved)) === digest;
}

/** How long a saved state is kept, in words: `7 days`, and why when the repository's retention cut it. */
function keptFor(settings: ActionSettings): string {
  const days = `${settings.stateRetentionDays} day${settings.stateRetentionDays === 1 ? '' : 's'}`;
  return settings.stateRetentionAsked === undefined ? days : `${days}, the longest this repository keeps artifacts (state-retention-days asks ${settings.stateRetentionAsked})`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
