import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type OpenAI from 'openai';
import type { CallLabel, ChatRequest, ChatResponse, ModelClient } from './model-client.ts';
import { AnswerTooLargeError, MAX_ANSWER_BYTES } from './answer-too-large-error.ts';
import { AnswerTooSlowError } from './answer-too-slow-error.ts';
import { boundingRetryWaits, type RetryingCall } from './bounded-retry-waits.ts';
import { errorBodiesInOpenAIShape } from './error-bodies-in-openai-shape.ts';
import { quotaRefusals } from './quota-refusals.ts';
import { sdkEndpoint } from './base-url.ts';
import { raceAbort } from '../core/race-abort.ts';
import { limitedBody } from '../core/limited-body.ts';
import { ModelCallError } from './model-call-error.ts';
import { billedAnswer, readChatResponse } from './read-chat-response.ts';
import { timeoutSignal } from '../core/timeout-signal.ts';
import { longWaitFetch } from '../core/long-wait-fetch.ts';

export interface OpenAIModelClientOptions {
  /** An OpenAI-compatible endpoint, e.g. `https://api.openai.com/v1` (the default). */
  readonly baseURL?: string;
  readonly apiKey: string;
  /** The model used when a step, agent or plan names none. */
  readonly model: string;
  /** Per HTTP request. */
  readonly timeoutMs: number;
  /**
   * Retries of one call: the SDK's on timeouts, 408/409/429/5xx and connection errors, and ours of an answer
   * cut off mid-body, which the SDK does not retry. One count for both: a call makes `maxRetries + 1` requests at most.
   */
  readonly maxRetries: number;
  /** Replaces the global fetch (tests, proxies). */
  readonly fetch?: typeof fetch;
  /** The most bytes of one answer read; default `MAX_ANSWER_BYTES` (tests set less). */
  readonly maxAnswerBytes?: number;
}

/** Room for the SDK's waits between attempts (backoff, retry-after: a longer one is not waited for), beyond each attempt's timeout. */
const RETRY_WAITS_MS = 60_000;

/** The call whose requests the SDK is making: how many it has made, and whom to tell of one abandoned. */
interface CallRequests {
  made: number;
  readonly onAbandoned: (() => void) | undefined;
  /** The call's signal: its cancel and its deadline. */
  readonly signal: AbortSignal;
}

const requestsOf = new AsyncLocalStorage<CallRequests>();

/** The wait before retry number `retry` (1 = the first): the SDK's own backoff (0.5 s doubling to 8 s, less up to 25% jitter). */
function sdkBackoffMs(retry: number): number {
  return Math.min(500 * 2 ** (retry - 1), 8_000) * (1 - Math.random() * 0.25);
}

/** The signals of requests a reader (`readingAnswers`) reports for, while it does. */
const watched = new WeakSet<AbortSignal>();

/**
 * `fetch` as the SDK gets it. Every body is read through `limitedBody`, which ends it with an
 * `AnswerTooLargeError` once it passes `maxBytes` (at once when its `content-length` says so), so the
 * SDK, which reads an answer or an error whole, never holds more.
 *
 * A request is out from the moment it is made until its body has been read to the end, or the SDK chose
 * not to read it (a 429 it retries). Its call's `onAbandoned` is told, once, when its signal aborts while
 * it is out (the SDK's timeout of an attempt, the call's deadline, a cancel, a budget stop): at that
 * moment, before anything reports the run's usage. It is also told when the body breaks off or is too
 * long while the SDK reads it (the endpoint answered, and no usage came back). A request aborted before
 * it was made is not counted. Fetch cannot tell whether an aborted request had reached the endpoint, so
 * one aborted while it connected counts too; a connection reset before any answer (the SDK retries it)
 * does not.
 */
