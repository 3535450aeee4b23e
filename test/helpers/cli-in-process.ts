import { vi } from 'vitest';
import { evalCommand } from '../../src/cli/eval-command.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { runCommand } from '../../src/cli/run-command.ts';

/** What a CLI command run in this process returned, and what it wrote to standard output and error, in order. */
export interface InProcessRun {
  readonly code: number;
  readonly out: string;
}

/**
 * Runs `plan-runner run …` or `plan-runner eval …` in this process, its standard output and error captured (and
 * given to `onWrite` as they come): faster than a child, and the test can look at the process while it runs.
 */
export async function cliInProcess(argv: readonly string[], options: { signal?: AbortSignal; onWrite?: (chunk: string) => void } = {}): Promise<InProcessRun> {
  let out = '';
  const capture = (chunk: string | Uint8Array): boolean => {
    out += String(chunk);
    options.onWrite?.(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    const args = parseCliArgs(argv);
    const signal = options.signal ?? new AbortController().signal;
    if (args.command === 'run') return { code: await runCommand(args, signal), out };
    if (args.command === 'eval') return { code: await evalCommand(args, signal), out };
    throw new Error(`cliInProcess runs run and eval, not ${args.command}`);
  } finally {
    vi.restoreAllMocks();
  }
}
