import { existsSync } from 'node:fs';
import type { RunStateStore } from '../state/run-state-store.ts';
import { stateArtifactName } from '../state/state-artifact-name.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { jobReportPaths } from './report-paths.ts';
import { holdsTrace, newestStateOfAttempt, RESUMED_IN_PLACE_STATE, SAVED_STATE, saveRunState, stateIdentity, statePart, traceHoldsStartedRun, UNSAVABLE_TRACE_STATE, UPLOADING_STATE } from './saved-state.ts';

/**
 * The post step's part in durable runs: a main step killed (SIGKILL, the runner's last resort on
 * cancel, an out-of-memory kill) never saved its state, but its trace file holds every event up to
 * the kill. When the main step recorded no saved state (`SAVED_STATE`), save that trace; a re-run
 * then resumes from it. Never throws.
 */
export async function saveLeftState(settings: ActionSettings, store: RunStateStore | undefined, io: ActionIO): Promise<void> {
  if (!store || !(await stateLeftToSave(settings, store, (name) => Boolean(settings.env[`STATE_${name}`])))) return;
  const trace = jobReportPaths(settings).trace;
  const part = statePart(settings);
  // Unless the artifact of that name holds this very trace: the main step's upload was done, but the
  // main step did not get to record it (killed just then, or the service's answer was lost). A step that
  // resumed in place saves the next in-place state: the newest of this attempt may hold it.
  const identity = stateIdentity(settings, part);
  const name = stateArtifactName(identity);
  try {
    const artifacts = await store.list();
    const taken = artifacts.find((artifact) => artifact.name === name);
    if (taken && (await holdsTrace(store, taken, trace, settings.outputDir))) return;
    const newest = newestStateOfAttempt(artifacts, identity);
    if (newest && !newest.clashed && newest.artifact !== taken && (await holdsTrace(store, newest.artifact, trace, settings.outputDir))) return;
  } catch (error) {
    io.warning(`Could not check whether the run's state was saved: ${error instanceof Error ? error.message : String(error)}.`);
    return;
  }
  io.warning('The main step ended without saving the run\'s state (it was killed or crashed, or the upload failed): saving the trace it left, so a re-run resumes from there.');
  const resumedInPlace = settings.env[`STATE_${RESUMED_IN_PLACE_STATE}`];
  const cutUpload = settings.env[`STATE_${UPLOADING_STATE}`];
  await saveRunState(settings, store, trace, io, { ...(part && { part }), ...(resumedInPlace && { resumedInPlace }), ...(cutUpload && { cutUpload }) });
}

/**
 * Whether the job's trace holds a run whose state nobody saved: what `saveLeftState` looks at before it
 * asks the artifact service. `recorded(name)`: whether the main step saved that state (`core.saveState`).
 * The main step asks it too, once it has ended: when nothing is left, it tells the post step, which then
 * ends without loading the bundle (`POST_IDLE_STATE`).
 */
export async function stateLeftToSave(settings: ActionSettings, store: RunStateStore | undefined, recorded: (state: string) => boolean): Promise<boolean> {
  if (!store || settings.state !== 'artifact' || settings.mode === 'eval') return false;
  // The main step records the artifact it saved. An artifact of this attempt's name is not enough: it
  // may be another job's that runs the same plan, and this job's trace would then be lost, and a re-run
  // of this job resume from that other job's state. Such a clash is saved aside (see `saveRunState`).
  // Nor is a trace saved that the main step could not mark incomplete (UNSAVABLE_TRACE_STATE).
  if (recorded(SAVED_STATE) || recorded(UNSAVABLE_TRACE_STATE)) return false;
  const trace = jobReportPaths(settings).trace;
  // A main step killed before its run started left nothing a re-run could resume from (saveRunState would
  // refuse it too; looking first spares the listing and the warning).
  return existsSync(trace) && (await traceHoldsStartedRun(trace));
}
