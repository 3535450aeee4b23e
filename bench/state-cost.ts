import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../src/core/clock.ts';
import type { PlanStep } from '../src/core/plan-step.ts';
import { createRedactor } from '../src/core/redact.ts';
import { traceWriter } from '../src/report/trace-writer.ts';
import { runPlan } from '../src/run/run-plan.ts';
import { actionsArtifactStore } from '../src/state/actions-artifact-store.ts';
import { stateArtifactName } from '../src/state/state-artifact-name.ts';
import { startFakeArtifactService } from '../test/helpers/artifact-server.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

const STEPS = 1_000;
const REPEATS = 5;

/** Steps that each add one to a small number, as math steps do: the trace holds their events. */
function steps(): PlanStep[] {
  return Array.from({ length: STEPS }, (_, i) => ({
    key: String(i + 1),
    id: i + 1,
    type: 'tool_call',
    tool: 'add',
    description: `Add ${i + 1} and 1`,
    args: { a: i + 1, b: 1 },
    inputs: [],
    dependsOn: i === 0 ? [] : [String(i)],
  }));
}

/** Runs the plan with its trace on; the trace's path and the run's wall time. */
async function tracedRun(dir: string, n: number): Promise<{ file: string; ms: number }> {
  const file = path.join(dir, `run-${n}.jsonl`);
  const trace = traceWriter(file, { redact: createRedactor(['bench-secret']) });
  const started = performance.now();
  const outcome = await runPlan(
    { name: 'state bench', steps: steps(), limits: { concurrency: 4, timeout_minutes: 30 } },
    { runStep: async (ctx) => Number(ctx.step.id) + 1, tools: new Map(), listeners: [trace.listener], clock: systemClock, cwd: '.', inputs: {} },
  );
  await trace.close();
  if (outcome.status !== 'succeeded') throw new Error(`the bench run ended ${outcome.status}`);
  return { file, ms: performance.now() - started };
}

/**
 * Durable runs' price: how big a run's saved state is per step, and how long saving it (upload) and
 * finding it again on a re-run (list + download) take through the real `@actions/artifact` client
 * against the local results-service and blob stand-in, as a ratio of running the steps themselves.
 */
export async function stateCost(): Promise<BenchTable> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-state-bench-'));
  const service = await startFakeArtifactService();
  const run = { runId: 1, backendId: 'bench-run' };
  const saved = { ...process.env };
  Object.assign(process.env, service.env(run), { GITHUB_WORKSPACE: dir, ACTIONS_STEP_DEBUG: 'false' });
  // The artifact client logs each request with core.info: keep the bench's table readable.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    const store = actionsArtifactStore(path.join(dir, 'work'));
    // Warm-up: the JIT, and the artifact client's first (lazy) load, which a run pays once.
    const warm = await tracedRun(dir, 0);
    const warmed = await store.save(stateArtifactName({ planPath: 'bench/plan.yml', attempt: 99 }), warm.file, 1);
    await store.download(warmed, path.join(dir, 'down'));
    const runs: number[] = [];
    const uploads: number[] = [];
    const downloads: number[] = [];
    let bytes = 0;
    for (let i = 1; i <= REPEATS; i++) {
      const { file, ms } = await tracedRun(dir, i);
      runs.push(ms);
      bytes = statSync(file).size;
      const name = stateArtifactName({ planPath: 'bench/plan.yml', attempt: i });
      let started = performance.now();
      const artifact = await store.save(name, file, 1);
      uploads.push(performance.now() - started);
      started = performance.now();
      const found = (await store.list()).find((listed) => listed.id === artifact.id);
      if (!found) throw new Error('the saved state was not listed');
      const back = await store.download(found, path.join(dir, 'down'));
      downloads.push(performance.now() - started);
      if (statSync(back).size !== bytes) throw new Error('the downloaded state differs in size');
    }
    const runMs = median(runs);
    return {
      title: `(9) Saving a run's state: ${STEPS.toLocaleString('en-US')} steps, real @actions/artifact client, local stand-in`,
      columns: ['what', 'median', 'spread', '× running the steps'],
      rows: [
        ['trace bytes per step', bytes / STEPS, '—', '—'],
        ['run the steps, trace on (ms)', runMs, spread(runs), 1],
        ['save: upload (ms)', median(uploads), spread(uploads), median(uploads) / runMs],
        ['resume: list + download (ms)', median(downloads), spread(downloads), median(downloads) / runMs],
      ],
      notes: [
        `${REPEATS} runs; the trace of ${STEPS.toLocaleString('en-US')} chained trivial steps is ${(bytes / 1024).toFixed(0)} KiB; it is uploaded unzipped, as one blob block.`,
        'The stand-in is on 127.0.0.1: these are the client\'s and the protocol\'s costs, not the network\'s; on GitHub add a few round trips (create, upload, finalize; list, signed URL, download).',
      ],
    };
  } finally {
    process.stdout.write = write;
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
