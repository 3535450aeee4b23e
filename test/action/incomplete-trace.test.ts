// A trace whose writer failed (a full disk) lacks its last events, a call with side effects among them.
// The action saved a copy of it ending in a gap line (which every resume refuses) and left the trace itself
// unmarked; when that save failed, or the copy could not be written, the post step found no state saved
// and saved the trace itself, unmarked, and a re-run resumed it as complete (found in a review of the post
// step). The mark is now appended to the trace itself, and a trace that cannot be marked is never saved.
import { readFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings, type ActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { saveLeftState, stateLeftToSave } from '../../src/action/save-left-state.ts';
import { SAVED_STATE, UNSAVABLE_TRACE_STATE } from '../../src/action/saved-state.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor, type Redactor } from '../../src/core/redact.ts';
import { TRACE_GAP } from '../../src/core/trace-gap.ts';
import { traceWriter, type TraceWriter, type TraceWriterOptions } from '../../src/report/trace-writer.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Sums
toolsets: [math]
workflow_sequence:
  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: b, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [a] }
`;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-incomplete-trace-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function settings(): Promise<ActionSettings> {
  const workspace = path.join(root, 'workspace');
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const runnerTemp = path.join(root, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '1', RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' };
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

/**
 * A trace writer that fails as one on a full disk does: the run's first `kept` events are written, the
 * rest are lost, and closing it says so. With `elsewhere`, the events go to another file and the trace's
 * path is a symlink to it, which nothing plan-runner writes goes through: not even a gap line can be added.
 */
function failingTrace(kept: number, elsewhere = false) {
  return (file: string, redact: Redactor, _warn: (message: string) => void, options: Pick<TraceWriterOptions, 'openOnFirstEvent' | 'onOpen'> = {}): TraceWriter => {
    const writer = traceWriter(elsewhere ? `${file}.real` : file, { redact, ...options });
    let events = 0;
    const linked = elsewhere ? symlink(`${file}.real`, file) : Promise.resolve();
    return {
      path: file,
      listener: (event) => {
        if (++events <= kept) writer.listener(event);
      },
      flush: () => writer.flush(),
      problem: () => (events > kept ? 'ENOSPC: no space left on device, write' : undefined),
      async close() {
        await writer.close();
        await linked;
        throw new Error(`cannot write the trace file ${file}: ENOSPC: no space left on device, write`);
      },
    };
  };
}

/** A store whose uploads fail while `down` is set, as when the artifact service is unreachable. */
function flaky(store: RunStateStore & { saved: StateArtifact[] }): RunStateStore & { down: boolean; saved: StateArtifact[] } {
  const flakyStore = {
    ...store,
    down: true,
    async save(name: string, file: string, retentionDays: number) {
      if (flakyStore.down) throw new Error('connect ECONNREFUSED 127.0.0.1:443');
      return store.save(name, file, retentionDays);
    },
  };
  return flakyStore;
}

const lastLine = (text: string): { type?: string } => JSON.parse(text.trimEnd().split('\n').at(-1)!) as { type?: string };

describe('an action run whose trace writer failed', () => {
  it('ends the trace itself with a gap line, so the state a post step saves after a failed upload is marked too', async () => {
    const given = await settings();
    const store = flaky(await memoryStateStore());
    const saved = new Map<string, string>();
    const { io, said } = recordingIO();
    const result = await runAction(given, { io, redact: createRedactor(), clock: systemClock, state: store, openTrace: failingTrace(2), saveState: (name, value) => void saved.set(name, value) });
    await result.published;
    expect(said.warnings.join('\n')).toContain('its last line says so, in the file and in the state saved from it');
    const trace = await readFile(result.outputs.trace, 'utf8');
    expect(lastLine(trace).type).toBe(TRACE_GAP);
    // The upload failed: the post step finds a state left to save, and saves the trace, mark included.
    expect(saved.has(SAVED_STATE)).toBe(false);
    expect(await stateLeftToSave(given, store, (name) => saved.has(name))).toBe(true);
    store.down = false;
    const env = { ...given.env, ...Object.fromEntries([...saved].map(([name, value]) => [`STATE_${name}`, value])) };
    await saveLeftState({ ...given, env }, store, recordingIO().io);
    expect(store.saved).toHaveLength(1);
    const downloaded = await store.download(store.saved[0]!, path.join(root, 'downloaded'));
    expect(await readFile(downloaded, 'utf8')).toBe(trace);
  });

  it('that cannot be marked is never saved as the run’s state, by the main step or its post step', async () => {
    const given = await settings();
    const store = await memoryStateStore();
    const saved = new Map<string, string>();
    const { io, said } = recordingIO();
    const result = await runAction(given, { io, redact: createRedactor(), clock: systemClock, state: store, openTrace: failingTrace(2, true), saveState: (name, value) => void saved.set(name, value) });
    await result.published;
    expect(said.warnings.join('\n')).toContain('could not be marked so: its state is not saved');
    expect(saved.get(UNSAVABLE_TRACE_STATE)).toBe('true');
    expect(store.saved).toEqual([]);
    // The trace holds a started run, and no state was saved: only the recorded refusal keeps the post step from saving it.
    expect(await stateLeftToSave(given, store, (name) => name === SAVED_STATE && saved.has(name))).toBe(true);
    expect(await stateLeftToSave(given, store, (name) => saved.has(name))).toBe(false);
    const env = { ...given.env, ...Object.fromEntries([...saved].map(([name, value]) => [`STATE_${name}`, value])) };
    await saveLeftState({ ...given, env }, store, recordingIO().io);
    expect(store.saved).toEqual([]);
  });
});
