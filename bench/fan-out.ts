import os from 'node:os';
import { buildActionBundle } from '../test/e2e/action-bundle.ts';
import { removeActionRuns, runActionBundle, type ActionRun, type ActionRunOptions } from '../test/e2e/start-action.ts';
import { startFakeArtifactService } from '../test/helpers/artifact-server.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

/** The bench's sizes; the test runs a small one, so the section keeps working as the action's inputs change. */
export interface FanOutSizes {
  readonly items: number;
  readonly shards: number;
  /** CPU time each item burns (a busy loop in the tool process): a stand-in for a test suite or an analysis. */
  readonly itemMs: number;
  readonly repeats: number;
}

const SIZES: FanOutSizes = { items: 24, shards: 4, itemMs: 250, repeats: 3 };

// One item at a time per runner, as when each item (a package's test suite) uses the whole machine.
const plan = (itemMs: number) => `name: CPU-bound checks
limits: { concurrency: 1 }
tools:
  list_packages: { description: The packages, command: [node, tools/list.mjs] }
  check_package:
    description: Check one package (busy for ${itemMs} ms of CPU)
    command: [node, tools/burn.mjs]
    input: { type: object, properties: { n: { type: integer } }, required: [n], additionalProperties: false }
  count: { description: Count the results, command: [node, tools/count.mjs] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list_packages, args: {} }
  - { id: check, type: tool_call, tool: check_package, for_each: "\${steps.list.result}", fan_out: true, args: { n: "\${item}" } }
  - { id: report, type: tool_call, tool: count, args: { results: { step_result: check } } }
`;

// The busy loop counts the process's own CPU time, not the clock's: shard processes sharing the cores take longer, as they would.
const files = ({ items, itemMs }: FanOutSizes) => ({
  '.github/plan.yml': plan(itemMs),
  'tools/list.mjs': `process.stdout.write(JSON.stringify(Array.from({ length: ${items} }, (_, i) => i)));\n`,
  'tools/burn.mjs': `import { readFileSync } from 'node:fs';
const { n } = JSON.parse(readFileSync(0, 'utf8'));
const start = process.cpuUsage();
const used = () => { const { user, system } = process.cpuUsage(start); return (user + system) / 1000; };
let x = 0;
while (used() < ${itemMs}) for (let i = 0; i < 10000; i++) x += Math.sqrt(x + n);
process.stdout.write(JSON.stringify({ n, x: x > 0 }));
`,
  'tools/count.mjs': `import { readFileSync } from 'node:fs';\nprocess.stdout.write(String(JSON.parse(readFileSync(0, 'utf8')).results.length));\n`,
});

function checked(run: ActionRun, what: string): ActionRun {
  if (run.exitCode !== 0 || (run.outputs['status'] !== undefined && run.outputs['status'] !== 'succeeded')) throw new Error(`${what} failed:\n${run.stdout}\n${run.stderr}`);
  return run;
}

/**
 * Fanning out: one runner running the plan whole (no mode) against prepare, the shard processes
 * at once and a merge, each a fresh `node dist/index.js` with its own workspace, passing state through
 * the real @actions/artifact client and the local results-service stand-in.
 */
export async function fanOutSpeedUp(sizes: FanOutSizes = SIZES): Promise<BenchTable> {
  const { items, shards: shardCount, itemMs, repeats } = sizes;
  const FILES = files(sizes);
  const bundle = await buildActionBundle();
  const service = await startFakeArtifactService();
  let runId = 7000;
  const job = (run: { runId: number; backendId: string }, name: string, inputs: Record<string, string> = {}): ActionRunOptions => ({
    entry: bundle.entry,
    files: FILES,
    inputs,
    // Every job compiles its code anew, as on a runner: not with the compile cache the test harness gives the suite's runs.
    env: { ...service.env(run, name), GITHUB_RUN_ID: String(run.runId), NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  try {
    const single: number[] = [];
    const fanned: number[] = [];
    const parts: Record<'prepare' | 'shards' | 'merge', number[]> = { prepare: [], shards: [], merge: [] };
    let bytesPerItem = 0;
    for (let repeat = 0; repeat < repeats; repeat++) {
      const whole = { runId: ++runId, backendId: `bench-${runId}` };
      let started = performance.now();
      checked(await runActionBundle(job(whole, 'one-runner')), 'the one-runner run');
      single.push(performance.now() - started);

      const run = { runId: ++runId, backendId: `bench-${runId}` };
      const bytesBefore = service.uploadedBytes + service.downloadedBytes;
      started = performance.now();
      const prepare = checked(await runActionBundle(job(run, 'prepare', { mode: 'prepare', shards: String(shardCount) })), 'prepare');
      const afterPrepare = performance.now();
      // What `needs.prepare.outputs.prepared` gives the shard and merge jobs (required there).
      const prepared = prepare.outputs['prepared'];
      if (!prepared) throw new Error(`prepare gave no prepared output:\n${prepare.stdout}`);
      const shards = await Promise.all(Array.from({ length: shardCount }, (_, i) => runActionBundle(job(run, `work-${i + 1}`, { mode: 'shard', shard: String(i + 1), prepared }))));
      shards.forEach((shard, i) => checked(shard, `shard ${i + 1}`));
      const afterShards = performance.now();
      checked(await runActionBundle(job(run, 'merge', { mode: 'merge', prepared })), 'merge');
      const ended = performance.now();
      fanned.push(ended - started);
      parts.prepare.push(afterPrepare - started);
      parts.shards.push(afterShards - afterPrepare);
      parts.merge.push(ended - afterShards);
      bytesPerItem = (service.uploadedBytes + service.downloadedBytes - bytesBefore) / items;
    }
    const one = median(single);
    // Each ratio within its round (the one-runner run and the fanned-out one beside it), then the median of those.
    const ratio = (values: readonly number[]) => median(values.map((value, i) => value / single[i]!));
    return {
      title: `(10) Fanning out: one runner vs prepare + ${shardCount} shard processes + merge, ${items} CPU-bound command items of ${itemMs} ms`,
      columns: ['what', 'median (ms)', 'spread', '× one runner'],
      rows: [
        ['one runner, whole plan', one, spread(single), 1],
        [`fanned out, end to end`, median(fanned), spread(fanned), ratio(fanned)],
        ['  prepare job', median(parts.prepare), spread(parts.prepare), ratio(parts.prepare)],
        [`  ${shardCount} shard jobs at once`, median(parts.shards), spread(parts.shards), ratio(parts.shards)],
        ['  merge job', median(parts.merge), spread(parts.merge), ratio(parts.merge)],
        ['speed-up (one runner ÷ fanned out)', 1 / ratio(fanned), '—', '—'],
        ['artifact bytes moved per item (up + down)', bytesPerItem, '—', '—'],
      ],
      notes: [
        `${repeats} rounds of each, ratios within each round; each job is a fresh node process of the built dist/index.js (its start-up included, its code compiled anew as on a runner), one item at a time per runner (limits.concurrency: 1).`,
        `This machine has ${os.availableParallelism()} CPUs, so ${shardCount} shard processes share them: the shard phase can at best be ${Math.min(shardCount, os.availableParallelism())}× faster here. On GitHub each shard is its own runner, and the speed-up approaches ${shardCount}× less the prepare and merge jobs (plus a runner's start-up and checkout per job, not measured here).`,
        'Bytes: every job uploads its trace and the shard and merge jobs download the prepare (and shards\') traces; the merge downloads them all, so bytes per item grow with the shard count.',
      ],
    };
  } finally {
    await removeActionRuns();
    await service.stop();
  }
}
