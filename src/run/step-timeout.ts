import type { PlanStep } from '../core/plan-step.ts';
import type { ToolRegistry } from '../tools/tool.ts';

/** The step's `timeout_seconds`, else its tool's, else none (the run timeout still applies). */
export function stepTimeoutSeconds(step: PlanStep, tools: ToolRegistry): number | undefined {
  if (step.timeoutSeconds !== undefined) return step.timeoutSeconds;
  if (step.type !== 'tool_call' || step.tool === undefined) return undefined;
  return tools.get(step.tool)?.timeoutSeconds;
}
