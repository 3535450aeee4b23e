import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpointRefusesEveryCall, ModelCallError } from '../../src/llm/model-call-error.ts';
import type { ChatRequest } from '../../src/llm/model-client.ts';
import { MAX_ANSWER_BYTES } from '../../src/llm/answer-too-large-error.ts';
import { createOpenAIModelClient, readingAnswers } from '../../src/llm/openai-model-client.ts';
import { budgetedModelClient } from '../../src/job/budgeted-model-client.ts';
import { RunBudget } from '../../src/run/run-budget.ts';
import { isTransient } from '../../src/core/step-error.ts';
import { hang, httpError, startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

let server: ChatServer;
beforeEach(async () => {
  server = await startChatServer();
});
afterEach(async () => {
  await server.close();
});

const request: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] };
const label = { purpose: 'step:3' };

function client(options: { maxRetries?: number; timeoutMs?: number } = {}) {
  return createOpenAIModelClient({
    baseURL: server.baseURL,
    apiKey: 'sk-test-secret',
    model: 'gpt-4o-mini',
    timeoutMs: options.timeoutMs ?? 5_000,
    maxRetries: options.maxRetries ?? 2,
  });
}

/**
 * A server that answers each request, once its body is in, with `answer` (for shapes the chat-server
 * helper does not play: a body that trickles or comes late); `use` gets its base URL. Closed after.
 */
