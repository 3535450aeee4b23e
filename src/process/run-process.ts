import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loopCaughtUp } from '../core/clock.ts';
import { killMarkedProcesses, PROCESS_MARKER_VARIABLE } from './kill-marked-processes.ts';
import { killProcessGroup } from './kill-process-group.ts';
import { trackProcessGroup } from './live-process-groups.ts';
import { spawnProblem } from './program-problem.ts';
import { TailBuffer } from './tail-buffer.ts';

/** After a stopped command exits, how long its pipes may stay open before we stop waiting. */
const CLOSE_GRACE_MS = 2000;

/**
 * What to keep of the output. `separate`: stdout whole (more than `maxStdoutBytes` stops the
 * process: a runaway tool cannot exhaust memory) and the last `maxStderrBytes` of stderr.
 * `merged`: stdout and stderr interleaved as a terminal shows them, the last `maxBytes` kept
 * (as `stdout`; `stderr` stays empty) — evidence for a person, never too large.
 */
export type ProcessOutput =
  | { readonly mode: 'separate'; readonly maxStdoutBytes: number; readonly maxStderrBytes: number }
  | { readonly mode: 'merged'; readonly maxBytes: number };

/** How to run one process: no shell, ever. The caller passes an environment it has scrubbed. */
export interface RunProcessOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Written to the process's stdin, which is then closed. */
  readonly stdin: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly output: ProcessOutput;
}

/** How a process ended. Mapping these to errors is the caller's business. */
export type ProcessOutcome =
  | { readonly kind: 'exited'; readonly exitCode: number | null; readonly signal: NodeJS.Signals | null; readonly stdout: string; readonly stderr: TailBuffer }
  | { readonly kind: 'timed_out'; readonly stderr: TailBuffer }
  | { readonly kind: 'output_too_large'; readonly stderr: TailBuffer }
  | { readonly kind: 'aborted'; readonly reason: unknown }
  /**
   * `early`: spawn itself refused the arguments (a NUL byte, say); otherwise the system could not start it. `problem`: why
   * not, when it said ENOENT of a file that is there, whose `#!` interpreter is not (`scriptProblem`).
   */
  | { readonly kind: 'spawn_failed'; readonly program: string; readonly error: NodeJS.ErrnoException; readonly early: boolean; readonly problem?: string };

/** The program to start: `scripts/x.mjs` resolves from `cwd`; a bare name like `node` is looked up on the child's PATH. */
export function resolveProgram(program: string, cwd: string): string {
  if (path.isAbsolute(program) || !/[\\/]/.test(program)) return program;
  return path.resolve(cwd, program);
}

/** Why a start that failed failed, when the program is there and can be told (`spawnProblem`, on the child's PATH). */
function startProblem(error: NodeJS.ErrnoException, program: string, options: RunProcessOptions): { problem?: string } {
  const problem = spawnProblem(error.code, program, options.cwd, options.env);
  return problem === undefined ? {} : { problem };
}

/**
 * Runs `argv` without a shell in its own process group and settles with its outcome; it never
 * rejects. Timeouts, the output cap and `signal` kill the whole group, and a process that exits
 * leaves no background processes behind either; on Linux that includes processes that detached
 * from the group (`setsid`), found by a marker in their environment.
 */
