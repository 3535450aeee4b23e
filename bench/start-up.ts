import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sharedBundles } from '../test/e2e/action-bundle.ts';
import { removeActionRuns, startAction, type ActionRunOptions } from '../test/e2e/start-action.ts';
import { startFakeArtifactService, type FakeArtifactService } from '../test/helpers/artifact-server.ts';
import { startChatServer, textAnswer } from '../test/helpers/chat-server.ts';
import { floorBundles } from './start-up-floor.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';
import { ENDED_STATE, POST_IDLE_STATE } from '../src/action/step-states.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPEATS = 9;

/**
 * Wall time from spawn to exit of `node args…`, in ms. Its output goes nowhere, or with `output: 'pipe'`
 * into pipes read to their end, as a CI log reads a step's.
 */
export function timeNode(args: readonly string[], env: Readonly<Record<string, string>> = {}, output: 'ignore' | 'pipe' = 'ignore'): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', output, output], env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), ...env } });
    child.stdout?.resume();
    child.stderr?.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`node ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * Wall time of one action run with a runner's environment (the e2e harness), from spawn to exit.
 * Without V8's compile cache, which the harness gives the tests' runs and no runner gives the action.
 * With `artifacts`, the runner's artifact service too (`ACTIONS_RUNTIME_TOKEN`, `ACTIONS_RESULTS_URL`,
 * which a runner gives every JavaScript action): `state: artifact`, the default, then uploads the trace.
 */
let artifactRun = 0;
async function timeAction(entry: string, plan: string, artifacts?: FakeArtifactService, inputs: Readonly<Record<string, string>> = {}): Promise<number> {
  const service = artifacts?.env({ runId: ++artifactRun, backendId: `bench-run-${artifactRun}` }) ?? {};
  return timeStep({ entry, files: { 'plan.yml': plan }, inputs: { plan: 'plan.yml', ...inputs }, env: service });
}

/**
 * Wall time of the action's post step (`dist/post.js` beside `entry`) given the states the main step saved
 * (`core.saveState`, which the runner gives the post step as `STATE_<name>`), from spawn to exit.
 */
async function timePostStep(entry: string, plan: string, saved: Readonly<Record<string, string>>): Promise<number> {
  const states = Object.fromEntries(Object.entries(saved).map(([name, value]) => [`STATE_${name}`, value]));
  return timeStep({ entry, files: { 'plan.yml': plan }, inputs: { plan: 'plan.yml' }, post: true, env: states });
}

/** Wall time of one step of the action started as a runner starts it, from spawn to exit, its code compiled anew. */
export async function timeStep(options: ActionRunOptions & { readonly env: Readonly<Record<string, string>> }): Promise<number> {
  const running = await startAction({ ...options, env: { NODE_DISABLE_COMPILE_CACHE: '1', ...options.env } });
  const started = performance.now();
  const run = await running.finished;
  const ms = performance.now() - started;
  if (run.exitCode !== 0) throw new Error(`the action's ${options.post ? 'post' : 'main'} step exited ${run.exitCode}: ${run.stderr.slice(0, 500)}`);
  return ms;
}

