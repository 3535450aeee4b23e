import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedBundles } from '../test/e2e/action-bundle.ts';
import { removeActionRuns } from '../test/e2e/start-action.ts';
import type { BenchTable } from './bench-table.ts';
import { timeNode, timeStep } from './start-up.ts';
import { median, spread } from './stats.ts';

const REPEATS = 5;
const SIZES = [1_000, 10_000] as const;

/** `size` independent `add` steps of the math toolset, as a plan file (one flow map per step: 10,000 fit in 1 MiB). */
function mathPlan(size: number): string {
  const steps = Array.from({ length: size }, (_, i) => `  - { id: ${i + 1}, type: tool_call, tool: add, args: { a: ${i + 1}, b: 1 }, depends_on: [] }`);
  return ['name: Many additions', 'goal: Add one to each number', `limits: { max_steps: ${size}, concurrency: 4 }`, 'toolsets: [math]', 'workflow_sequence:', ...steps, ''].join('\n');
}

/**
 * Section (4d): the built action and CLI running plans of 1,000 and 10,000 trivial steps end to end,
 * their output a pipe as a CI log is: every listener, every line written, every step's tool call. The
 * in-process rows of (4) feed the console a sink and cannot see what writing the log costs.
 */
export async function endToEnd(): Promise<BenchTable> {
  const bundles = await sharedBundles();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-e2e-bench-'));
  const plans = Object.fromEntries(SIZES.map((size) => [size, mathPlan(size)])) as Record<(typeof SIZES)[number], string>;
  for (const size of SIZES) writeFileSync(path.join(dir, `plan-${size}.yml`), plans[size]);
  const inDir = (name: string) => path.join(dir, name);
  const cli = (command: string, size: number) => [bundles.cli, command, inDir(`plan-${size}.yml`), ...(command === 'run' ? ['--trace', inDir('trace.jsonl'), '--summary', inDir('report.md')] : [])];
  // Each start compiles its code anew, as the action's on a runner: the CLI's cache would hide what a first run pays.
  const piped = (args: readonly string[]) => timeNode(args, { NODE_DISABLE_COMPILE_CACHE: '1' }, 'pipe');
  const action = (plan: string) => timeStep({ entry: bundles.action, files: { 'plan.yml': plan }, inputs: { plan: 'plan.yml', state: 'off' }, env: {} });
  const kinds = ['action run', 'CLI run', 'CLI validate'] as const;
  const runs = Object.fromEntries(kinds.map((kind) => [kind, { 1000: [] as number[], 10000: [] as number[] }])) as Record<(typeof kinds)[number], Record<(typeof SIZES)[number], number[]>>;
  try {
    await piped(cli('run', SIZES[0])); // warm the disk cache
    for (let i = 0; i < REPEATS; i++) {
      for (const size of SIZES) {
        runs['action run'][size].push(await action(plans[size]));
        runs['CLI run'][size].push(await piped(cli('run', size)));
        runs['CLI validate'][size].push(await piped(cli('validate', size)));
      }
    }
  } finally {
    await removeActionRuns();
    rmSync(dir, { recursive: true, force: true });
  }
  const [small, large] = SIZES;
  const perStep = (values: Record<(typeof SIZES)[number], number[]>) => values[large].map((ms, i) => ((ms - values[small][i]!) * 1000) / (large - small));
  const row = (kind: (typeof kinds)[number]) => [kind, median(runs[kind][small]), median(runs[kind][large]), spread(runs[kind][large]), median(perStep(runs[kind])), spread(perStep(runs[kind]))];
  const running = runs['CLI run'][large].map((ms, i) => ((ms - runs['CLI validate'][large][i]!) * 1000) / large);
  return {
    title: '(4d) End to end: the built action and CLI on 1,000 and 10,000 add steps, output to a pipe',
    columns: ['what', `ms, ${small.toLocaleString('en-US')} steps`, `ms, ${large.toLocaleString('en-US')} steps`, 'spread', 'µs per step beyond the 1,000th', 'spread'],
    rows: [...kinds.map(row), [`CLI run less validate, ${large.toLocaleString('en-US')} steps: µs per step`, '', '', '', median(running), spread(running)]],
    notes: [
      `wall time from spawn to exit, median of ${REPEATS} interleaved rounds; each start compiles its code anew (no compile cache); the baseline is the same command on the 1,000-step plan, in the same round`,
      'the action: state off (no artifact service), its log a pipe the harness reads; the CLI: run with --trace and --summary, standard output a pipe read to its end',
      'each step calls the math toolset\'s add tool: the figure is the whole per-step cost of a run (reading its step from the plan, the call, the reuse key, the trace, the log line and the report), not the listeners alone',
    ],
  };
}
