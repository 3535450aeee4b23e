import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolveProgram } from '../tools/run-command.ts';
import { TailBuffer } from '../tools/tail-buffer.ts';
import { shorten } from './excerpt.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';

/** How a goal command ended, when it ran to its end. */
export interface GoalCommandExit {
  /** Null when the process was ended by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** stdout and stderr interleaved, as a terminal shows them (the last MAX_OUTPUT bytes). */
  readonly output: string;
}

export interface GoalCommandOptions {
  readonly cwd: string;
  /** Passed as is: the caller has scrubbed it. */
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

const MAX_OUTPUT = 256 * 1024;
const GROUPS = process.platform !== 'win32';

/**
 * Runs argv without a shell in its own process group, with the given env and the text on stdin.
 * Throws `GoalNotEvaluableError` when it cannot start, times out or is cancelled. The whole group
 * is killed when it ends either way, so grandchildren (`npm test` → node) never outlive it.
 */
export function runGoalCommand(argv: readonly string[], options: GoalCommandOptions): Promise<GoalCommandExit> {
  const [first, ...args] = argv;
  if (first === undefined) return Promise.reject(new GoalNotEvaluableError('the command is empty'));
  const program = resolveProgram(first, options.cwd);
  const shown = `\`${shorten(argv.join(' '), 100)}\``;
  return new Promise((resolve, reject) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(program, args, {
        cwd: options.cwd,
        env: options.env,
        shell: false,
        detached: GROUPS,
        stdio: ['pipe', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      // Invalid arguments (a NUL byte, say) throw here instead of emitting 'error'.
      const why = error instanceof Error ? error.message : String(error);
      reject(new GoalNotEvaluableError(`could not start ${shown}: ${why}`, { cause: error }));
      return;
    }
    const output = new TailBuffer(MAX_OUTPUT);
    let settled = false;
    const killGroup = (): void => {
      try {
        if (GROUPS && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // ESRCH: everything in the group has exited already.
      }
    };
    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup();
      settle();
    };
    const fail = (why: string, cause?: unknown): void => finish(() => reject(new GoalNotEvaluableError(why, { cause })));
    const onAbort = (): void => fail(`the run was cancelled while ${shown} was running`);
    const timer = setTimeout(
      () => fail(`${shown} timed out after ${options.timeoutMs / 1000} s; raise the goal's timeout_seconds if it needs longer`),
      options.timeoutMs,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    // One buffer for both streams keeps them interleaved, as the author sees them in a terminal.
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // a failed kill, not a failed start
      fail(`could not start ${shown} in ${options.cwd}: ${error.code ?? error.message}; check that it is installed and on PATH`, error);
    });
    // Background processes it left would hold the pipes open and keep 'close' from firing.
    child.on('exit', killGroup);
    child.on('close', (code, signal) => finish(() => resolve({ code, signal, output: output.text() })));
    // A command that never reads stdin closes the pipe early (EPIPE); that is its right.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin);
  });
}
