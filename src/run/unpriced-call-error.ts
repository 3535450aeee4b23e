import { pricingExample } from '../plan/check-pricing.ts';
import { RunStoppedError } from './run-stopped-error.ts';

/**
 * A model call under `max_cost_usd` came back with no known price, neither for the model the endpoint
 * reported nor for the one that was asked for: the cap cannot be enforced, so the run stops (fail closed).
 */
export class UnpricedCallError extends RunStoppedError {
  readonly model: string;
  readonly requestedModel: string | undefined;

  constructor(model: string, requestedModel: string | undefined) {
    const asked = requestedModel !== undefined && requestedModel !== model ? ` (asked for '${requestedModel}')` : '';
    super(
      `max_cost_usd cannot be enforced: the endpoint answered as model '${model}'${asked} and no price is known for it; ` +
        `give one in the plan, e.g. \`${pricingExample([requestedModel ?? model])}\``,
      'failed',
    );
    this.model = model;
    this.requestedModel = requestedModel;
  }
}