export function readingAnswers(inner: typeof fetch, maxBytes: number = MAX_ANSWER_BYTES, bodyTimeoutMs = Number.POSITIVE_INFINITY): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal;
    // A reader inside another (the eval's fault-injecting fetch reads answers through one of its own) leaves the
    // request to the outer one: each reported it, and an abandoned request counted twice.
    const onAbandoned = signal && !signal.aborted && !watched.has(signal) ? requestsOf.getStore()?.onAbandoned : undefined;
    if (onAbandoned) watched.add(signal!);
    let out = true;
    const settle = (abandoned: boolean): void => {
      if (!out) return;
      out = false;
      signal?.removeEventListener('abort', onAbort);
      if (onAbandoned) watched.delete(signal!);
      if (abandoned) onAbandoned?.();
    };
    const onAbort = (): void => settle(true);
    if (onAbandoned) signal?.addEventListener('abort', onAbort, { once: true });
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      settle(false);
      throw error;
    }
    // A status `Response` cannot take (it allows 200–599) is passed on as it came.
    if (!response.body || response.status < 200 || response.status > 599) {
      settle(false);
      return response;
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    const tooLarge = (): AnswerTooLargeError => {
      // An answer came and no usage with it; an error status's body is not a billed answer.
      settle(response.ok);
      return new AnswerTooLargeError(maxBytes, declared > maxBytes ? declared : undefined);
    };
    const reader = limitedBody(response.body, maxBytes, tooLarge, declared).getReader();
    let cancelled = false;
    // The body has `bodyTimeoutMs` from the headers to arrive whole (`AnswerTooSlowError`): the request is abandoned then.
    let slow: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!Number.isFinite(bodyTimeoutMs)) return;
        slow = setTimeout(() => {
          cancelled = true;
          settle(true);
          controller.error(new AnswerTooSlowError(bodyTimeoutMs));
          reader.cancel().catch(() => {});
        }, bodyTimeoutMs);
        slow.unref();
      },
      async pull(controller) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (cancelled) return;
          clearTimeout(slow);
          // A body that broke off (a too-long one has settled already).
          settle(true);
          controller.error(error);
          return;
        }
        if (cancelled) return;
        if (chunk.done) {
          clearTimeout(slow);
          settle(false);
          controller.close();
          return;
        }
        controller.enqueue(chunk.value);
      },
      cancel: (reason) => {
        // The SDK does not read this body (a 429 or 5xx it retries): an answer, not an abandoned request.
        clearTimeout(slow);
        cancelled = true;
        settle(false);
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The call a request is made for, as `boundingRetryWaits` waits for it: a request is left while `made` is within the retries. */
function retryingCallOf(maxRetries: number): () => RetryingCall | undefined {
  return () => {
    const requests = requestsOf.getStore();
    return requests && { signal: requests.signal, retriesLeft: requests.made <= maxRetries };
  };
}

/** `fetch` counting each request it makes for the call it serves. */
function countingRequests(inner: typeof fetch): typeof fetch {
  return (input, init) => {
    const requests = requestsOf.getStore();
    if (requests) requests.made += 1;
    return inner(input, init);
  };
}

/**
 * The live model client: Chat Completions through the `openai` SDK, its errors wrapped in
 * `ModelCallError`, and every answer read into one shape (`readChatResponse`), so the rest of
 * plan-runner never meets an OpenAI-compatible server's variations or a malformed answer.
 */
export function createOpenAIModelClient(options: OpenAIModelClientOptions): ModelClient {
  // The SDK loads with the first call: a run that calls no model (tool steps with args) never pays for it.
  let loaded: Promise<{ sdk: OpenAI; errorFromSdk: typeof import('./model-call-error-from-sdk.ts').modelCallErrorFromSdk }> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('openai'), import('./model-call-error-from-sdk.ts')]).then(([{ default: OpenAI }, { modelCallErrorFromSdk }]) => ({
      sdk: new OpenAI({
        ...(options.baseURL !== undefined && sdkEndpoint(options.baseURL, options.apiKey)),
        apiKey: options.apiKey,
        timeout: options.timeoutMs,
        maxRetries: options.maxRetries,
        // The SDK logs to the console at the level OPENAI_LOG names: at debug, every prompt and answer, past the
        // redactor and the log's neutraliser (a model's `::error …::` line read as a command). Its errors reach us thrown.
        logLevel: 'off',
        // undici's own 300 s would end a request the timeout lets wait longer; a second past it, the SDK's timeout ends it first.
        fetch: longWaitFetch(
          countingRequests(boundingRetryWaits(quotaRefusals(errorBodiesInOpenAIShape(readingAnswers(options.fetch ?? ((input, init) => fetch(input, init)), options.maxAnswerBytes ?? MAX_ANSWER_BYTES, options.timeoutMs))), RETRY_WAITS_MS, retryingCallOf(options.maxRetries))),
          options.timeoutMs + 1_000,
        ),
      }),
      errorFromSdk: modelCallErrorFromSdk,
    })));
  return {
    defaultModel: options.model,
    async complete(request: ChatRequest, label: CallLabel, signal?: AbortSignal): Promise<ChatResponse> {
      const { sdk, errorFromSdk } = await load();
      const endpoint = sdk.baseURL;
      // The SDK's timeout ends once the headers arrive; a body sent slowly (a proxy keeping the connection alive)
      // has as long again (`AnswerTooSlowError`), and is then asked for again. One deadline covers every attempt,
      // their bodies and the waits between them: a call, a planner's or judge's outside any run deadline, ends.
      const deadlineMs = options.timeoutMs * (options.maxRetries + 1) + RETRY_WAITS_MS * options.maxRetries;
      const deadline = timeoutSignal(deadlineMs);
      const callSignal = signal ? AbortSignal.any([signal, deadline]) : deadline;
      const call = { purpose: label.purpose, model: request.model, endpoint };
      const requests: CallRequests = { made: 0, onAbandoned: label.onAbandoned, signal: callSignal };
      const ask = async (): Promise<unknown> => {
        for (;;) {
          try {
            // The SDK may retry what is left of the call's retries.
            return await sdk.chat.completions.create(request, { signal: callSignal, maxRetries: options.maxRetries - requests.made });
          } catch (error) {
            const failed = errorFromSdk(error, { ...call, attempts: requests.made, timeoutMs: options.timeoutMs });
            // An answer cut off mid-body, or too slow to arrive whole: nothing has acted on it yet, so asking again is
            // safe; the SDK reads bodies after its retries, and does not.
            const again = failed instanceof ModelCallError && (failed.failure === 'truncated' || failed.cause instanceof AnswerTooSlowError);
            if (!again || requests.made > options.maxRetries) throw failed;
            await sleep(sdkBackoffMs(requests.made), undefined, { signal: callSignal });
          }
        }
      };
      let answer: unknown;
      try {
        // Raced against the call's signal: the SDK's own backoff between attempts (up to 8 s where no retry-after
        // was sent; one that was is waited in `boundingRetryWaits`, on this signal) is a sleep no signal ends, and a
        // cancelled planner's or judge's call held the run's end that long (found by an adversarial pass). After
        // that sleep the SDK sees the signal and sends nothing more.
        answer = await raceAbort(requestsOf.run(requests, ask), callSignal);
      } catch (error) {
        // A cancelled call ends with the canceller's reason (step timeout, run cancel), not an SDK error.
        if (signal?.aborted) throw signal.reason;
        if (deadline.aborted) {
          throw new ModelCallError({ ...call, failure: 'timeout', transient: true, attempts: Math.max(1, requests.made), detail: `no whole answer within ${Math.round(deadlineMs / 1000)} s` });
        }
        throw error;
      }
      const read = readChatResponse(answer);
      if (read.ok) return read.response;
      const billed = billedAnswer(answer, request.model);
      // The requests the call made: the answer it could not read came after any it asked again for.
      throw new ModelCallError({ ...call, failure: 'malformed', transient: false, attempts: requests.made, detail: read.problem, ...(billed && { billed }) });
    },
  };
}
