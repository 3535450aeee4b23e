import type { GoalCheck } from '../goal-check.ts';
import { outputTail } from '../output-tail.ts';
import { runGoalCommand } from '../run-goal-command.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';

const DEFAULT_TIMEOUT_SECONDS = 120;

/** `command`: argv run without a shell, the result on stdin; exit code 0 means met. */
export const commandCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { text, deps }) {
    if (deps.commandsRefused !== undefined) throw new GoalNotEvaluableError(deps.commandsRefused);
    const exit = await runGoalCommand(goal.command ?? [], {
      cwd: deps.cwd,
      env: deps.env,
      stdin: text,
      timeoutMs: (goal.timeout_seconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
      signal: deps.signal,
    });
    const ending = exit.code === null ? `killed by ${exit.signal ?? 'a signal'}` : `exit code ${exit.code}`;
    const tail = outputTail(exit.output);
    return { met: exit.code === 0, evidence: tail === '' ? `${ending}, no output` : `${ending}; output:\n${tail}` };
  },
};
