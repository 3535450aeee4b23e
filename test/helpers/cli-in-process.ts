import { vi } from 'vitest';
import { evalCommand } from '../../src/cli/eval-command.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

/** What a CLI command run in this process returned, and what it wrote to standard output and error, in order. */
export interface InProcessRun {
  readonly code: number;
  readonly out: string;
}

/** What a command run in this process wrote to standard output alone, and to standard error alone. */
export interface InProcessStreams {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `plan-runner run …` or `plan-runner eval …` in this process, its standard output and error captured (and
 * given to `onWrite` as they come): faster than a child, and the test can look at the process while it runs.
 */
export async function cliInProcess(argv: readonly string[], options: { signal?: AbortSignal; onWrite?: (chunk: string) => void } = {}): Promise<InProcessRun> {
  const { code, out } = await captured(argv, options);
  return { code, out };
}

/**
 * As `cliInProcess`, but as `runCli` runs the bundle: in the folder `cwd`, seeing only PATH, HOME and `env`,
 * with standard output and error kept apart. For what is the run's to decide, not the bundle's.
 */
export async function cliInProcessStreams(argv: readonly string[], options: { cwd: string; env?: Readonly<Record<string, string>> }): Promise<InProcessStreams> {
  const before = process.cwd();
  for (const name of Object.keys(process.env)) if (name !== 'PATH' && name !== 'HOME' && !name.startsWith('VITEST')) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(options.env ?? {})) vi.stubEnv(name, value);
  process.chdir(options.cwd);
  try {
    const { code, stdout, stderr } = await captured(argv, {});
    return { code, stdout, stderr };
  } finally {
    process.chdir(before);
    vi.unstubAllEnvs();
  }
}

async function captured(argv: readonly string[], options: { signal?: AbortSignal; onWrite?: (chunk: string) => void }): Promise<InProcessRun & InProcessStreams> {
  let out = '';
  const streams = { stdout: '', stderr: '' };
  const capture =
    (stream: keyof typeof streams) =>
    (chunk: string | Uint8Array): boolean => {
      out += String(chunk);
      streams[stream] += String(chunk);
      options.onWrite?.(String(chunk));
      return true;
    };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture('stdout'));
  vi.spyOn(process.stderr, 'write').mockImplementation(capture('stderr'));
  try {
    const args = parseCliArgs(argv);
    const signal = options.signal ?? new AbortController().signal;
    if (args.command === 'run') {
      const code = await runCommand(args, signal);
      return { code, out, ...streams };
    }
    if (args.command === 'eval') {
      const code = await evalCommand(args, signal);
      return { code, out, ...streams };
    }
    throw new Error(`cliInProcess runs run and eval, not ${args.command}`);
  } finally {
    vi.restoreAllMocks();
  }
}