/** Section (5): start-up of the built action and CLI against a bare `node` started the same way, interleaved. */
export async function startUp(): Promise<BenchTable> {
  const bundles = await sharedBundles();
  const floor = await floorBundles();
  const plan = readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-start-'));
  const empty = path.join(dir, 'empty.js');
  writeFileSync(empty, '');
  const runs = {
    bareAction: [] as number[],
    action: [] as number[],
    actionOnRunner: [] as number[],
    postIdle: [] as number[],
    postLoaded: [] as number[],
    bare: [] as number[],
    version: [] as number[],
    validate: [] as number[],
    validateCached: [] as number[],
    run: [] as number[],
    runCached: [] as number[],
    floorSchema: [] as number[],
    floorValidate: [] as number[],
    floorArtifact: [] as number[],
  };
  const artifacts = await startFakeArtifactService();
  try {
    await timeAction(bundles.action, plan, artifacts); // warm the disk cache
    // The CLI keeps its compiled code in the user's cache folder (src/cli/compile-cache.ts): a first run finds
    // it empty (a fresh folder each round), a later run finds what an earlier one left (one folder, filled here).
    const cache = (name: string) => ({ XDG_CACHE_HOME: mkdtempSync(path.join(dir, `${name}-`)) });
    const filled = cache('filled');
    const runArgs = [bundles.cli, 'run', 'workflows/bodmas.yml', '--trace', path.join(dir, 'trace.jsonl'), '--summary', path.join(dir, 'report.md')];
    await timeNode([bundles.cli, 'validate', 'workflows/bodmas.yml'], filled);
    await timeNode(runArgs, filled);
    for (let i = 0; i < REPEATS; i++) {
      runs.bareAction.push(await timeAction(empty, plan));
      runs.action.push(await timeAction(bundles.action, plan));
      runs.actionOnRunner.push(await timeAction(bundles.action, plan, artifacts));
      runs.postIdle.push(await timePostStep(bundles.action, plan, { [ENDED_STATE]: 'true', [POST_IDLE_STATE]: 'true' }));
      runs.postLoaded.push(await timePostStep(bundles.action, plan, { [ENDED_STATE]: 'true' }));
      runs.bare.push(await timeNode(['-e', '0']));
      runs.version.push(await timeNode([bundles.cli, '--version']));
      runs.validate.push(await timeNode([bundles.cli, 'validate', 'workflows/bodmas.yml'], cache('empty')));
      runs.validateCached.push(await timeNode([bundles.cli, 'validate', 'workflows/bodmas.yml'], filled));
      runs.run.push(await timeNode(runArgs, cache('empty')));
      runs.runCached.push(await timeNode(runArgs, filled));
      runs.floorSchema.push(await timeNode([floor.schema]));
      runs.floorValidate.push(await timeNode([floor.validate, 'workflows/bodmas.yml']));
      runs.floorArtifact.push(await timeNode([floor.artifact]));
    }
  } finally {
    await artifacts.stop();
    await removeActionRuns();
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (name: string, values: number[], baseline: number[]) => {
    const ratios = values.map((value, i) => value / baseline[i]!);
    return [name, median(values), spread(values), median(ratios), spread(ratios)];
  };
  return {
    title: '(5) Start-up: the built action and CLI against bare node',
    columns: ['run', 'median ms', 'spread', '× bare node', 'spread'],
    rows: [
      row('bare node, action harness (empty script)', runs.bareAction, runs.bareAction),
      row('action: workflows/bodmas.yml', runs.action, runs.bareAction),
      row('action: the same, with the artifact service (state: artifact uploads the trace)', runs.actionOnRunner, runs.bareAction),
      row('action post step, the main step having ended with no state left to save (the usual end)', runs.postIdle, runs.bareAction),
      row('action post step that loads the bundle (a main step killed or whose state was not saved; every post step before)', runs.postLoaded, runs.bareAction),
      row('bare node -e 0', runs.bare, runs.bare),
      row('CLI --version', runs.version, runs.bare),
      row('CLI validate workflows/bodmas.yml, a first run (compile cache empty)', runs.validate, runs.bare),
      row('CLI validate workflows/bodmas.yml, a later run (compile cache filled)', runs.validateCached, runs.bare),
      row('CLI run workflows/bodmas.yml, a first run (compile cache empty)', runs.run, runs.bare),
      row('CLI run workflows/bodmas.yml, a later run (compile cache filled)', runs.runCached, runs.bare),
      row('floor: zod and the plan schema, built (nothing read)', runs.floorSchema, runs.bare),
      row('floor: read and validate workflows/bodmas.yml (no output)', runs.floorValidate, runs.bare),
      row('floor: load @actions/artifact and make its client (nothing uploaded)', runs.floorArtifact, runs.bare),
    ],
    notes: [
      `wall time from spawn to exit, median of ${REPEATS} interleaved rounds; ratios are per round against the bare node started the same way`,
      "the action compiles its code anew at every start, as on a runner: its rows turn off the compile cache the test harness gives the suite's runs; the CLI keeps one in the user's cache folder, and its rows show a first run and a later one",
      'the bundles are those of the current sources: the committed dist/ when they are what it was built from, else npm run build\'s steps, cached by source hash under node_modules/.cache',
      'targets: the BODMAS action run ≤ 2× bare node, the CLI ≤ 1.5×',
      "a runner gives every JavaScript action the artifact service, so a run there is the second action row: state: artifact (the default) loads @actions/artifact and uploads the trace (to a local stand-in here)",
      "the runner runs the post step (runs.post) after every job's main step; the main step says when it left the post step nothing to do (src/action/step-states.ts: POST_IDLE_STATE), and the post step then ends without loading the bundle",
      'floor rows: bundles (ncc, from the same tsc output) of only that part of the start; what any run or `validate` pays before its own work',
    ],
  };
}

const MODEL_PLAN = ['name: One model call', 'goal: Say hello', 'workflow_sequence:', '  - { id: 1, type: reasoning, description: Say hello in one word }', ''].join('\n');
const MODEL_LATENCY_MS = 500;

/**
 * Section (5b): what the artifact service adds to a run on a runner, for a plan that never waits
 * (BODMAS) and one that waits on a model answering in 500 ms, where the client loads during the wait.
 */
export async function artifactLoad(): Promise<BenchTable> {
  const bundles = await sharedBundles();
  const bodmas = readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8');
  const artifacts = await startFakeArtifactService();
  const chat = await startChatServer(async () => {
    await sleep(MODEL_LATENCY_MS);
    return textAnswer('Hello');
  }).catch(async (error: unknown) => {
    await artifacts.stop();
    throw error;
  });
  const model = { 'base-url': chat.baseURL, 'api-key': 'sk-bench-0123456789', model: 'bench-model' };
  const time = (plan: string, inputs: Record<string, string>, service?: FakeArtifactService) => timeAction(bundles.action, plan, service, inputs);
  const runs = { bodmas: [] as number[], bodmasService: [] as number[], model: [] as number[], modelService: [] as number[] };
  try {
    await time(MODEL_PLAN, model, artifacts); // warm the disk cache
    for (let i = 0; i < REPEATS; i++) {
      runs.bodmas.push(await time(bodmas, {}));
      runs.bodmasService.push(await time(bodmas, {}, artifacts));
      runs.model.push(await time(MODEL_PLAN, model));
      runs.modelService.push(await time(MODEL_PLAN, model, artifacts));
    }
  } finally {
    await artifacts.stop();
    await chat.close();
    await removeActionRuns();
  }
  const row = (name: string, values: number[], without: number[]) => {
    const added = values.map((value, i) => value - without[i]!);
    return [name, median(values), spread(values), median(added)];
  };
  return {
    title: '(5b) The artifact service on a runner: what state: artifact adds to a run',
    columns: ['run', 'median ms', 'spread', '+ ms over no service'],
    rows: [
      row('action: workflows/bodmas.yml, no artifact service', runs.bodmas, runs.bodmas),
      row('action: workflows/bodmas.yml, with it', runs.bodmasService, runs.bodmas),
      row(`action: one reasoning step (the model answers in ${MODEL_LATENCY_MS} ms), no artifact service`, runs.model, runs.model),
      row('action: the same, with it', runs.modelService, runs.model),
    ],
    notes: [
      `wall time from spawn to exit, median of ${REPEATS} interleaved rounds; "+ ms" is the median of each round's difference`,
      'with the service, state: artifact loads @actions/artifact and uploads the trace; a run loads the client once it waits on a step (RunStateStore.warm), so a run that waits hides the load, and BODMAS, which never waits, pays it at its end',
    ],
  };
}
