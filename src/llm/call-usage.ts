import type { Usage } from '../core/usage.ts';
import { ModelCallError } from './model-call-error.ts';
import type { ChatRequest, ChatResponse } from './model-client.ts';
import { estimateCallCostUsd, type PriceOverrides } from './pricing.ts';
import { UNREAD_OUTPUT } from './read-chat-response.ts';

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

/** Estimates already made: the budget's reservation before a call and the usage after it read the same request. */
const promptEstimates = new WeakMap<ChatRequest, number>();

/** What a call sends (messages, tool definitions, response format), in estimated tokens; measured once per request. */
export function estimatePromptTokens(request: ChatRequest): number {
  let tokens = promptEstimates.get(request);
  if (tokens === undefined) {
    tokens = tokensOf(JSON.stringify({ messages: request.messages, tools: request.tools, response_format: request.response_format }));
    promptEstimates.set(request, tokens);
  }
  return tokens;
}

/**
 * Text fields beside `content` in which endpoints send what the model wrote: a refusal, and a thinking
 * model's reasoning (`reasoning_content`: DeepSeek, vLLM, llama.cpp; `reasoning`: OpenRouter, Ollama);
 * and what reading the answer took out of it (`UNREAD_OUTPUT`).
 */
const WRITTEN_FIELDS = ['refusal', 'reasoning_content', 'reasoning', UNREAD_OUTPUT] as const;

/** What the model wrote in one message: its text, what it wrote beside it, its tool calls. */
function writtenText(message: ChatResponse['choices'][number]['message']): string {
  const beside = WRITTEN_FIELDS.map((field) => (message as unknown as Record<string, unknown>)[field]).filter((value): value is string => typeof value === 'string');
  // A call of another type is kept as it came (its depth bounded by the reader) and run by no step: written out, it is output all the same.
  const calls = (message.tool_calls ?? []).map((call) => (call.type === 'function' ? `${call.function.name}${call.function.arguments}` : JSON.stringify(call)));
  return [message.content ?? '', ...beside, ...calls].join('');
}

/**
 * What a call sent and what came back, in estimated tokens. The reasoning a thinking model sends as text is
 * output it was paid for: counted only the answer, 200,000 characters of reasoning with no `usage` were charged
 * as 3 tokens, and max_tokens never stopped the run (found by a budget hunt).
 */
export function estimateTokens(request: ChatRequest, response: ChatResponse): { promptTokens: number; completionTokens: number } {
  const answered = response.choices.map((choice) => writtenText(choice.message)).join('');
  return { promptTokens: estimatePromptTokens(request), completionTokens: tokensOf(answered) };
}

/**
 * The prompt tokens the endpoint says it read from its cache (`usage.prompt_tokens_details.cached_tokens`), at most
 * the prompt tokens it reported; 0 when it sends none, or a count that is not a whole non-negative number.
 */
function cachedPromptTokens(counted: NonNullable<ChatResponse['usage']>): number {
  const details: unknown = counted.prompt_tokens_details;
  const cached = details !== null && typeof details === 'object' ? (details as Record<string, unknown>)['cached_tokens'] : undefined;
  return typeof cached === 'number' && Number.isSafeInteger(cached) && cached > 0 ? Math.min(cached, counted.prompt_tokens) : 0;
}

/** How far a reported count may fall short of a quarter of the estimate and still be taken as it is. */
const COUNT_SHORTFALL_TOKENS = 1_000;

/**
 * The fewest tokens a call is charged for text estimated at `estimate` tokens, whatever the endpoint reports: a quarter
 * of the estimate less `COUNT_SHORTFALL_TOKENS` (a count below it is raised to the quarter). The budget refuses a
 * call before it is sent by this too, so that it never refuses one it would charge within its cap.
 */
export function leastChargedTokens(estimate: number): number {
  return Math.max(0, Math.ceil(estimate / 4) - COUNT_SHORTFALL_TOKENS);
}

/** A reported count, or a quarter of the estimate when the count is less than `leastChargedTokens`. */
function atLeast(reported: number, estimate: number): number {
  return reported >= leastChargedTokens(estimate) ? reported : Math.ceil(estimate / 4);
}

/**
 * Counts one call from the response's `usage` and prices it by the model the endpoint reports,
 * falling back to the model that was asked for; the prompt tokens it read from its cache at the cached input price. An endpoint that sends no `usage` gets its tokens
 * estimated from the text (`estimatedCalls: 1`), so `max_tokens` and `max_cost_usd` still hold; one that
 * reports counts far below its text is charged a quarter of the estimate at least, also counted in `estimatedCalls`.
 */
export function callUsage(response: ChatResponse, request: ChatRequest, overrides?: PriceOverrides): CallUsage {
  const counted = response.usage;
  const estimated = estimateTokens(request, response);
  // Reported counts are taken, unless they fall more than 1,000 tokens short of a quarter of the estimate
  // (16 characters a token, which only long runs of white space reach): an endpoint that reported 1 token
  // for each 15 MB answer kept max_tokens and max_cost_usd from ever stopping an agent (found by an
  // adversarial pass). Within that margin the endpoint's own count stands, to the token.
  const { promptTokens, completionTokens } = counted
    ? { promptTokens: atLeast(counted.prompt_tokens, estimated.promptTokens), completionTokens: atLeast(counted.completion_tokens, estimated.completionTokens) }
    : estimated;
  const requestedModel = request.model;
  const model = response.model || requestedModel;
  // Only with the endpoint's own prompt count: a count raised to the estimate's floor said nothing true, its cached part neither.
  const cached = counted && promptTokens === counted.prompt_tokens ? cachedPromptTokens(counted) : 0;
  const priced = estimateCallCostUsd([model, requestedModel], promptTokens, completionTokens, overrides, cached);
  // A count raised to the estimate's floor is an estimate too, and is said to be one: the figure looked like the
  // endpoint's own (found by a budget hunt: 2,500 tokens shown for an answer the endpoint counted as 1).
  const raised = counted !== undefined && (promptTokens !== counted.prompt_tokens || completionTokens !== counted.completion_tokens);
  return {
    modelCalls: 1,
    promptTokens,
    completionTokens,
    costUsd: priced.costUsd,
    ...((!counted || raised) && { estimatedCalls: 1 }),
    ...(cached > 0 && { cachedPromptTokens: cached }),
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
