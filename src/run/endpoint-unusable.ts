import { endpointRefusesEveryCall } from '../llm/model-call-error.ts';
import { NestedPlanError } from './nested-plan-error.ts';

/**
 * True when a step failed on a model call that fails for every call of the run alike, the replanner's
 * included (`endpointRefusesEveryCall`): a `type: plan` step whose used plan (a step, an item, or a judge of
 * its goals) did counts too. A `for_each` item is asked as it fails (`PlanRun` keeps the run's flag).
 */
export function endpointUnusable(error: unknown): boolean {
  return endpointRefusesEveryCall(error) || (error instanceof NestedPlanError && error.endpointUnusable);
}
