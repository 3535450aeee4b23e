import { runProcess } from '../process/run-process.ts';
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

/**
 * Runs a goal's argv with the process runner (no shell, own process group, killed whole when it
 * ends), stdout and stderr merged as evidence. Throws `GoalNotEvaluableError` when it cannot
 * start, times out or is cancelled.
 */
export async function runGoalCommand(argv: readonly string[], options: GoalCommandOptions): Promise<GoalCommandExit> {
  if (argv[0] === undefined) throw new GoalNotEvaluableError('the command is empty');
  const shown = `\`${shorten(argv.join(' '), 100)}\``;
  const outcome = await runProcess(argv, { ...options, output: { mode: 'merged', maxBytes: MAX_OUTPUT } });
  switch (outcome.kind) {
    case 'exited':
      return { code: outcome.exitCode, signal: outcome.signal, output: outcome.stdout };
    case 'timed_out':
      throw new GoalNotEvaluableError(`${shown} timed out after ${options.timeoutMs / 1000} s; raise the goal's timeout_seconds if it needs longer`);
    case 'aborted':
      throw new GoalNotEvaluableError(`the run was cancelled while ${shown} was running`);
    case 'output_too_large':
      // Merged output keeps a tail and never stops the process; kept so every outcome is handled.
      throw new GoalNotEvaluableError(`${shown} printed more than ${MAX_OUTPUT} bytes`);
    case 'spawn_failed': {
      const { error } = outcome;
      if (outcome.early) throw new GoalNotEvaluableError(`could not start ${shown}: ${error.message}${outcome.problem === undefined ? '' : `; ${outcome.problem}`}`, { cause: error });
      throw new GoalNotEvaluableError(
        `could not start ${shown} in ${options.cwd}: ${error.code ?? error.message}; ${outcome.problem ?? 'check that it is installed and on PATH'}`,
        { cause: error },
      );
    }
  }
}
