import { createRedactor, type Redactor } from '../core/redact.ts';
import { DEFAULT_MODEL } from './default-model.ts';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, MODEL_CALL_RETRIES } from './model-timeout.ts';
import { createOpenAIModelClient } from './openai-model-client.ts';
import type { ModelClient } from './model-client.ts';
import { recordingModelClient } from './recording-model-client.ts';
import { replayModelClient } from './replay-model-client.ts';

/** Where model answers come from: a live endpoint, optionally recorded, or a replay file. */
export interface ModelSettings {
  readonly baseURL: string;
  readonly apiKey?: string;
  /** Model for steps whose plan and agent name none. */
  readonly model?: string;
  /** How long one request waits for its answer (the caller's setting, else the plan's `model.timeout_seconds`); default 120. */
  readonly timeoutSeconds?: number;
  /** Save every exchange to this JSON-lines file. */
  readonly record?: string;
  /** Answer from this file instead of an endpoint; a request it lacks fails the step. */
  readonly replay?: string;
  /** Hides the run's secrets in the recording (the API key is always hidden). */
  readonly redact?: Redactor;
  /** What to do when no model is configured, in this front end's words (the action's input, the CLI's variable); else MODEL_HINT. */
  readonly missingHint?: string;
  /** Said to the user: a recording that could not be written whole (RecordingOptions.warn). */
  readonly warn?: (message: string) => void;
}


/** The model client for a run, or undefined when no key and no replay file were given. */
export function createModelClient(settings: ModelSettings): ModelClient | undefined {
  if (settings.model !== undefined && settings.model.trim() === '') throw new Error('the model name is blank: name a model (--model, the model input or model.name), or leave it out for the default');
  if (settings.replay) return replayModelClient(settings.replay, settings.model ? { defaultModel: settings.model } : {});
  if (!settings.apiKey) return undefined;
  // A key with a line break (a secret saved with its newline) failed every call as "invalid header value"
  // or "Connection error … check base-url", after retries and a replan (found by an adversarial pass).
  const bad = /[^\x21-\x7e]/.exec(settings.apiKey);
  if (bad) {
    const what = bad[0] === '\n' || bad[0] === '\r' ? 'a line break' : bad[0] === ' ' || bad[0] === '\t' ? 'a space' : 'a character';
    throw new Error(`the API key holds ${what} at character ${bad.index + 1}, which no request header can carry: set it to the key alone (a secret saved with a trailing newline does this)`);
  }
  const live = createOpenAIModelClient({
    baseURL: settings.baseURL,
    apiKey: settings.apiKey,
    model: settings.model ?? DEFAULT_MODEL,
    timeoutMs: (settings.timeoutSeconds ?? DEFAULT_MODEL_TIMEOUT_SECONDS) * 1000,
    maxRetries: MODEL_CALL_RETRIES,
  });
  if (!settings.record) return live;
  const hideKey = createRedactor([settings.apiKey]);
  const given = settings.redact;
  return recordingModelClient(live, settings.record, { redact: given ? (text) => hideKey(given(text)) : hideKey, ...(settings.warn && { warn: settings.warn }) });
}
