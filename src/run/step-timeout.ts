import type { PlanStep } from '../core/plan-step.ts';
import type { ToolRegistry } from '../tools/tool.ts';

/** How long a step may take, and whose limit that is: the step's own, or (`toolsLimit`) its tool's, set in the plan at `setting`. */
export interface StepTimeout {
  readonly seconds: number;
  readonly toolsLimit?: { readonly setting: string | undefined };
}

/** The step's `timeout_seconds`, else its tool's, else none (the run timeout still applies). */
export function stepTimeout(step: PlanStep, tools: ToolRegistry): StepTimeout | undefined {
  if (step.timeoutSeconds !== undefined) return { seconds: step.timeoutSeconds };
  if (step.type !== 'tool_call' || step.tool === undefined) return undefined;
  const tool = tools.get(step.tool);
  // The tool's limit: its timeout names where the plan sets it (`http.timeout_seconds`), not the step's key.
  return tool?.timeoutSeconds === undefined ? undefined : { seconds: tool.timeoutSeconds, toolsLimit: { setting: tool.timeoutSetting } };
}
