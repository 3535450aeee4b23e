import { cutText } from '../core/cut-text.ts';
import { toolCallInstead } from './tool-call-instead.ts';
import { ModelCallError } from './model-call-error.ts';
import { cutOffReason, cutOffWhy } from './cut-off-reason.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';

// Endpoints that refused `response_format` once are asked without it from then on.
const refusesResponseFormat = new WeakSet<ModelClient>();

/**
 * A 400 or 422 that may be the format's refusal: one naming another parameter (`temperature`, which reasoning
 * models refuse) fails the same way without the format, and was asked again for nothing (found by an adversarial pass).
 */
function refusedFormat(error: unknown): boolean {
  if (!(error instanceof ModelCallError && error.failure === 'http' && (error.status === 400 || error.status === 422))) return false;
  return error.param === undefined || error.param.startsWith('response_format');
}

/**
 * The answer's text; throws when the model refused (its words are the reason), or when the endpoint cut it off
 * (`finish_reason` length or content_filter): a list cut after its third step can still parse, and would run as
 * the whole plan.
 */
function answerText(response: ChatResponse): string {
  const choice = response.choices[0];
  // A refusal comes with no text (`llm/read-chat-response.ts`): read as an empty answer, the planner's rejection
  // said "the answer was empty" twice, after a repair call, and the model's reason was shown nowhere (found by an
  // adversarial pass). Structured outputs, which the planner, replanner and review ask for, are where OpenAI refuses.
  const refusal = choice?.message.refusal;
  if (refusal) throw new Error(`the model refused to answer: ${JSON.stringify(cutText(refusal, 300))}`);
  const reason = cutOffReason(choice);
  if (reason) {
    throw new Error(`the model's answer was cut off before it ended (${cutOffWhy(reason)}), and a part of an answer is not read as the whole: give the model a larger output limit, or ask for less`);
  }
  // No tool is offered to these calls: an answer that is only a tool call was read as an empty one, and the planner's
  // rejection said "the answer was empty" (twice, after a repair call that showed the model nothing of what it sent).
  const instead = toolCallInstead(choice);
  if (instead !== undefined) throw new Error(instead);
  return choice?.message.content ?? '';
}

/**
 * One model call that should answer in JSON: with the request's JSON-schema `response_format`
 * where the endpoint takes it; an endpoint that rejects it (400/422) is asked once more without,
 * and the caller reads JSON out of the text. Returns the answer as it came.
 */
export async function completeForJson(model: ModelClient, request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
  const { response_format: format, ...plain } = request;
  let refused = false;
  if (format && !refusesResponseFormat.has(model)) {
    try {
      return await model.complete(request, label, signal);
    } catch (error) {
      if (!refusedFormat(error)) throw error;
      refused = true;
    }
  }
  const response = await model.complete(plain, label, signal);
  // Only an endpoint that then took the request without the format refused the format: a 400 for another
  // reason (a prompt over the context window) failed the same way without it, and turned structured
  // answers off for the rest of the run (found by an adversarial pass).
  if (refused) refusesResponseFormat.add(model);
  return response;
}

/**
 * `completeForJson`'s answer as text ('' when there is none); throws for an answer the endpoint cut off.
 */
export async function askForJson(model: ModelClient, request: ChatRequest, purpose: string, signal?: AbortSignal): Promise<string> {
  return answerText(await completeForJson(model, request, { purpose }, signal));
}
