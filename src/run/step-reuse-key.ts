import type { PlanStep } from '../core/plan-step.ts';
import { stableHash } from '../core/stable-hash.ts';
import type { ToolRegistry } from '../tools/tool.ts';
import type { RunnablePlan } from './runnable-plan.ts';

export interface ReuseKeyInputs {
  readonly plan: RunnablePlan;
  readonly tools: ToolRegistry;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The reuse keys of the steps that already started (a dependency's key covers its own dependencies). */
  readonly keys: ReadonlyMap<string, string>;
  readonly results: ReadonlyMap<string, unknown>;
}

/**
 * What a step's result depends on, hashed: its whole definition, the model and agent it uses, the
 * tool's definition, the run's inputs, and each dependency's key and result. A resume reuses a
 * completed step whose key is unchanged; a changed step changes every key downstream of it.
 */
export function stepReuseKey(step: PlanStep, from: ReuseKeyInputs): string {
  const tool = step.tool === undefined ? undefined : from.tools.get(step.tool);
  return stableHash({
    step,
    model: from.plan.source?.model ?? null,
    agent: step.agent === undefined ? null : (from.plan.source?.agents?.[step.agent] ?? null),
    tool: step.tool === undefined ? null : (from.plan.source?.tools?.[step.tool] ?? (tool ? { description: tool.description, input: tool.inputSchema, sideEffects: tool.sideEffects } : null)),
    inputs: from.inputs,
    dependencies: step.dependsOn.map((key) => [key, from.keys.get(key) ?? null, from.results.has(key) ? from.results.get(key) : null]),
  });
}

/** The idempotency key of one logical tool call: the same plan, tool and arguments give the same key. */
export function toolCallKey(planName: string, tool: string, args: Readonly<Record<string, unknown>>): string {
  return stableHash({ plan: planName, tool, args });
}
