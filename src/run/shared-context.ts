import type { SharedContext } from './execute-step.ts';
import type { PlanGraph } from './plan-graph.ts';
import type { RunDeps } from './run-deps.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/** The part of a step's context every step of the current plan revision shares. */
export function sharedContext(
  plan: RunnablePlan,
  deps: RunDeps,
  graph: PlanGraph,
  results: ReadonlyMap<string, unknown>,
  missing?: ReadonlyMap<string, string>,
  incomplete?: ReadonlyMap<string, string>,
): SharedContext {
  return {
    goal: plan.goal,
    goalNames: (plan.source?.goals ?? []).map((goal) => goal.name),
    // Read at each start, so steps added by a replan are visible to the steps after it.
    steps: graph.byKey,
    results,
    ...(missing !== undefined && { missing }),
    ...(incomplete !== undefined && { incomplete }),
    inputs: deps.inputs,
    ...(deps.partialInputs !== undefined && deps.partialInputs.size > 0 && { incompleteInputs: new Map([...deps.partialInputs].map(([name, gap]) => [name, gap.why])) }),
    tools: deps.tools,
    model: deps.model,
    modelSettings: plan.source?.model,
    agents: plan.source?.agents ?? {},
    cwd: deps.cwd,
    ...(deps.within !== undefined && { within: deps.within }),
    ...(plan.withheld !== undefined && { withheldTools: plan.withheld }),
  };
}
