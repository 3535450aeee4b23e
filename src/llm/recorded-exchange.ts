import type { ChatRequest, ChatResponse } from './model-client.ts';
import type { ModelCallFailure } from './model-call-error.ts';

/** A failed call as recorded, so that a replay fails the same way. */
export interface RecordedFailure {
  readonly failure: ModelCallFailure;
  readonly status?: number;
  /** The request's parameter the endpoint refused (ModelCallError.param). */
  readonly param?: string;
  readonly transient: boolean;
  readonly retryAfterMs?: number;
  readonly attempts: number;
  readonly detail: string;
  /** The endpoint's error code (ModelCallError.code): a quota refusal stops every call, as it did live. */
  readonly code?: string;
  /** What an answer that was no answer reported it used (ModelCallError.billed): charged again by a replay. */
  readonly billed?: ChatResponse;
}

/** What came back: a response, or the failure. */
export type RecordedOutcome = { readonly response: ChatResponse } | { readonly error: RecordedFailure };

/**
 * One line of a record/replay file: the `ordinal`-th call made with `purpose`, what was asked and
 * what came back (a response, or the failure).
 */
export type RecordedExchange = {
  readonly purpose: string;
  readonly ordinal: number;
  readonly request: ChatRequest;
} & RecordedOutcome;

/** The key replay matches on: the purpose and the how-many-th call with that purpose. */
export function exchangeKey(purpose: string, ordinal: number): string {
  return `${purpose}#${ordinal}`;
}

/** The first line of a recording: which client default model the run used, so a replay uses the same. */
export interface RecordingHeader {
  readonly recording: 'plan-runner';
  readonly version: 1;
  readonly defaultModel: string;
}
