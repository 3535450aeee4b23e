import type { GoalCheck } from '../goal-check.ts';
import { outputTail } from '../output-tail.ts';
import { runGoalCommand } from '../run-goal-command.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';
import { describeStatus, signalledStatus } from '../../process/signalled-status.ts';

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
    const tail = outputTail(exit.output);
    // Killed (an out-of-memory kill, a crash): it gave no exit code, so no verdict; unmet would let a report-only
    // gate (fail-on-unmet-goals: false) pass over it, where a goal that could not be evaluated fails the job.
    // So is a shell's status for a child killed by one (`sh -c 'npm test'` exits 137 after an OOM kill of npm).
    const signalled = signalledStatus(exit.code);
    if (exit.code === null || signalled !== undefined) {
      const how = exit.code === null ? `was killed by ${exit.signal ?? 'a signal'}` : `exited with ${describeStatus(exit.code)}`;
      throw new GoalNotEvaluableError(`the command ${how}, so it gave no verdict${tail === '' ? ' (no output)' : `; output:\n${tail}`}`);
    }
    const ending = `exit code ${exit.code}`;
    return { met: exit.code === 0, evidence: tail === '' ? `${ending}, no output` : `${ending}; output:\n${tail}` };
  },
};
