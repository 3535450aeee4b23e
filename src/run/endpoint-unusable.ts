import { ModelCallError } from '../llm/model-call-error.ts';
import { ItemFailedError } from './item-failed-error.ts';
import { NestedPlanError } from './nested-plan-error.ts';

/**
 * True when a step failed on a model call that fails for every call of the run alike, the replanner's
 * included: the endpoint could not be reached, or it refused the key (401). Not a 403, which an endpoint
 * gives for one model or one request (a key without access to an agent's model, a moderation refusal),
 * where the replanner's call may pass. A `for_each` step whose item failed so, and a `type: plan` step
 * whose used plan did, count too.
 */
export function endpointUnusable(error: unknown): boolean {
  if (error instanceof ModelCallError) return error.failure === 'connection' || error.status === 401;
  return (error instanceof ItemFailedError || error instanceof NestedPlanError) && error.endpointUnusable;
}
