import { spawn } from 'node:child_process';
import os from 'node:os';
import { sharedBundles, type Bundles } from '../e2e/action-bundle.ts';
import { compileCacheEnv } from './compile-cache.ts';

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunCliOptions {
  readonly cwd: string;
  /** Variables besides PATH and HOME (the child gets no others: tests control what it sees). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

let bundles: Promise<Bundles> | undefined;

/** The shared bundles, looked up once per worker; call it in `beforeAll` with a long timeout, as the first call may build them. */
export function cliBundle(): Promise<Bundles> {
  return (bundles ??= sharedBundles());
}

/**
 * Runs the CLI as users run it: the bundle `npm run build` makes (see `sharedBundles`: the committed
 * dist/ while it matches the sources), not `src/cli.ts`, which costs a second of type stripping per run.
 * Asynchronous, so a local server the test started keeps answering while the CLI runs.
 */
export async function runCli(args: readonly string[], options: RunCliOptions): Promise<CliRun> {
  const entry = (await cliBundle()).cli;
  const child = spawn(process.execPath, [entry, ...args], { cwd: options.cwd, env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), ...compileCacheEnv(), ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
