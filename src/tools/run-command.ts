import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { killProcessGroup } from './kill-process-group.ts';
import { TailBuffer } from './tail-buffer.ts';

/** After a stopped command exits, how long its pipes may stay open before we stop waiting. */
const CLOSE_GRACE_MS = 2000;

/** How to run one command: no shell, ever. */
export interface RunCommandOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** Written to the command's stdin, which is then closed. */
  readonly stdin: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** More stdout than this stops the command: a runaway tool cannot exhaust memory. */
  readonly maxStdoutBytes: number;
  /** Only the last this-many bytes of stderr are kept. */
  readonly maxStderrBytes: number;
}

/** How a command ended. Mapping these to tool errors is the caller's business. */
export type CommandOutcome =
  | { readonly kind: 'exited'; readonly exitCode: number | null; readonly signal: NodeJS.Signals | null; readonly stdout: string; readonly stderr: TailBuffer }
  | { readonly kind: 'timed_out'; readonly stderr: TailBuffer }
  | { readonly kind: 'output_too_large'; readonly stderr: TailBuffer }
  | { readonly kind: 'aborted'; readonly reason: unknown }
  | { readonly kind: 'spawn_failed'; readonly program: string; readonly error: NodeJS.ErrnoException };

/** The program to start: `scripts/x.mjs` resolves from `cwd`; a bare name like `node` is looked up on the child's PATH. */
export function resolveProgram(program: string, cwd: string): string {
  if (path.isAbsolute(program) || !/[\\/]/.test(program)) return program;
  return path.resolve(cwd, program);
}

/**
 * Runs `argv` without a shell in its own process group and settles with its outcome; it never
 * rejects. Timeouts, the output cap and `signal` kill the whole group, and a command that exits
 * leaves no background processes behind either.
 */
export function runCommand(argv: readonly string[], options: RunCommandOptions): Promise<CommandOutcome> {
  const program = resolveProgram(argv[0] ?? '', options.cwd);
  if (options.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: options.signal.reason });
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(program, argv.slice(1), {
        cwd: options.cwd,
        env: options.env,
        shell: false,
        detached: process.platform !== 'win32',
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      resolve({ kind: 'spawn_failed', program, error: error as NodeJS.ErrnoException });
      return;
    }

    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const stderr = new TailBuffer(options.maxStderrBytes);
    let stoppedBy: 'timed_out' | 'output_too_large' | 'aborted' | undefined;
    let exited = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;

    const finish = (outcome: CommandOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const finishStopped = (): void => {
      if (stoppedBy === 'aborted') finish({ kind: 'aborted', reason: options.signal?.reason });
      else if (stoppedBy) finish({ kind: stoppedBy, stderr });
    };
    // A process that left our group (setsid) can hold the pipes open for ever; once the command
    // itself is gone, wait only briefly for them to close.
    const closeSoon = (): void => {
      graceTimer ??= setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finishStopped();
      }, CLOSE_GRACE_MS);
    };
    const stop = (reason: NonNullable<typeof stoppedBy>): void => {
      if (stoppedBy || settled) return;
      stoppedBy = reason;
      killProcessGroup(child);
      if (exited) closeSoon();
    };
    const onAbort = (): void => stop('aborted');
    const timer = setTimeout(() => stop('timed_out'), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout!.on('data', (chunk: Buffer) => {
      if (stoppedBy) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > options.maxStdoutBytes) stop('output_too_large');
      else stdout.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A command may exit without reading its input; the broken pipe is not an error of ours.
    child.stdin!.on('error', () => {});
    child.stdin!.end(options.stdin);

    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) finish({ kind: 'spawn_failed', program, error });
    });
    child.on('exit', () => {
      exited = true;
      // Whatever the command left running would keep its pipes open (and 'close' from firing).
      killProcessGroup(child);
      if (stoppedBy) closeSoon();
    });
    child.on('close', (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (stoppedBy) finishStopped();
      else finish({ kind: 'exited', exitCode, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr });
    });
  });
}
