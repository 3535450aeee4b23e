import { redactDeep, type Redactor } from '../core/redact.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';

/**
 * The one door every prompt leaves by: each request — messages, earlier tool-call arguments, tool
 * definitions — has every secret the run knows replaced by `***` before the inner client (and so
 * the provider, a recording or a replay) sees it. Planner, steps, replanner, reviews and goal
 * judges all call through it.
 */
export function redactingModelClient(inner: ModelClient, redact: Redactor): ModelClient {
  return {
    defaultModel: inner.defaultModel,
    complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
      return inner.complete(redactDeep(request, redact), label, signal);
    },
  };
}
