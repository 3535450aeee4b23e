import type { ValidPlan } from '../plan/valid-plan.ts';
import { fanOutScope } from '../run/fan-out-part.ts';
import { toolsStepMayCall } from '../run/step-tools.ts';
import { CAPPED_WRITES } from '../tools/github/write-caps.ts';

/**
 * Why a fanned-out plan may not run: a step that the prepare or a shard job runs (a fan-out step,
 * or one a fan-out step depends on) may call a capped github write. Each job counts `github.writes`
 * on its own, so such a run would write up to shards × the cap; the merge job's steps run once.
 */
export function fanOutWriteProblem(plan: ValidPlan): string | undefined {
  const early = fanOutScope(plan.steps, 'shard') ?? new Set<string>();
  for (const step of plan.steps) {
    if (!early.has(step.key)) continue;
    const writes = toolsStepMayCall(step, plan).filter((name) => Object.hasOwn(CAPPED_WRITES, name));
    if (writes.length > 0) {
      return `step ${step.key} may call ${writes.join(', ')}, and it runs in the prepare or a shard job: each job counts github.writes on its own, so a fanned-out run could write up to shards × the cap; call it from a step after the fan-out step (the merge job runs those once)`;
    }
  }
  return undefined;
}
