import type { PlanStep } from '../core/plan-step.ts';
import { stableHash } from '../core/stable-hash.ts';
import type { ToolRegistry } from '../tools/tool.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import { toolsStepMayCall } from './step-tools.ts';

/** Identifies a step's definition: an approval covers exactly this step, not a later one with the same key. */
export function approvalStepKey(step: PlanStep): string {
  return stableHash({ step });
}

/**
 * Decides which steps wait for a person: the plan's `approval:` policy (`side-effects`, `plan`) and
 * a step's own `approval: true`, less the steps an approval already covers (by `approvalStepKey`).
 */
export class ApprovalGate {
  readonly #plan: RunnablePlan;
  readonly #tools: ToolRegistry;
  readonly #approved: ReadonlySet<string>;

  constructor(plan: RunnablePlan, tools: ToolRegistry, approved: ReadonlySet<string> = new Set()) {
    this.#plan = plan;
    this.#tools = tools;
    this.#approved = approved;
  }

  /** Why the step needs approval before it runs, or undefined when it needs none. */
  needs(step: PlanStep): string | undefined {
    if (step.approval) return 'the step asks for approval (approval: true)';
    const policy = this.#plan.source?.approval ?? 'never';
    if (policy === 'plan') return 'the plan asks for approval before any step runs (approval: plan)';
    if (policy === 'side-effects') {
      const writes = toolsStepMayCall(step, this.#plan).filter((name) => this.#tools.get(name)?.sideEffects);
      if (writes.length > 0) return `it uses ${writes.join(', ')}, a tool with side effects (approval: side-effects)`;
    }
    return undefined;
  }

  /** Why the step may not start yet: it needs approval and no approval covers it. */
  blocks(step: PlanStep): string | undefined {
    const why = this.needs(step);
    return why === undefined || this.#approved.has(approvalStepKey(step)) ? undefined : why;
  }
}
