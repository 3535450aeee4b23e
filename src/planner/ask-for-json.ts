import { ModelCallError } from '../llm/model-call-error.ts';
import type { ChatRequest, ModelClient } from '../llm/model-client.ts';

// Endpoints that refused `response_format` once are asked without it from then on.
const refusesResponseFormat = new WeakSet<ModelClient>();

function refusedFormat(error: unknown): boolean {
  return error instanceof ModelCallError && error.failure === 'http' && (error.status === 400 || error.status === 422);
}

/**
 * One model call that should answer in JSON: with the request's JSON-schema `response_format`
 * where the endpoint takes it; an endpoint that rejects it (400/422) is asked once more without,
 * and the caller reads JSON out of the text. Returns the answer's text ('' when there is none).
 */
export async function askForJson(model: ModelClient, request: ChatRequest, purpose: string, signal?: AbortSignal): Promise<string> {
  const { response_format: format, ...plain } = request;
  if (format && !refusesResponseFormat.has(model)) {
    try {
      const response = await model.complete(request, { purpose }, signal);
      return response.choices[0]?.message.content ?? '';
    } catch (error) {
      if (!refusedFormat(error)) throw error;
      refusesResponseFormat.add(model);
    }
  }
  const response = await model.complete(plain, { purpose }, signal);
  return response.choices[0]?.message.content ?? '';
}
