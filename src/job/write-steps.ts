import type { ModelClient } from '../llm/model-client.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { RejectedPlan } from '../planner/plan-attempt.ts';
import { MODEL_HINT, setupError } from './model-requirement.ts';

/** The plan with steps (`written` when the model wrote them), or why there are none. */
export type WrittenSteps =
  | { readonly ok: true; readonly plan: ValidPlan; readonly written: boolean }
  | { readonly ok: false; readonly errors: readonly PlanError[]; readonly rejectedPlan?: RejectedPlan };

/**
 * Planning phase: a plan with a goal but no `workflow_sequence` has the model write (and, once,
 * repair) its steps; a plan with steps is returned as it is.
 */
export async function writeSteps(
  plan: ValidPlan,
  options: { readonly model?: ModelClient; readonly inputs: Readonly<Record<string, unknown>>; readonly signal?: AbortSignal; readonly missingHint?: string },
): Promise<WrittenSteps> {
  if (plan.steps.length > 0) return { ok: true, plan, written: false };
  const { model } = options;
  if (!model) {
    return {
      ok: false,
      errors: [setupError(plan, `the plan has a goal but no workflow_sequence, so a model writes the steps, and none is configured: ${options.missingHint ?? MODEL_HINT}`)],
    };
  }
  // The planner is loaded only when a model writes a plan: a plan with steps never compiles it.
  const { writePlan } = await import('../planner/write-plan.ts');
  const result = await writePlan(plan, { model, inputs: options.inputs, signal: options.signal });
  if (result.ok) return { ok: true, plan: result.plan, written: true };
  // A planner whose model call failed wrote no plan: the reports then show no "plan the model wrote" (found
  // by a new-user walkthrough: a stale replay's summary said the planner wrote a plan that did not pass).
  const wrote = result.attempts.length;
  const headline = setupError(
    plan,
    wrote === 0
      ? 'the model could not write a plan; no step ran'
      : `the plan the model wrote did not pass validation${wrote > 1 ? ', even after one repair' : ''}; no step ran`,
  );
  return { ok: false, errors: [headline, ...result.errors], ...(wrote > 0 && { rejectedPlan: { attempts: result.attempts } }) };
}
