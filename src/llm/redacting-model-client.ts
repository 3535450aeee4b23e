import { redactDeep, type Redactor } from '../core/redact.ts';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';

/**
 * The one door every prompt leaves by: each request — messages, earlier tool-call arguments, tool
 * definitions — and the caller's name (a `for_each` item's key) has every secret the run knows
 * replaced by `***` before the inner client (and so the provider, a recording or a replay) sees it.
 * Planner, steps, replanner, reviews and goal judges all call through it.
 */
export function redactingModelClient(inner: ModelClient, redact: Redactor): ModelClient {
  return {
    defaultModel: inner.defaultModel,
    complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
      // The caller too: a recording keeps it redacted, and a replay must look the call up by the same name.
      return inner.complete(redactDeep(request, redact), { ...label, purpose: redact(label.purpose) }, signal);
    },
  };
}
