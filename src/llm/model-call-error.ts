import { StepError } from '../core/step-error.ts';
import { describePurpose } from './describe-purpose.ts';
import type { ChatResponse } from './model-client.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';
import { cutText } from '../core/cut-text.ts';
import { MODEL_TIMEOUT_SETTINGS } from './model-timeout.ts';
import { INSUFFICIENT_QUOTA } from './quota-refusals.ts';

/**
 * How a model call failed: an HTTP error status, no answer in time, no connection at all, an
 * answer cut off before its end, an answer longer than the client reads, or a 200 answer that is not a
 * Chat Completions answer.
 */
export const MODEL_CALL_FAILURES = ['http', 'timeout', 'connection', 'truncated', 'too-large', 'malformed'] as const;
export type ModelCallFailure = (typeof MODEL_CALL_FAILURES)[number];

export interface ModelCallErrorFields {
  /** Who asked (`step:3`, `planner`, `goal:<name>`). */
  readonly purpose: string;
  readonly model: string;
  /** The endpoint's base URL, when known. */
  readonly endpoint?: string;
  readonly failure: ModelCallFailure;
  readonly status?: number;
  /** The request's parameter the endpoint refused, as its error names it (OpenAI's `error.param`: `temperature`). */
  readonly param?: string;
  /** The endpoint's error code (OpenAI's `error.code`), where it sends one. */
  readonly code?: string;
  readonly transient: boolean;
  readonly retryAfterMs?: number;
  /** HTTP requests made, the client's own retries included. */
  readonly attempts: number;
  /** What the endpoint said (its error message), without the status. */
  readonly detail: string;
  readonly cause?: unknown;
  /** A 200 answer that was not a Chat Completions answer but reported its usage: what the endpoint bills for it. */
  readonly billed?: ChatResponse;
}

/**
 * The error code of `eval`'s answers-file server for a call the file has no answer for: its message says which caller
 * to add, and the endpoint advice a real endpoint's 400 gets ("check that it supports this model…") was wrong there.
 */
export const NO_SCRIPTED_ANSWER_CODE = 'plan_runner_no_scripted_answer';

/** The most characters of an endpoint's `param` a hint repeats. */
const MAX_PARAM_CHARS = 100;

function hint(failure: ModelCallFailure, status: number | undefined, param: string | undefined, code: string | undefined): string {
  if (code === NO_SCRIPTED_ANSWER_CODE) return '';
  // A self-hosted endpoint may need minutes for a long answer: the wait is a setting.
  if (failure === 'timeout') return `The endpoint did not answer in time; give it longer (${MODEL_TIMEOUT_SETTINGS}), retry later, or use a faster model (model.name, the model input or --model) or endpoint (base-url).`;
  if (failure === 'connection') return 'Could not reach the endpoint; check base-url and the network.';
  if (failure === 'truncated') return 'The connection closed before the whole answer arrived; the model client asks again within its retries. If it keeps happening, check proxies between the runner and the endpoint.';
  if (failure === 'too-large') return 'No model writes that much in one answer: check that base-url is an OpenAI-compatible endpoint (ending in /v1), not a proxy or page that sends without end.';
  if (failure === 'malformed') return 'The endpoint answered with something that is not a Chat Completions answer or error; check that base-url is an OpenAI-compatible endpoint (ending in /v1) that serves this model.';
  // Made below both front ends: each one's way of giving the key.
  if (status === 401 || status === 403) return "Check the API key (the action's api-key input; the CLI's OPENAI_API_KEY or --api-key-env) and that it may use this model.";
  if (status === 404) return 'Check the model name and base-url.';
  // What the endpoint's code says is more than its status: a 429 for an account with no credit is no rate limit.
  if (code === INSUFFICIENT_QUOTA || status === 402) return "The endpoint's account for this API key has no credit left: add credit or raise its spending limit, or use another key; no retry can succeed before then.";
  if (code === 'context_length_exceeded') return "The request is longer than the model's context window: have the step read less (a narrower path or search, fewer or smaller results it depends on), or use a model with a larger context.";
  if (status === 429) return 'The endpoint is rate limiting; retry later or lower limits.concurrency.';
  if (status !== undefined && status >= 500) return 'The endpoint failed; retry later.';
  // Reasoning models (o3, o4-mini, gpt-5) refuse any temperature but their default, which only a plan sets.
  if (param === 'temperature') return "The endpoint refused the request's temperature: leave temperature out of the plan's model: and agents: for this model, or set the one it takes.";
  if (param) return `The endpoint refused the request's ${param}; check that it supports this model and Chat Completions tool calls.`;
  return 'The endpoint rejected the request; check that it supports this model and Chat Completions tool calls.';
}