async function withRawServer(answer: (res: ServerResponse) => void, use: (baseURL: string) => Promise<void>): Promise<void> {
  const raw = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`);
  } finally {
    raw.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
  }
}

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelCallError);
  return error as ModelCallError;
}

describe('createOpenAIModelClient', () => {
  it('sends the request through the SDK with the API key and returns the completion', async () => {
    server.script([textAnswer('hi there')]);
    const response = await client().complete(request, label);
    expect(response.choices[0]?.message.content).toBe('hi there');
    expect(server.requests[0]?.body.messages).toEqual(request.messages);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test-secret');
  });

  it('lets the SDK retry a 429 that gives retry-after, then succeeds', async () => {
    server.script([httpError(429, { retryAfterMs: 0 }), textAnswer('after the wait')]);
    const response = await client({ maxRetries: 1 }).complete(request, label);
    expect(response.choices[0]?.message.content).toBe('after the wait');
    expect(server.requests).toHaveLength(2);
  });

  it('lets the SDK retry a 500, then succeeds', async () => {
    server.script([httpError(500, { retryAfterMs: 0 }), httpError(500, { retryAfterMs: 0 }), textAnswer('third time')]);
    const response = await client({ maxRetries: 2 }).complete(request, label);
    expect(response.choices[0]?.message.content).toBe('third time');
    expect(server.requests).toHaveLength(3);
  });

  it('wraps a 500 that outlasts the retries in a transient ModelCallError naming the step', async () => {
    server.script(() => httpError(503, { retryAfterMs: 0, message: 'overloaded' }));
    const error = await failure(client({ maxRetries: 2 }).complete(request, label));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ status: 503, transient: true, attempts: 3, purpose: 'step:3', failure: 'http', detail: 'overloaded' });
    expect(isTransient(error)).toBe(true);
    expect(error.message).toContain('step 3');
    expect(error.message).toContain('after 3 attempts');
  });

  // Found by a hunt of endpoint quirks: OpenAI's 429 for an account with no credit was retried as a rate limit (four
  // requests), advised "retry later", and the run asked the replanner four times more and escalated.
  it('does not retry a 429 that says the account has no credit, and says what to do', async () => {
    const quota = { kind: 'http', status: 429, body: { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' } } } as const;
    server.script(() => quota);
    const error = await failure(client({ maxRetries: 3 }).complete(request, label));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 429, code: 'insufficient_quota', transient: false, attempts: 1 });
    expect(error.message).toContain('has no credit left: add credit or raise its spending limit, or use another key');
    expect(endpointRefusesEveryCall(error)).toBe(true);
    // A 429 that is a rate limit is still retried, and still one.
    server.script([httpError(429, { retryAfterMs: 0 }), httpError(429, { retryAfterMs: 0 })]);
    const limited = await failure(client({ maxRetries: 1 }).complete(request, label));
    expect(limited).toMatchObject({ status: 429, transient: true, attempts: 2 });
    expect(endpointRefusesEveryCall(limited)).toBe(false);
  });

  it('says a request longer than the context window is one, not that the endpoint may not support the model', async () => {
    server.script([{ kind: 'http', status: 400, body: { error: { message: "This model's maximum context length is 128000 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' } } }]);
    const error = await failure(client({ maxRetries: 0 }).complete(request, label));
    expect(error.message).toContain("longer than the model's context window: have the step read less");
    expect(error.message).not.toContain('check that it supports this model');
  });

  it('keeps the retry-after of the last 429 on the error', async () => {
    server.script([httpError(429, { headers: { 'retry-after': '7' } })]);
    const error = await failure(client({ maxRetries: 0 }).complete(request, label));
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 7000 });
  });

  // Found by an adversarial pass: the SDK waits out any retry-after before it asks again, in a sleep no signal
  // ends, so a 429 asking for an hour held the call (a cancelled one, a planner's past the run's timeout) an hour.
  it.each([
    ['retry-after in seconds', () => ({ 'retry-after': '3600' })],
    ['retry-after as an HTTP date', () => ({ 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() })],
    ['retry-after-ms', () => ({ 'retry-after-ms': '3600000' })],
  ])('backs off as the SDK does without one when a 429’s %s asks for more than a call waits', async (_name, headers) => {
    server.script([httpError(429, { headers: headers() }), textAnswer('after the backoff')]);
    const response = await client({ maxRetries: 1 }).complete(request, label);
    expect(response.choices[0]?.message.content).toBe('after the backoff');
    expect(server.requests).toHaveLength(2);
  });

  // Found by an adversarial pass: the SDK waits out a retry-after in a sleep no signal ends, and a cancelled call
  // (a planner's, a judge's) held the run's end for the whole wait. Here the wait is 40 s, past the test's 20 s.
  it('ends a call cancelled while the SDK waits out a retry-after, and asks nothing more', async () => {
    server.script([httpError(429, { headers: { 'retry-after': '40' } }), textAnswer('never asked for')]);
    const cancel = new AbortController();
    const call = client({ maxRetries: 1 }).complete(request, label, cancel.signal);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The 429 has been answered once the client reads it; cancelling now finds the SDK asleep or about to be.
    cancel.abort(new Error('cancelled (SIGINT)'));
    await expect(call).rejects.toThrow('cancelled (SIGINT)');
    expect(server.requests).toHaveLength(1);
  });

  // Found by a review: the call ended at once, but the SDK's sleep went on, a timer that kept the process (the
  // action's step, the CLI after its report) alive for the rest of the wait, up to a minute past the run's end.
  it('leaves no timer holding the process when a call is cancelled during a retry-after’s wait', async () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    server.script([httpError(429, { headers: { 'retry-after': '40' } }), textAnswer('never asked for')]);
    const cancel = new AbortController();
    const before = timers();
    const call = client({ maxRetries: 1 }).complete(request, label, cancel.signal);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The wait has begun once the 429 is read: its timer is there.
    while (timers() === before) await new Promise((resolve) => setImmediate(resolve));
    cancel.abort(new Error('cancelled (SIGINT)'));
    await expect(call).rejects.toThrow('cancelled (SIGINT)');
    await new Promise((resolve) => setImmediate(resolve));
    // At most as many as before: the worker is shared, and a timer another file left (a 10 s request limit) may end meanwhile.
    expect(timers()).toBeLessThanOrEqual(before);
    expect(server.requests).toHaveLength(1);
  });

  it('does not wait out a retry-after the SDK asks nothing after, and keeps it on the error', async () => {
    server.script([httpError(429, { headers: { 'retry-after': '40' } })]);
    const error = await failure(client({ maxRetries: 0 }).complete(request, label));
    expect(error).toMatchObject({ status: 429, retryAfterMs: 40_000 });
  });

  it('makes a 401 permanent, tried once, with a hint about the key', async () => {
    server.script(() => httpError(401, { message: 'bad key' }));
    const error = await failure(client({ maxRetries: 3 }).complete(request, label));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ status: 401, transient: false, attempts: 1 });
    expect(isTransient(error)).toBe(false);
    expect(error.message).toContain('API key');
    expect(error.message).not.toContain('sk-test-secret');
  });

  // The action reads no OPENAI_API_KEY and has no --api-key-env: its users were told only the CLI's ways to give the key.
  it("names the action's api-key input beside the CLI's ways in a refused key's hint", async () => {
    server.script(() => httpError(401, { message: 'Incorrect API key provided' }));
    const error = await failure(client().complete(request, label));
    expect(error.message).toContain("Check the API key (the action's api-key input; the CLI's OPENAI_API_KEY or --api-key-env)");
  });

  it('makes a 400 permanent', async () => {
    server.script([httpError(400, { message: 'unknown parameter' })]);
    const error = await failure(client().complete(request, label));
    expect(error).toMatchObject({ status: 400, transient: false });
  });

  it('reports a model that never answers as a transient timeout', async () => {
    server.script(() => hang());
    // Long enough for the request to reach the server on a loaded machine: at 50 ms it timed out first in
    // CI, and 1 s is within the event loop's lag there.
    const error = await failure(client({ maxRetries: 0, timeoutMs: 3_000 }).complete(request, label));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ failure: 'timeout', transient: true, attempts: 1 });
  });

  // A slow endpoint's error named no setting for the wait: there was none (a self-hosted endpoint may need minutes).
  it('says how long a request waited for a slow endpoint, and where to give it longer', async () => {
    server.script(() => hang());
    const error = await failure(client({ maxRetries: 1, timeoutMs: 200 }).complete(request, label));
    expect(error.message).toContain('failed after 2 attempts: no answer within 0.2 s');
    expect(error.message).toContain('give it longer (model.timeout_seconds, the model-timeout-seconds input or --model-timeout-seconds)');
    expect(error.message).toContain('use a faster model (model.name, the model input or --model) or endpoint (base-url)');
  });

  it('reports an endpoint nobody listens on as a transient connection failure', async () => {
    const gone = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 2_000, maxRetries: 0 });
    await server.close();
    const error = await failure(gone.complete(request, label));
    expect(error).toMatchObject({ failure: 'connection', transient: true });
    server = await startChatServer();
  });

  it('ends a cancelled call with the canceller’s reason, not an SDK error', async () => {
    server.script(() => hang());
    const controller = new AbortController();
    const call = client().complete(request, label, controller.signal);
    const reason = new Error('step timed out');
    // Abort once the request has arrived, so the call is really in flight: on a loaded machine, after more
    // than the poll's default 1 s.
    await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('gives the first line of an error body that is not JSON, cut, as the detail', async () => {
    const page = `<html><body>${'gateway '.repeat(100)}</body></html>\n<p>more</p>`;
    await withRawServer(
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end(page);
      },
      async (baseURL) => {
        const error = await failure(createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 5_000, maxRetries: 0 }).complete(request, label));
        expect(error).toMatchObject({ failure: 'http', status: 502, detail: `${page.slice(0, 300)}…` });
      },
    );
  });

  // Found by an adversarial pass: SGLang, FastChat and vLLM before 0.10.2 answer an error with its message at the top
  // of the body, FastAPI servers under `detail`, TGI as a text `error`; the SDK reads only `error.message`.
  it.each([
    ['a top-level message (SGLang, older vLLM)', 400, { object: 'error', message: 'maximum context length is 4096 tokens', type: 'BadRequestError', param: null, code: 400 }, 'maximum context length is 4096 tokens'],
    ['FastAPI’s detail', 404, { detail: 'Model gpt-x not found' }, 'Model gpt-x not found'],
    ['FastAPI’s validation details', 422, { detail: [{ loc: ['body', 'messages'], msg: 'field required' }, { loc: ['body', 'model'], msg: 'str type expected' }] }, 'field required; str type expected'],
    ['an error that is text (TGI)', 422, { error: 'Input validation error: inputs too long', error_type: 'validation' }, 'Input validation error: inputs too long'],
  ])('gives the endpoint’s words when its error body puts them in %s', async (_shape, status, body, detail) => {
    server.script([{ kind: 'http', status, body }]);
    const error = await failure(client().complete(request, label));
    expect(error).toMatchObject({ failure: 'http', status, detail });
    expect(error.message).toContain(`${status} ${detail}.`);
  });

  // Found by an adversarial pass: a gateway’s 200 whose `error` is text failed as "the answer has no `choices`".
  it('gives the words of a 200 answer whose error is text', async () => {
    server.script([{ kind: 'raw', body: { error: 'Upstream provider overloaded, try again' } }]);
    const error = await failure(client().complete(request, label));
    expect(error).toMatchObject({ failure: 'malformed', detail: 'the answer is an error with status 200: Upstream provider overloaded, try again' });
  });

  // A server chooses these words: a 200's text error and a choice's error message keep 200 characters, as its error object does.
  it('cuts a 200’s text error and a choice’s error message to 200 characters', async () => {
    const long = 'overloaded '.repeat(500);
    const choice = { finish_reason: 'error', message: { role: 'assistant', content: '' }, error: { code: 'x'.repeat(100), message: long } };
    server.script([{ kind: 'raw', body: { error: long } }, { kind: 'raw', body: { choices: [choice] } }]);
    const text = await failure(client().complete(request, label));
    expect(text.detail).toBe(`the answer is an error with status 200: ${long.slice(0, 199)}…`);
    const inChoice = await failure(client().complete(request, label));
    expect(inChoice.detail).toBe(`choices[0] ended in an error: ${long.slice(0, 199)}… (code ${'x'.repeat(39)}…)`);
  });

  // Found by an adversarial pass: OpenRouter ends a choice its provider failed with `finish_reason: error` and the
  // error beside it; the step said its answer was cut off and to raise the token limit, the provider’s words shown nowhere.
  it('fails an answer whose choice ended in an error, with the endpoint’s words and what it bills', async () => {
    const usage = { prompt_tokens: 20, completion_tokens: 3, total_tokens: 23 };
    const choice = { finish_reason: 'error', message: { role: 'assistant', content: 'Partial ans' }, error: { code: 502, message: 'Provider returned error: upstream reset' } };
    server.script([{ kind: 'raw', body: { model: 'gpt-4o-mini', choices: [choice], usage } }]);
    const error = await failure(client().complete(request, label));
    expect(error).toMatchObject({ failure: 'malformed', detail: 'choices[0] ended in an error: Provider returned error: upstream reset (code 502)' });
    expect(error.billed?.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 3 });
  });

  it('fails an answer whose tool-call arguments, sent as an object, nest past 128 levels: malformed, with what it bills', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const call = `{"type":"function","function":{"name":"add","arguments":{"a":${deep}}}}`;
    server.script([{ kind: 'text', text: `{"choices":[{"message":{"content":null,"tool_calls":[${call}]}}],"usage":{"prompt_tokens":10,"completion_tokens":20}}` }]);
    const error = await failure(client().complete(request, label));
    expect(error).toMatchObject({ failure: 'malformed', transient: false, detail: 'choices[0].message.tool_calls[0].function.arguments nest more than 128 levels deep' });
    expect(error.message).toContain(`(model gpt-4o-mini at ${server.baseURL})`);
    expect(error.billed?.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 20 });
  });

  it('uses the model it was given as the default', () => {
    expect(client().defaultModel).toBe('gpt-4o-mini');
  });
});

// The SDK's timeout ends when the headers arrive: an endpoint that then sends its body a space at a
// time held a planner's or judge's call (outside any run deadline) until the workflow's own limit.
describe('a body sent slowly after the headers', () => {
  // Found by a hunt of endpoint quirks: one request's body took the whole call's deadline (3 min 20 s with a 5 s
  // timeout), and the call then said "no whole answer within 20 s".
  it('ends each request whose body is not whole within the timeout, and asks again within the retries', async () => {
    const timers: NodeJS.Timeout[] = [];
    let requests = 0;
    const trickle = (res: ServerResponse): void => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"x",');
      timers.push(setInterval(() => res.write(' '), 50));
    };
    try {
      await withRawServer(trickle, async (baseURL) => {
        const abandoned: number[] = [];
        const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 300, maxRetries: 2 });
        const error = await client.complete(request, { ...label, onAbandoned: () => void abandoned.push(1) }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ModelCallError);
        expect(error).toMatchObject({ failure: 'timeout', transient: true, attempts: 3, detail: "the answer's body did not arrive whole within 0.3 s of its headers" });
        expect(requests).toBe(3);
        expect(abandoned).toHaveLength(3);
      });
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });

  it('ends the call at its deadline with a timeout error', async () => {
    const timers: NodeJS.Timeout[] = [];
    const trickle = (res: ServerResponse): void => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"x",');
      timers.push(setInterval(() => res.write(' '), 100));
    };
    try {
      await withRawServer(trickle, async (baseURL) => {
        const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 500, maxRetries: 0 });
        const error = await client.complete(request, label).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ModelCallError);
        expect(error).toMatchObject({ failure: 'timeout' });
        expect((error as Error).message).toContain('no whole answer within');
      });
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });
});

// A request abandoned in flight may be billed, and no usage comes back for it: the client reports
// each one to the call's `onAbandoned`, which the run's budget counts for the summary.
describe('requests abandoned in flight', () => {
  function counting() {
    let abandoned = 0;
    return { label: { purpose: 'step:3', onAbandoned: () => void abandoned++ }, count: () => abandoned };
  }

  it('reports a request cancelled while it waits for its answer, at the moment of the cancel', async () => {
    server.script(() => hang());
    const { label: counted, count } = counting();
    const controller = new AbortController();
    const call = client().complete(request, counted, controller.signal);
    await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort(new Error('budget exceeded'));
    // Counted before the call settles: a run reports its usage as soon as its steps are abandoned.
    expect(count()).toBe(1);
    await expect(call).rejects.toThrow('budget exceeded');
    expect(count()).toBe(1);
  });

  // The first version listened to the call's signal: a review call is given the run's stop signal, and
  // when its own charge passed a cap, the stop counted the answered call as abandoned.
  it('never counts an answered call whose charge stops the run and aborts the signal it was given', async () => {
    server.script([textAnswer('looks fine', { usage: { prompt_tokens: 100, completion_tokens: 10 } })]);
    const budget = new RunBudget({ max_tokens: 50 });
    const budgeted = budgetedModelClient(client(), budget);
    await budgeted.complete(request, { purpose: 'review:2' }, budget.signal);
    expect(budget.signal.aborted).toBe(true);
    expect(budget.usage).toMatchObject({ modelCalls: 1, promptTokens: 100 });
    expect(budget.usage).not.toHaveProperty('abandonedRequests');
  });

  it('reports an attempt the SDK timed out and retried, and not the answer that followed', async () => {
    server.script([hang(), textAnswer('second attempt')]);
    const { label: counted, count } = counting();
    // The timeout is the answer's too, which must come within it: 1 s is within a loaded machine's lag.
    const response = await client({ maxRetries: 1, timeoutMs: 3_000 }).complete(request, counted);
    expect(response.choices[0]?.message.content).toBe('second attempt');
    expect(server.requests).toHaveLength(2);
    expect(count()).toBe(1);
  });

  // Found by a pass over the eval: its fault-injecting fetch reads answers through a reader of its own, inside
  // the client's, and each reported the same request.
  it('reports a request once when its fetch reads answers through a reader of its own too', async () => {
    for (const reply of [hang(), { kind: 'cut', text: '{"id":"x","choices":[' } as const]) {
      server.script(() => reply);
      const { label: counted, count } = counting();
      const controller = new AbortController();
      const nested = createOpenAIModelClient({ baseURL: server.baseURL, apiKey: 'k', model: 'm', timeoutMs: 30_000, maxRetries: 0, fetch: readingAnswers((input, init) => fetch(input, init)) });
      const call = nested.complete(request, counted, controller.signal);
      if (reply.kind === 'hang') {
        await expect.poll(() => server.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
        controller.abort(new Error('budget exceeded'));
      }
      await expect(call).rejects.toThrow();
      expect(count(), reply.kind).toBe(1);
    }
  });

  it('reports an answer whose body broke off', async () => {
    server.script([{ kind: 'cut', text: '{"id":"x","choices":[' }]);
    const { label: counted, count } = counting();
    await failure(client({ maxRetries: 0 }).complete(request, counted));
    expect(count()).toBe(1);
  });

  // The wrapper reads the body ahead of the SDK: a 429 whose body came after its headers, cancelled
  // by the SDK for its retry while that read waited, was counted as abandoned.
  it('reports none for a 429 the SDK retries before its body has come', async () => {
    let requests = 0;
    const lateBodyThenAnswer = (res: ServerResponse): void => {
      requests += 1;
      if (requests === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '0' });
        res.flushHeaders();
        setTimeout(() => res.end('{"error":{"message":"slow down"}}'), 300);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] }));
    };
    await withRawServer(lateBodyThenAnswer, async (baseURL) => {
      const { label: counted, count } = counting();
      const retried = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 5_000, maxRetries: 1 });
      const response = await retried.complete(request, counted);
      expect(response.choices[0]?.message.content).toBe('ok');
      expect(requests).toBe(2);
      expect(count()).toBe(0);
    });
  });

  it('reports none for answers, errors the SDK retries, or a call cancelled before its request went out', async () => {
    server.script([httpError(429, { retryAfterMs: 0 }), textAnswer('after the wait'), httpError(400)]);
    const { label: counted, count } = counting();
    const fresh = client({ maxRetries: 1 });
    await fresh.complete(request, counted);
    await failure(fresh.complete(request, counted));
    const controller = new AbortController();
    const cancelled = client().complete(request, counted, controller.signal);
    controller.abort(new Error('cancelled at once'));
    await expect(cancelled).rejects.toThrow('cancelled at once');
    expect(server.requests).toHaveLength(3);
    expect(count()).toBe(0);
  });
});

// The SDK does not retry an answer whose body broke off (it reads bodies after its retries), and every
// caller but a plain step took the first one as the call's failure: the planner rejected the job, an agent
// step failed (found by an adversarial pass). Nothing has acted on such an answer, so the client asks again.
describe('an answer cut off mid-body', () => {
  const cut = { kind: 'cut', text: '{"id":"x","choices":[{"index":0,' } as const;

  it('is asked for again, and the dropped request is counted as abandoned', async () => {
    server.script([cut, textAnswer('the whole answer')]);
    let abandoned = 0;
    const response = await client({ maxRetries: 2 }).complete(request, { purpose: 'planner', onAbandoned: () => void abandoned++ });
    expect(response.choices[0]?.message.content).toBe('the whole answer');
    expect(server.requests).toHaveLength(2);
    expect(abandoned).toBe(1);
  });

  it('fails after the client’s retries, each dropped request counted, saying how often it was tried', async () => {
    server.script(() => cut);
    let abandoned = 0;
    const error = await failure(client({ maxRetries: 2 }).complete(request, { purpose: 'planner', onAbandoned: () => void abandoned++ }));
    expect(server.requests).toHaveLength(3);
    expect(abandoned).toBe(3);
    expect(error).toMatchObject({ failure: 'truncated', transient: true, attempts: 3 });
    expect(error.retriedByClient).toBe(true);
    expect(error.message).toContain('failed after 3 attempts: the answer was cut off before its end');
    expect(error.message).toContain('the model client asks again within its retries');
  });

  it('shares the call’s retries with the SDK’s: a drop and then 500s make no more requests than 500s alone', async () => {
    server.script([cut, ...Array.from({ length: 5 }, () => httpError(500, { retryAfterMs: 0 }))]);
    const error = await failure(client({ maxRetries: 2 }).complete(request, label));
    expect(server.requests).toHaveLength(3);
    expect(error).toMatchObject({ failure: 'http', status: 500, attempts: 3 });
  });

  // Found by a review: the answer the client could not read came after one it asked again for, and said 1 attempt.
  it('counts the requests a call made when the answer it got at last is no Chat Completions answer', async () => {
    server.script([cut, { kind: 'raw', body: { nothing: true } }]);
    const error = await failure(client({ maxRetries: 2 }).complete(request, label));
    expect(server.requests).toHaveLength(2);
    expect(error).toMatchObject({ failure: 'malformed', attempts: 2 });
    expect(error.message).toContain('failed after 2 attempts');
  });

  it('is not asked for again when the client may not retry', async () => {
    server.script([cut, textAnswer('never asked for')]);
    const error = await failure(client({ maxRetries: 0 }).complete(request, label));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ failure: 'truncated', attempts: 1 });
  });
});

// The SDK reads an answer whole before it parses it: an endpoint that sends without end (a misconfigured
// proxy, a hostile server) filled the runner's memory until the call's deadline, if ever.
describe('an answer longer than the client reads', () => {
  /** A 200 (or `status`) that starts a JSON answer and then sends 64 KiB at a time until the client hangs up. */
  function endless(status = 200, headers: Record<string, string> = {}) {
    let sent = 0;
    const answer = (res: ServerResponse): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.write('{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"');
      const chunk = 'a'.repeat(64 * 1024);
      const more = (): void => {
        if (res.destroyed || sent > 256 * 1024 * 1024) return;
        sent += chunk.length;
        if (res.write(chunk)) setImmediate(more);
        else res.once('drain', more);
      };
      res.on('error', () => {});
      more();
    };
    return { answer, sent: () => sent };
  }

  it(`fails a call at ${MAX_ANSWER_BYTES / 1024 / 1024} MiB with a permanent error that names the limit, and counts it as abandoned`, async () => {
    const server = endless();
    await withRawServer(server.answer, async (baseURL) => {
      let abandoned = 0;
      const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 30_000, maxRetries: 2 });
      const error = await failure(client.complete(request, { purpose: 'step:3', onAbandoned: () => void abandoned++ }));
      expect(error).toMatchObject({ failure: 'too-large', transient: false, attempts: 1 });
      expect(error.retriedByClient).toBe(false);
      expect(error.message).toContain(`the answer was longer than the 16 MiB plan-runner reads`);
      expect(error.message).toContain('No model writes that much in one answer');
      expect(abandoned).toBe(1);
      expect(server.sent()).toBeGreaterThanOrEqual(MAX_ANSWER_BYTES - 128 * 1024);
    });
  });

  it('fails at once when the answer declares a longer body, without waiting for it', async () => {
    const server = endless(200, { 'content-length': String(1024 ** 3) });
    await withRawServer(server.answer, async (baseURL) => {
      const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 30_000, maxRetries: 0, maxAnswerBytes: 1024 * 1024 });
      const error = await failure(client.complete(request, label));
      expect(error).toMatchObject({ failure: 'too-large', transient: false });
      expect(error.message).toContain('the answer declared 1073741824 bytes, more than the 1 MiB plan-runner reads');
    });
  });

  it('keeps the status of an error whose body is too long, and does not count it as abandoned', async () => {
    const server = endless(400);
    await withRawServer(server.answer, async (baseURL) => {
      let abandoned = 0;
      const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 30_000, maxRetries: 0, maxAnswerBytes: 256 * 1024 });
      const error = await failure(client.complete(request, { purpose: 'step:3', onAbandoned: () => void abandoned++ }));
      expect(error).toMatchObject({ failure: 'http', status: 400, transient: false });
      expect(error.message).toContain('the answer was longer than the 262144 bytes plan-runner reads');
      expect(abandoned).toBe(0);
    });
  });

  it('reads an answer of exactly the limit', async () => {
    const content = 'b'.repeat(200_000);
    const body = JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
    await withRawServer(
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      },
      async (baseURL) => {
        const client = createOpenAIModelClient({ baseURL, apiKey: 'k', model: 'm', timeoutMs: 30_000, maxRetries: 0, maxAnswerBytes: Buffer.byteLength(body) });
        const response = await client.complete(request, label);
        expect(response.choices[0]?.message.content).toBe(content);
      },
    );
  });
});
