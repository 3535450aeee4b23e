import { endpointRefusesEveryCall } from '../llm/model-call-error.ts';
import { ItemFailedError } from './item-failed-error.ts';
import { NestedPlanError } from './nested-plan-error.ts';

/**
 * True when a step failed on a model call that fails for every call of the run alike, the replanner's
 * included (`endpointRefusesEveryCall`): a `for_each` step whose item failed so, and a `type: plan` step
 * whose used plan (a step, or a judge of its goals) did, count too.
 */
export function endpointUnusable(error: unknown): boolean {
  if (endpointRefusesEveryCall(error)) return true;
  return (error instanceof ItemFailedError || error instanceof NestedPlanError) && error.endpointUnusable;
}