/** The most of an endpoint's error message an error keeps (then `…`): it goes into the log, the trace and the summary. */
export const MAX_DETAIL_CHARS = 1_000;


/**
 * True for a model call that fails for every call to its endpoint alike, the replanner's included: the
 * endpoint could not be reached, it refused the key (401), or the key's account has no credit left (a 429 of
 * `insufficient_quota`, a 402). Not a 403, which an endpoint gives for one model or one request (a key without
 * access to an agent's model, a moderation refusal).
 */
export function endpointRefusesEveryCall(error: unknown): boolean {
  return error instanceof ModelCallError && (error.failure === 'connection' || error.status === 401 || error.status === 402 || (error.status === 429 && error.code === INSUFFICIENT_QUOTA));
}

/** A Chat Completions call that failed after the SDK's own retries; `transient` follows the SDK's retry rules. */
export class ModelCallError extends StepError {
  readonly purpose: string;
  readonly model: string;
  readonly failure: ModelCallFailure;
  readonly status?: number;
  /** See `ModelCallErrorFields.param`. */
  readonly param?: string;
  /** See `ModelCallErrorFields.code`. */
  readonly code?: string;
  readonly attempts: number;
  readonly detail: string;
  /** See `ModelCallErrorFields.billed`: the caller charges it as it charges an answer. */
  readonly billed?: ChatResponse;

  constructor(fields: ModelCallErrorFields) {
    // A proxy or a hostile endpoint may make its message as long as an answer may be (16 MiB).
    const detail = cutText(fields.detail, MAX_DETAIL_CHARS + 1);
    const param = fields.param === undefined ? undefined : cutText(fields.param, MAX_PARAM_CHARS + 1);
    // The SDK's own messages end in a full stop (`Connection error.`): one, before the hint.
    const what = trimEndChars(fields.status !== undefined ? `${fields.status} ${detail}` : detail, '.');
    const tries = fields.attempts === 1 ? '' : ` after ${fields.attempts} attempts`;
    const advice = hint(fields.failure, fields.status, param, fields.code);
    super(
      `Model call for ${describePurpose(fields.purpose)} (model ${fields.model}${fields.endpoint ? ` at ${fields.endpoint}` : ''}) failed${tries}: ${what}.${advice ? ` ${advice}` : ''}`,
      { transient: fields.transient, retryAfterMs: fields.retryAfterMs, cause: fields.cause },
    );
    this.purpose = fields.purpose;
    this.model = fields.model;
    this.failure = fields.failure;
    if (fields.status !== undefined) this.status = fields.status;
    if (param) this.param = param;
    if (fields.code) this.code = cutText(fields.code, MAX_PARAM_CHARS + 1);
    this.attempts = fields.attempts;
    this.detail = detail;
    if (fields.billed) this.billed = fields.billed;
  }

  /**
   * True when the model client already retried this kind of failure (the SDK its kinds, the client an answer cut
   * off mid-body); an answer too long or not a Chat Completions answer is not retried, as asking again would not help.
   */
  get retriedByClient(): boolean {
    return this.failure !== 'too-large' && this.failure !== 'malformed';
  }
}
