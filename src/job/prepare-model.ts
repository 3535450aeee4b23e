import { createModelClient, type ModelSettings } from '../llm/create-model-client.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { RunBudget } from '../run/run-budget.ts';
import { redactingModelClient } from '../llm/redacting-model-client.ts';
import { budgetedModelClient } from './budgeted-model-client.ts';
import { modelWaitSeconds } from '../llm/model-timeout.ts';

/** The job's model (undefined when none is configured) behind the one budget every call of the job counts against. */
export type PreparedModel =
  | { readonly ok: true; readonly model?: ModelClient; readonly budget: RunBudget }
  | { readonly ok: false; readonly error: PlanError };

/**
 * Model phase: builds the client for the plan's model (or the caller's), wrapped so one budget sees
 * every call — planner, steps, replanner, reviews, judges — and none carries a secret the run knows
 * (`settings.redact`, which the recording also gets). A replay file that is missing or
 * malformed is a setup error, named on no file of the plan's: nothing ran.
 */
export function prepareModel(
  plan: ValidPlan,
  settings: ModelSettings,
  createModel: (settings: ModelSettings) => ModelClient | undefined = createModelClient,
): PreparedModel {
  const budget = new RunBudget(plan.limits, plan.source.pricing);
  let client;
  try {
    client = createModel({ ...settings, model: settings.model ?? plan.source.model?.name, timeoutSeconds: modelWaitSeconds(settings.timeoutSeconds, plan.source.model?.timeout_seconds) });
  } catch (error) {
    // What the client is made from (a replay file, the API key, a model name given to the run) is no part of the plan
    // file: named on it, a replay file's bad line read `plan.yml: Replay file x.jsonl line 1: …`, as if the plan were wrong.
    return { ok: false, error: { path: '', message: error instanceof Error ? error.message : String(error), setup: true } };
  }
  // No call carries a secret the run knows (`settings.redact`).
  const redact = settings.redact;
  const budgeted = client && budgetedModelClient(client, budget);
  return { ok: true, budget, ...(budgeted && { model: redact ? redactingModelClient(budgeted, redact) : budgeted }) };
}
