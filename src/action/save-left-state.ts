import { existsSync } from 'node:fs';
import type { RunStateStore } from '../state/run-state-store.ts';
import { stateArtifactName } from '../state/state-artifact-name.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { reportPaths } from './report-paths.ts';
import { saveRunState, statePart, stateIdentity } from './saved-state.ts';

/**
 * The post step's part in durable runs: a main step killed (SIGKILL, the runner's last resort on
 * cancel, an out-of-memory kill) never saved its state, but its trace file holds every event up to
 * the kill. When this attempt has no saved state for the plan yet, save that trace; a re-run then
 * resumes from it. Never throws.
 */
export async function saveLeftState(settings: ActionSettings, store: RunStateStore | undefined, io: ActionIO): Promise<void> {
  if (!store || settings.state !== 'artifact' || settings.mode === 'eval') return;
  const trace = reportPaths(settings.outputDir, settings.planPath).trace;
  if (!existsSync(trace)) return;
  const part = statePart(settings);
  const name = stateArtifactName(stateIdentity(settings, part));
  try {
    if ((await store.list()).some((artifact) => artifact.name === name)) return;
  } catch (error) {
    io.warning(`Could not check whether the run's state was saved: ${error instanceof Error ? error.message : String(error)}.`);
    return;
  }
  io.warning('The main step ended without saving the run\'s state (it was killed or crashed): saving the trace it left, so a re-run resumes from there.');
  await saveRunState(settings, store, trace, io, part);
}
