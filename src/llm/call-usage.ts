import type { Usage } from '../core/usage.ts';
import { ModelCallError } from './model-call-error.ts';
import type { ChatRequest, ChatResponse } from './model-client.ts';
import { estimateCallCostUsd, type PriceOverrides } from './pricing.ts';

/** The usage of one model call: a `Usage` (one call) plus which model was priced and whether its price is known. */
export interface CallUsage extends Usage {
  readonly model: string;
  /** The model the request asked for; the budget prices by it when the reported `model` has no price. */
  readonly requestedModel: string;
  /** False when the model is not in the price table: `costUsd` is then 0, not a real estimate. */
  readonly priceKnown: boolean;
}

/** About four characters a token in English text and JSON: the estimate used when an endpoint counts nothing. */
const CHARS_PER_TOKEN = 4;

const tokensOf = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** What a call sends (messages, tool definitions, response format), in estimated tokens. */
export function estimatePromptTokens(request: ChatRequest): number {
  return tokensOf(JSON.stringify({ messages: request.messages, tools: request.tools, response_format: request.response_format }));
}

/** What a call sent and what came back, in estimated tokens. */
function estimateTokens(request: ChatRequest, response: ChatResponse): { promptTokens: number; completionTokens: number } {
  const answered = response.choices
    .map((choice) => [choice.message.content ?? '', ...(choice.message.tool_calls ?? []).map((call) => (call.type === 'function' ? `${call.function.name}${call.function.arguments}` : ''))].join(''))
    .join('');
  return { promptTokens: estimatePromptTokens(request), completionTokens: tokensOf(answered) };
}

/**
 * Counts one call from the response's `usage` and prices it by the model the endpoint reports,
 * falling back to the model that was asked for. An endpoint that sends no `usage` gets its tokens
 * estimated from the text (`estimatedCalls: 1`), so `max_tokens` and `max_cost_usd` still hold.
 */
export function callUsage(response: ChatResponse, request: ChatRequest, overrides?: PriceOverrides): CallUsage {
  const counted = response.usage;
  const { promptTokens, completionTokens } = counted
    ? { promptTokens: counted.prompt_tokens, completionTokens: counted.completion_tokens }
    : estimateTokens(request, response);
  const requestedModel = request.model;
  const model = response.model || requestedModel;
  const priced = estimateCallCostUsd([model, requestedModel], promptTokens, completionTokens, overrides);
  return {
    modelCalls: 1,
    promptTokens,
    completionTokens,
    costUsd: priced.costUsd,
    ...(counted ? {} : { estimatedCalls: 1 }),
    model,
    requestedModel,
    priceKnown: priced.priceKnown,
  };
}

/**
 * The usage of a failed call the endpoint still bills: a 200 answer that was no Chat Completions answer
 * but reported its `usage` (`ModelCallError.billed`); undefined for any other failure.
 */
export function billedUsage(error: unknown, request: ChatRequest): CallUsage | undefined {
  return error instanceof ModelCallError && error.billed ? callUsage(error.billed, request) : undefined;
}
