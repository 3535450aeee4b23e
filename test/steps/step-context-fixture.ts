import type { ModelClient } from '../../src/llm/model-client.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { Agent, Plan } from '../../src/plan/schema.ts';
import type { Usage } from '../../src/core/usage.ts';
import type { StepActivity } from '../../src/core/run-event.ts';
import type { StepContext } from '../../src/steps/step-context.ts';
import type { Tool } from '../../src/tools/tool.ts';

/** A step for tests: only `key` and `type` are needed; `dependsOn` defaults to none. */
export type StepSpec = Partial<PlanStep> & Pick<PlanStep, 'key' | 'type'>;

/** A plan step from a short spec. */
export function planStep(spec: StepSpec): PlanStep {
  return { id: spec.key, description: `do ${spec.key}`, inputs: [], dependsOn: [], ...spec };
}

export interface FixtureOptions {
  readonly steps: readonly StepSpec[];
  /** The step being run. */
  readonly run: string;
  readonly results?: Record<string, unknown>;
  readonly model?: ModelClient;
  readonly tools?: readonly Tool[];
  readonly goal?: string;
  readonly goalNames?: readonly string[];
  readonly inputs?: Record<string, unknown>;
  readonly agents?: Record<string, Agent>;
  readonly modelSettings?: Plan['model'];
  readonly signal?: AbortSignal;
}

/** A step context as the executor would build it, plus every usage and activity the step reported. */
export function stepContext(options: FixtureOptions): { ctx: StepContext; usages: Usage[]; activities: StepActivity[] } {
  const steps = new Map(options.steps.map((spec) => [spec.key, planStep(spec)]));
  const step = steps.get(options.run);
  if (!step) throw new Error(`fixture: no step ${options.run}`);
  const usages: Usage[] = [];
  const activities: StepActivity[] = [];
  const ctx: StepContext = {
    step,
    goal: options.goal,
    goalNames: options.goalNames ?? [],
    steps,
    results: new Map(Object.entries(options.results ?? {})),
    inputs: options.inputs ?? {},
    tools: new Map((options.tools ?? []).map((tool) => [tool.name, tool])),
    model: options.model,
    modelSettings: options.modelSettings,
    agents: options.agents ?? {},
    signal: options.signal ?? new AbortController().signal,
    cwd: process.cwd(),
    onUsage: (usage) => usages.push(usage),
    report: (activity) => activities.push(activity),
    callTool: (tool, args) => tool.execute(args, { signal: options.signal ?? new AbortController().signal, cwd: process.cwd(), stepKey: step.key }),
  };
  return { ctx, usages, activities };
}