export function runProcess(argv: readonly string[], options: RunProcessOptions): Promise<ProcessOutcome> {
  const program = resolveProgram(argv[0] ?? '', options.cwd);
  // Marks everything the command starts, so what detaches from its group can be found and ended too.
  const marker = randomBytes(12).toString('hex');
  // Loaded on the first process: a run that starts none never loads node:child_process and what it brings.
  return import('node:child_process').then(({ spawn }) => new Promise((resolve) => {
    // Checked after the load too: a signal aborted while it loaded would otherwise never stop the process.
    if (options.signal?.aborted) return resolve({ kind: 'aborted', reason: options.signal.reason });
    let child: ChildProcess;
    try {
      child = spawn(program, argv.slice(1), {
        cwd: options.cwd,
        env: { ...options.env, [PROCESS_MARKER_VARIABLE]: marker },
        shell: false,
        detached: process.platform !== 'win32',
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      resolve({ kind: 'spawn_failed', program, error: error as NodeJS.ErrnoException, early: true, ...startProblem(error as NodeJS.ErrnoException, argv[0] ?? '', options) });
      return;
    }
    trackProcessGroup(child);

    const output = options.output;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const merged = output.mode === 'merged' ? new TailBuffer(output.maxBytes) : undefined;
    const stderr = new TailBuffer(output.mode === 'separate' ? output.maxStderrBytes : 0);
    let stoppedBy: 'timed_out' | 'output_too_large' | 'aborted' | undefined;
    let exited: { readonly exitCode: number | null; readonly signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;

    const finish = (outcome: ProcessOutcome): void => {
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
    const finishExited = (exitCode: number | null, signal: NodeJS.Signals | null): void => {
      if (stoppedBy) finishStopped();
      else finish({ kind: 'exited', exitCode, signal, stdout: merged ? merged.text() : Buffer.concat(stdout).toString('utf8'), stderr });
    };
    // A process that left our group and our marker (setsid with a reset environment, sudo) can hold the
    // pipes open for ever; once the command itself is gone, wait only briefly for them to close, and
    // end with what it wrote, as it ended: a command that exited 0 is not a timeout.
    const closeSoon = (): void => {
      graceTimer ??= setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finishExited(exited?.exitCode ?? null, exited?.signal ?? null);
      }, CLOSE_GRACE_MS);
    };
    const stop = (reason: NonNullable<typeof stoppedBy>): void => {
      if (stoppedBy || settled) return;
      stoppedBy = reason;
      // After the exit, the pipes' grace is already running (see 'exit'); before it, the exit starts it.
      killProcessGroup(child);
      killMarkedProcesses(marker);
    };
    const onAbort = (): void => stop('aborted');
    // Declared once the loop has caught up (loopCaughtUp): an exit it could not read in time is read first,
    // and one it read then is no timeout, though a process it left holds the pipes open past the deadline.
    const timer = setTimeout(() => void loopCaughtUp().then(() => exited === undefined && stop('timed_out')), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    if (merged) {
      // One buffer for both streams keeps them interleaved, as the author sees them in a terminal.
      child.stdout!.on('data', (chunk: Buffer) => merged.push(chunk));
      child.stderr!.on('data', (chunk: Buffer) => merged.push(chunk));
    } else {
      const maxStdoutBytes = output.mode === 'separate' ? output.maxStdoutBytes : 0;
      child.stdout!.on('data', (chunk: Buffer) => {
        if (stoppedBy) return;
        stdoutBytes += chunk.length;
        if (stdoutBytes > maxStdoutBytes) stop('output_too_large');
        else stdout.push(chunk);
      });
      child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    }
    // A command may exit without reading its input; the broken pipe is not an error of ours.
    child.stdin!.on('error', () => {});
    child.stdin!.end(options.stdin);

    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) finish({ kind: 'spawn_failed', program, error, early: false, ...startProblem(error, argv[0] ?? '', options) });
    });
    child.on('exit', (exitCode: number | null, signal: NodeJS.Signals | null) => {
      exited = { exitCode, signal };
      // It ended in time: the deadline passing while its pipes close does not make it a timeout.
      clearTimeout(timer);
      // Whatever the command left running would keep its pipes open (and 'close' from firing),
      // including processes that left the group (setsid): those still carry the marker.
      killProcessGroup(child);
      killMarkedProcesses(marker);
      closeSoon();
    });
    child.on('close', (exitCode: number | null, signal: NodeJS.Signals | null) => finishExited(exitCode, signal));
  }));
}
