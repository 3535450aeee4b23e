import type { ValidPlan } from '../plan/valid-plan.ts';
import { fanOutWriteProblem } from './fan-out-writes.ts';
import { pauseAsker } from './pause-asker.ts';

/**
 * Why a fanned-out run of the plan (`mode`, in words: `mode prepare`) is refused before anything runs, or undefined:
 * it could pause for approval midway (the other jobs would wait on a state that never comes: approve first, with the
 * environment pattern, then fan out), or a step of the prepare or a shard job may call a capped github write. The
 * one rule for the run's refusal and `validate`'s warning of it.
 */
export function fanOutRefusal(plan: ValidPlan, mode: string): string | undefined {
  // The one rule for what may pause a plan (`pauseAsker`), which the refusal where no comment can be written reads too.
  const asker = pauseAsker(plan);
  if (asker !== undefined) {
    return `${mode} cannot pause for approval midway (${asker}): set approval: never (and no step approval: true) in a fanned-out plan and the plans it uses, and approve it before the fan-out jobs with the environment pattern (mode: plan, then a job with environment:)`;
  }
  const writes = fanOutWriteProblem(plan);
  return writes === undefined ? undefined : `${mode}: ${writes}`;
}
