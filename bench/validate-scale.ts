import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadPlanFile } from '../src/plan/load-plan.ts';
import { validatePlanObject } from '../src/plan/validate-plan.ts';
import type { ToolDescription } from '../src/plan/valid-plan.ts';
import { sharedBundles } from '../test/e2e/action-bundle.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

const STEPS = 10_000;
const REPEATS = 5;

/** A 10,000-step plan of math steps, each depending on the one before, under the 1 MiB cap. */
function bigPlan(): string {
  const lines = ['name: big', 'toolsets: [math]', `limits: { max_steps: ${STEPS} }`, 'workflow_sequence:'];
  for (let i = 1; i <= STEPS; i++) lines.push(`  - {id: ${i}, type: tool_call, tool: add, description: Add ${i} and 1, args: {a: ${i}, b: 1}}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The same chain without descriptions (which would push it over the 1 MiB cap), each step adding 1 to the
 * result of the step 20 back, or (its baseline) to a number: the reference check asks whether each far step is an ancestor.
 */
function farReferencesPlan(references: boolean): string {
  const lines = ['name: far', 'toolsets: [math]', `limits: { max_steps: ${STEPS} }`, 'workflow_sequence:'];
  for (let i = 1; i <= STEPS; i++) lines.push(`  - {id: ${i}, type: tool_call, tool: add, args: {a: ${references && i > 20 ? `"\${steps.${i - 20}.result}"` : i}, b: 1}}`);
  return `${lines.join('\n')}\n`;
}

async function timeLoad(file: string, positionsFirst: boolean): Promise<number> {
  // Each load starts from a collected heap: not with the garbage of the loads before it.
  gc();
  const started = performance.now();
  const result = await loadPlanFile(file, positionsFirst ? { positionsFirst } : {});
  const ms = performance.now() - started;
  if (!result.ok) throw new Error(`the bench plan did not validate: ${result.errors[0]?.message}`);
  return ms;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const LISTED_TOOLS = 1_000;
/** Validations per timed sample of the listed-tools rows: one takes well under a millisecond. */
const LISTED_BATCH = 100;
const LISTED_SCHEMA = { type: 'object', properties: { q: { type: 'string', pattern: '^[a-z]+$' }, n: { type: 'integer', minimum: 0 } }, required: ['q'] } as const;

/** Milliseconds per validation of a one-step plan calling `server__tool1` beside `extraTools` (what an MCP server lists), over LISTED_BATCH of them. */
function timeListed(extraTools: readonly ToolDescription[]): number {
  const plan = { name: 'listed', workflow_sequence: [{ id: 1, type: 'tool_call', tool: 'server__tool1', args: { q: 'abc' } }] };
  const started = performance.now();
  for (let i = 0; i < LISTED_BATCH; i++) {
    const result = validatePlanObject(plan, { origin: 'file', extraTools });
    if (!result.ok) throw new Error(`the listed-tools plan did not validate: ${result.errors[0]?.message}`);
  }
  return (performance.now() - started) / LISTED_BATCH;
}

/** Section (6): validating a 10,000-step plan, with the fast YAML reader against the `yaml` package alone. */
export async function validateScale(): Promise<BenchTable> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-validate-'));
  const file = path.join(dir, 'big.yml');
  writeFileSync(file, bigPlan());
  const far = path.join(dir, 'far.yml');
  writeFileSync(far, farReferencesPlan(true));
  const near = path.join(dir, 'near.yml');
  writeFileSync(near, farReferencesPlan(false));
  try {
    await timeLoad(file, false);
    await timeLoad(file, true);
    await timeLoad(far, false);
    await timeLoad(near, false);
    const fast: number[] = [];
    const positions: number[] = [];
    const farTimes: number[] = [];
    const nearTimes: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      positions.push(await timeLoad(file, true));
      fast.push(await timeLoad(file, false));
      farTimes.push(await timeLoad(far, false));
      nearTimes.push(await timeLoad(near, false));
    }
    const farRatios = farTimes.map((ms, i) => ms / nearTimes[i]!);
    const cli = (await sharedBundles()).cli;
    const endToEnd: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      let started = performance.now();
      const run = spawnSync(process.execPath, [cli, 'validate', file], { stdio: 'ignore' });
      endToEnd.push(performance.now() - started);
      if (run.status !== 0) throw new Error(`plan-runner validate exited ${run.status}`);
      started = performance.now();
      spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
      bare.push(performance.now() - started);
    }
    const listed = Array.from({ length: LISTED_TOOLS }, (_, i) => ({ name: `server__tool${i}`, description: 'A tool', inputSchema: LISTED_SCHEMA, sideEffects: false }));
    const called = listed.slice(1, 2);
    // Warmed up: a batch of each before the timed ones, so the figures are not the JIT's first calls.
    timeListed(listed);
    timeListed(called);
    const withListed: number[] = [];
    const withOne: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      withListed.push(timeListed(listed));
      withOne.push(timeListed(called));
    }
    const listedRatios = withListed.map((ms, i) => ms / withOne[i]!);
    const ratios = fast.map((ms, i) => ms / positions[i]!);
    const endToEndRatios = endToEnd.map((ms, i) => ms / bare[i]!);
    return {
      title: `(6) Validating a ${STEPS.toLocaleString('en-US')}-step plan`,
      columns: ['what', 'median ms', 'spread', '× baseline', 'spread'],
      rows: [
        ['load + validate, yaml package only (baseline: the previous reader)', median(positions), spread(positions), 1, '—'],
        ['load + validate, js-yaml for plain YAML (this reader)', median(fast), spread(fast), median(ratios), spread(ratios)],
        ['load + validate, each step using the result of the step 20 back (baseline: the same plan with numbers for the references, without descriptions as this one)', median(farTimes), spread(farTimes), median(farRatios), spread(farRatios)],
        [`a one-step plan beside ${LISTED_TOOLS.toLocaleString('en-US')} tools an MCP server lists (baseline: beside only the tool it calls)`, median(withListed), spread(withListed), median(listedRatios), spread(listedRatios)],
        ['plan-runner validate, the built CLI, end to end', median(endToEnd), spread(endToEnd), median(endToEndRatios), `× bare node (${median(bare).toFixed(0)} ms), ${spread(endToEndRatios)}`],
      ],
      notes: [
        `median of ${REPEATS} interleaved runs in this process after one warm-up each, each from a collected heap; ratios within each round; the plan is ${STEPS.toLocaleString('en-US')} flow-style math steps (under the 1 MiB cap)`,
        'target: plan-runner validate of a 10,000-step plan under 1 s, end to end',
        `listed tools: only the input schemas of tools a step calls are compiled (each compile of a JSON Schema to zod costs about 0.15 ms; a server may list 1,000 tools); each sample is the mean of ${LISTED_BATCH} validations after a batch of warm-up`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
