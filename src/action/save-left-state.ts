import { existsSync } from 'node:fs';
import type { RunStateStore } from '../state/run-state-store.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { reportPaths } from './report-paths.ts';
import { SAVED_STATE, saveRunState, statePart } from './saved-state.ts';

/**
 * The post step's part in durable runs: a main step killed (SIGKILL, the runner's last resort on
 * cancel, an out-of-memory kill) never saved its state, but its trace file holds every event up to
 * the kill. When the main step recorded no saved state (`SAVED_STATE`), save that trace; a re-run
 * then resumes from it. Never throws.
 */
export async function saveLeftState(settings: ActionSettings, store: RunStateStore | undefined, io: ActionIO): Promise<void> {
  if (!store || settings.state !== 'artifact' || settings.mode === 'eval') return;
  const trace = reportPaths(settings.outputDir, settings.planPath).trace;
  if (!existsSync(trace)) return;
  // The main step records the artifact it saved. An artifact of this attempt's name is not enough: it
  // may be another job's that runs the same plan, and this job's trace would then be lost, and a re-run
  // of this job resume from that other job's state. Such a clash is saved aside (see `saveRunState`).
  if (settings.env[`STATE_${SAVED_STATE}`]) return;
  io.warning('The main step ended without saving the run\'s state (it was killed or crashed): saving the trace it left, so a re-run resumes from there.');
  const part = statePart(settings);
  await saveRunState(settings, store, trace, io, { ...(part && { part }) });
}
