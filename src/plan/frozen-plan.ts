import { redactDeep, type Redactor } from '../core/redact.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { FrozenPins, Step } from './schema.ts';
import type { ValidPlan } from './valid-plan.ts';

/** A step in the plan file's own terms: what `buildPlanSteps` reads back into the same `PlanStep`. */
export function planFileStep(step: PlanStep, idOf: (key: string) => Step['id']): Step {
  const optional = new Set(step.optional ?? []);
  // An aggregate's `inputs` are its dependencies already; the rest are written out, even none.
  const dependsOn = step.dependsOn.filter((key) => !step.inputs.includes(key)).map((key) => (optional.has(key) ? { step: idOf(key), optional: true as const } : idOf(key)));
  return {
    id: step.id,
    type: step.type,
    ...(step.title !== undefined && { title: step.title }),
    description: step.description,
    ...(step.tool !== undefined && { tool: step.tool }),
    ...(step.args !== undefined && { args: { ...step.args } }),
    ...(step.task !== undefined && { task: step.task }),
    ...(step.tools !== undefined && { tools: [...step.tools] }),
    ...(step.maxTurns !== undefined && { max_turns: step.maxTurns }),
    ...(step.inputs.length > 0 && { inputs: step.inputs.map(idOf) }),
    depends_on: dependsOn,
    ...(step.agent !== undefined && { agent: step.agent }),
    ...(step.timeoutSeconds !== undefined && { timeout_seconds: step.timeoutSeconds }),
    ...(step.retry !== undefined && { retry: step.retry }),
    ...(step.onFailure !== undefined && { on_failure: step.onFailure }),
    ...(step.review !== undefined && { review: step.review }),
    ...(step.handlesGaps && { handles_gaps: true as const }),
    ...(step.approval && { approval: true as const }),
    ...(step.why !== undefined && { why: step.why }),
    ...(step.forEach !== undefined && {
      for_each: step.forEach.list,
      ...(step.forEach.as !== 'item' && { as: step.forEach.as }),
      ...(step.forEach.key !== undefined && { key: step.forEach.key }),
      ...(step.forEach.maxItems !== undefined && { max_items: step.forEach.maxItems }),
      on_item_failure: step.forEach.onItemFailure,
      ...(step.forEach.fanOut === true && { fan_out: true }),
    }),
    ...(step.uses !== undefined && { uses: step.uses }),
    ...(step.with !== undefined && { with: { ...step.with } }),
  };
}

/**
 * The plan as one file that runs exactly as written: every setting of the original, and its steps
 * (the ones a model wrote included) in `workflow_sequence`, so a later `mode: run` plans nothing.
 * With the run's redactor, what did not come from the plan file is redacted, as in the trace: the
 * file is kept as an output (and uploaded as an artifact), its `goal:` may be a `task` that quotes
 * event text, and a model may have written the steps. Tools get their arguments redacted in every run,
 * so the steps run as they would have. The rest is the file's own text, as written (a tool's `env:`
 * or `command` must stay runnable). `pins`: what the plan was planned with (its `frozen:`), which a run of the file checks.
 */
export async function frozenPlanText(plan: ValidPlan, from: string, options: { readonly redact?: Redactor; readonly pins?: FrozenPins } = {}): Promise<string> {
  const { redact, pins } = options;
  const ids = new Map(plan.steps.map((step) => [step.key, step.id]));
  const idOf = (key: string): Step['id'] => ids.get(key) ?? key;
  const steps = plan.steps.map((step) => planFileStep(step, idOf));
  const frozen = {
    ...plan.source,
    // No replans: a step that fails is escalated, not replaced. The job that runs this file runs what its
    // reviewers approved (an environment's), and a replacement could call any tool of the catalogue with
    // arguments nobody saw (found by an adversarial hunt of model-written plans).
    limits: { ...plan.source.limits, max_replans: 0 },
    name: plan.name,
    ...(plan.source.goal !== undefined && { goal: redact ? redact(plan.source.goal) : plan.source.goal }),
    workflow_sequence: redact ? redactDeep(steps, redact) : steps,
    // A file frozen again (mode: plan of a frozen file) is pinned anew, to what this job read.
    frozen: pins,
  };
  const header = [
    `# Frozen by plan-runner (mode: plan) from ${(redact ? redact(from) : from).replace(/[\r\n]+/g, ' ')}.`,
    '# `mode: run` runs these steps exactly as written: no model plans them again, at the start or after a failure (max_replans: 0).',
  ].join('\n');
  // `yaml` is loaded here, not at start: only `mode: plan` writes a plan file.
  const { stringify } = await import('yaml');
  return `${header}\n${stringify(frozen, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
