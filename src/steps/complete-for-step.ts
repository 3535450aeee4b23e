import { stepKeyWithin } from '../core/plan-step.ts';
import { billedUsage, callUsage } from '../llm/call-usage.ts';
import { stepPurpose } from '../llm/describe-purpose.ts';
import type { ChatRequest, ChatResponse, ModelClient } from '../llm/model-client.ts';
import { NoModelConfiguredError } from './no-model-configured-error.ts';
import type { StepContext } from './step-context.ts';

/** The step's model client, or a `NoModelConfiguredError` naming the step. */
export function requireModel(ctx: StepContext): ModelClient {
  if (!ctx.model) throw new NoModelConfiguredError({ stepKey: ctx.step.key, stepType: ctx.step.type });
  return ctx.model;
}

/** One model call for a step, labelled `step:<key>` (its key in the whole job), its usage reported through `ctx.onUsage`. */
export async function completeForStep(ctx: StepContext, client: ModelClient, request: ChatRequest): Promise<ChatResponse> {
  let response: ChatResponse;
  try {
    response = await client.complete(request, { purpose: stepPurpose(stepKeyWithin(ctx.within, ctx.step.key)) }, ctx.signal);
  } catch (error) {
    // An answer that was no answer but said what it used is billed: the step's usage, and the budget's, hold it.
    const billed = billedUsage(error, request);
    if (billed) ctx.onUsage(billed);
    throw error;
  }
  ctx.onUsage(callUsage(response, request));
  return response;
}
