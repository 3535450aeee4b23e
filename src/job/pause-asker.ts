import type { ValidPlan } from '../plan/valid-plan.ts';

/** A tool with side effects the plan, or a plan it uses, may call (its catalogue: withheld tools are not in it); undefined when none. */
function sideEffectTool(plan: ValidPlan, looked: Set<ValidPlan>): string | undefined {
  if (looked.has(plan)) return undefined;
  looked.add(plan);
  for (const [name, tool] of plan.tools) if (tool.sideEffects) return name;
  for (const used of plan.subplans?.values() ?? []) {
    const found = sideEffectTool(used, looked);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What could make a run of the plan pause for approval, in words (`step 3's approval: true`, `approval: plan`,
 * `approval: side-effects, and it may call deploy, a tool with side effects`), or undefined when nothing could.
 * Read from the plan as loaded, before a model writes or replans steps: under `side-effects`, any tool with side
 * effects in its catalogue (a replan may call one no step of the file does); a used plan's ask is its step's.
 */
export function pauseAsker(plan: ValidPlan, looked: Set<ValidPlan> = new Set()): string | undefined {
  if (looked.has(plan)) return undefined;
  looked.add(plan);
  const step = plan.steps.find((candidate) => candidate.approval);
  if (step) return `step ${step.key}'s approval: true`;
  const policy = plan.source.approval ?? 'never';
  if (policy === 'plan') return 'approval: plan';
  if (policy === 'side-effects') {
    const tool = sideEffectTool(plan, new Set());
    if (tool !== undefined) return `approval: side-effects, and it may call ${tool}, a tool with side effects`;
  }
  for (const [uses, used] of plan.subplans ?? []) {
    const inner = pauseAsker(used, looked);
    if (inner !== undefined) return `the plan ${uses} it uses: ${inner}`;
  }
  return undefined;
}
