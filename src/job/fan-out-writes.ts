import type { PlanStep } from '../core/plan-step.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

/** The github writes `github.writes` caps per run (max_issues, max_comments). */
const CAPPED_WRITES = ['create_issue', 'add_comment'];

/** The capped write tools a step may call: its tool, an agent's tools (its profile's too), a used plan's steps'. */
function cappedWrites(step: PlanStep, plan: ValidPlan, seen: Set<ValidPlan>): string[] {
  const profile = step.agent === undefined ? undefined : plan.source.agents?.[step.agent];
  const names = step.type === 'agent' ? [...(step.tools ?? []), ...(profile?.tools ?? [])] : step.tool === undefined ? [] : [step.tool];
  const own = names.filter((name) => CAPPED_WRITES.includes(name));
  const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
  if (!used || seen.has(used)) return own;
  seen.add(used);
  return [...new Set([...own, ...used.steps.flatMap((inner) => cappedWrites(inner, used, seen))])];
}

/**
 * Why a fanned-out plan may not run: a step that the prepare or a shard job runs (a fan-out step,
 * or one a fan-out step depends on) may call a capped github write. Each job counts `github.writes`
 * on its own, so such a run would write up to shards × the cap; the merge job's steps run once.
 */
export function fanOutWriteProblem(plan: ValidPlan): string | undefined {
  const byKey = new Map(plan.steps.map((step) => [step.key, step]));
  const early = new Set<string>();
  const queue = plan.steps.filter((step) => step.forEach?.fanOut).map((step) => step.key);
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (early.has(key)) continue;
    early.add(key);
    queue.push(...(byKey.get(key)?.dependsOn ?? []));
  }
  for (const key of early) {
    const step = byKey.get(key);
    const writes = step ? cappedWrites(step, plan, new Set()) : [];
    if (writes.length > 0) {
      return `step ${key} may call ${writes.join(', ')}, and it runs in the prepare or a shard job: each job counts github.writes on its own, so a fanned-out run could write up to shards × the cap; call it from a step after the fan-out step (the merge job runs those once)`;
    }
  }
  return undefined;
}
