import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { parseGitHubOutput } from './github-output.ts';
import { HEAD_SHA, REPO } from './pull-request-event.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The token the runner would put in `github.token` (and so in the `github-token` input). */
export const RUNNER_TOKEN = `ghs_${randomBytes(18).toString('hex')}`;

export interface ActionRunOptions {
  /** The bundled entry point to run. */
  readonly entry: string;
  /** Files of the checked-out repository, by path; test/e2e/fixtures/tools is copied to tools/. */
  readonly files: Readonly<Record<string, string>>;
  /** Inputs by their action.yml names; the rest get action.yml's defaults, as on a runner. */
  readonly inputs?: Readonly<Record<string, string>>;
  readonly event?: { readonly name: string; readonly payload: unknown };
  /** The fake GitHub's URL (`GITHUB_API_URL`). */
  readonly githubUrl?: string;
  /** More runner variables (a workflow's `env:`, e.g. secrets a tool is given). */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * A later step of the same job as this run: the same workspace and RUNNER_TEMP (files are not
   * copied again). With `post`, it is the action's post step, given the state the main step saved.
   */
  readonly sameJobAs?: ActionRun;
  readonly post?: boolean;
  /** Runs once the workspace has its files (e.g. a git checkout); the variables it returns are added to the runner's. */
  readonly prepare?: (workspace: string) => Promise<Readonly<Record<string, string>>>;
}

/** A finished run: how it exited and everything it left for the runner. */
export interface ActionRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly outputs: Record<string, string>;
  /** The job summary file (`GITHUB_STEP_SUMMARY`). */
  readonly summary: string;
  /** The file the `trace` output names ('' when there is none). */
  readonly trace: string;
  readonly workspace: string;
  /** The job's folder: workspace/ and runner-temp/ are in it. */
  readonly root: string;
}

export interface RunningAction {
  readonly child: ChildProcess;
  /** The job's folder: workspace/ and runner-temp/ are in it. */
  readonly root: string;
  /** Resolves once stdout has shown text matching `pattern`. */
  printed(pattern: RegExp): Promise<void>;
  readonly finished: Promise<ActionRun>;
}

const cleanups: Array<() => Promise<void>> = [];

/** Kills what is still running and removes every run's folders; call in `afterAll`. */
export async function removeActionRuns(): Promise<void> {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
}

type ActionInputs = Record<string, { default?: string }>;
/** action.yml's inputs, read once per test worker: the suite starts the action some 100 times, and a parse takes 5 ms. */
let actionInputs: Promise<ActionInputs> | undefined;

/** The INPUT_* variables a runner sets: every input of action.yml, its default where the workflow gave none. */
async function inputVariables(given: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  const action = { inputs: await (actionInputs ??= readFile(path.join(ROOT, 'action.yml'), 'utf8').then((text) => (parse(text) as { inputs: ActionInputs }).inputs)) };
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    const fallback = input.default === '${{ github.token }}' ? RUNNER_TOKEN : (input.default ?? '');
    // The runner's rule: upper case, spaces to underscores, dashes kept (INPUT_BASE-URL).
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = given[name] ?? fallback;
  }
  for (const name of Object.keys(given)) if (!(name in action.inputs)) throw new Error(`action.yml declares no input '${name}'`);
  return env;
}

/** Starts `node <entry>` with the environment a GitHub runner gives an action's step. */
export async function startAction(options: ActionRunOptions): Promise<RunningAction> {
  const root = options.sameJobAs?.root ?? (await mkdtemp(path.join(os.tmpdir(), 'plan-runner-e2e-')));
  // Registered before anything can fail, so a broken setup leaves no folder or process behind.
  const started: { child?: ChildProcess } = {};
  cleanups.push(async () => {
    const child = started.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  });
  const workspace = path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner-temp');
  await mkdir(runnerTemp, { recursive: true });
  if (!options.sameJobAs) await cp(path.join(import.meta.dirname, 'fixtures', 'tools'), path.join(workspace, 'tools'), { recursive: true });
  for (const [file, text] of Object.entries(options.files)) {
    await mkdir(path.dirname(path.join(workspace, file)), { recursive: true });
    await writeFile(path.join(workspace, file), text);
  }
  const prepared = options.prepare ? await options.prepare(workspace) : {};
  const summaryFile = path.join(runnerTemp, 'step_summary');
  const outputFile = path.join(runnerTemp, 'output');
  const eventFile = path.join(runnerTemp, 'event.json');
  const stateFile = path.join(runnerTemp, 'state');
  // The runner gives the post step what the main step saved (core.saveState) as STATE_<name>.
  const saved = options.post ? parseGitHubOutput(await readFile(stateFile, 'utf8').catch(() => '')) : {};
  await writeFile(summaryFile, '');
  await writeFile(outputFile, '');
  await writeFile(stateFile, '');
  await writeFile(eventFile, JSON.stringify(options.event?.payload ?? {}));
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: os.homedir(),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: options.event?.name ?? 'workflow_dispatch',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STATE: stateFile,
    ...Object.fromEntries(Object.entries(saved).map(([name, value]) => [`STATE_${name}`, value])),
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.githubUrl ?? 'http://127.0.0.1:9',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'plan',
    RUNNER_NAME: 'GitHub Actions 1',
    GITHUB_SHA: HEAD_SHA,
    RUNNER_TEMP: runnerTemp,
    ...compileCacheEnv(),
    ...(await inputVariables(options.inputs ?? {})),
    ...options.env,
    ...prepared,
  };
  // The post step's entry is dist/post.js beside the bundle (action.yml's runs.post).
  const entry = options.post ? path.join(path.dirname(options.entry), 'post.js') : options.entry;
  const action = spawn(process.execPath, [entry], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.child = action;
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  action.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const waiter of waiters.filter((w) => w.pattern.test(stdout))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  action.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const finished = new Promise<number | null>((resolve, reject) => {
    action.on('error', reject);
    action.on('close', (code) => resolve(code));
  }).then(async (exitCode): Promise<ActionRun> => {
    const outputs = parseGitHubOutput(await readFile(outputFile, 'utf8'));
    const trace = outputs['trace'] ? await readFile(outputs['trace'], 'utf8') : '';
    return { exitCode, stdout, stderr, outputs, summary: await readFile(summaryFile, 'utf8'), trace, workspace, root };
  });
  return {
    child: action,
    root,
    printed: (pattern) =>
      pattern.test(stdout)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
            finished.then((run) => Promise.reject(new Error(`the action exited before printing ${pattern}:\n${run.stdout}\n${run.stderr}`))),
          ]),
    finished,
  };
}

/** Runs the action to its end. */
export async function runActionBundle(options: ActionRunOptions): Promise<ActionRun> {
  return (await startAction(options)).finished;
}
