import type { PlanStep } from '../core/plan-step.ts';

/** A plan as far as its steps and the plans its `type: plan` steps use. */
export interface PlanWithSubplans {
  readonly steps: readonly PlanStep[];
  readonly subplans?: ReadonlyMap<string, PlanWithSubplans>;
}

/**
 * Every tool a step may call: its tool, an agent step's `tools` (its profile's only bound them), and
 * those of every step of the plan a `type: plan` step uses, nested ones too.
 */
export function toolsStepMayCall(step: PlanStep, plan: PlanWithSubplans, seen: Set<PlanWithSubplans> = new Set()): readonly string[] {
  const own = step.type === 'agent' ? (step.tools ?? []) : step.tool === undefined ? [] : [step.tool];
  const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
  if (!used || seen.has(used)) return own;
  seen.add(used);
  return [...new Set([...own, ...used.steps.flatMap((inner) => toolsStepMayCall(inner, used, seen))])];
}
