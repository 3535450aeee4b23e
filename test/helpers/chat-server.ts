import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRequest } from '../../src/llm/model-client.ts';

/** A request the server received, in arrival order. */
export interface ReceivedRequest {
  readonly index: number;
  readonly body: ChatRequest;
  readonly headers: IncomingHttpHeaders;
}

interface ToolCallScript {
  readonly name: string;
  /** An object (sent as JSON) or the raw argument string, to script malformed JSON. */
  readonly arguments: unknown;
}

/** A scripted answer: a completion, an HTTP error, or no answer at all (the client must time out). */
export type ScriptedReply =
  | {
      readonly kind: 'completion';
      readonly content?: string | null;
      readonly toolCalls?: readonly ToolCallScript[];
      readonly model?: string;
      readonly usage?: ScriptedUsage;
    }
  | { readonly kind: 'http'; readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: unknown }
  | { readonly kind: 'hang' }
  /** A 200 whose JSON body is exactly `body`: the answer shapes other servers send. */
  | { readonly kind: 'raw'; readonly body: unknown }
  /** A 200 whose body stops after `text` (the connection is dropped mid-answer). */
  | { readonly kind: 'cut'; readonly text: string }
  /** A body that is `text` as it is (status 200 unless given): JSON that `JSON.stringify` cannot write (nested past its stack). */
  | { readonly kind: 'text'; readonly text: string; readonly status?: number };

/** A queue of replies (one per request, in order) or a function deciding per request. */
export type ChatScript = readonly ScriptedReply[] | ((request: ReceivedRequest) => ScriptedReply | Promise<ScriptedReply>);

/** A completion whose message is `content`. */
/** A completion's `usage` as the server sends it; `prompt_tokens_details.cached_tokens`: the prompt's tokens read from the endpoint's cache. */
export interface ScriptedUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly prompt_tokens_details?: { readonly cached_tokens: number };
}

export function textAnswer(content: string, extra: { model?: string; usage?: ScriptedUsage } = {}): ScriptedReply {
  return { kind: 'completion', content, ...extra };
}

/** A completion that calls `name` with `args` (an object, or a raw string for malformed JSON). */
export function toolCallAnswer(name: string, args: unknown): ScriptedReply {
  return { kind: 'completion', content: null, toolCalls: [{ name, arguments: args }] };
}

/**
 * A 200 answer whose message is `content` beside exactly `calls`, as a server sends them (an id given twice or none,
 * a type other than `function`, arguments not a string), which `toolCallAnswer` would write in the usual shape.
 */
export function rawToolCallsAnswer(calls: unknown[], content: string | null = null): ScriptedReply {
  return {
    kind: 'raw',
    body: { choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content, tool_calls: calls } }], usage: { prompt_tokens: 10, completion_tokens: 5 } },
  };
}

/** An API error in OpenAI's shape; `retryAfterMs` sets `retry-after-ms`, which the SDK honours. */
export function httpError(
  status: number,
  options: { message?: string; retryAfterMs?: number; headers?: Record<string, string> } = {},
): ScriptedReply {
  const headers = { ...options.headers };
  if (options.retryAfterMs !== undefined) headers['retry-after-ms'] = String(options.retryAfterMs);
  return { kind: 'http', status, headers, body: { error: { message: options.message ?? `scripted ${status}`, type: 'scripted' } } };
}

/** No answer: the connection stays open until the client gives up or the server closes. */
export function hang(): ScriptedReply {
  return { kind: 'hang' };
}

/** Characters of every message's text and tool-call arguments: the basis of the fake token counts. */
export function requestChars(body: ChatRequest): number {
  let chars = 0;
  for (const message of body.messages) {
    const content = message.content;
    if (typeof content === 'string') chars += content.length;
    else if (Array.isArray(content)) for (const part of content) chars += 'text' in part ? part.text.length : 0;
    if ('tool_calls' in message && message.tool_calls) {
      for (const call of message.tool_calls) if (call.type === 'function') chars += call.function.arguments.length;
    }
  }
  return chars;
}

function completionBody(reply: Extract<ScriptedReply, { kind: 'completion' }>, request: ReceivedRequest): unknown {
  const toolCalls = reply.toolCalls?.map((call, index) => ({
    id: `call_${request.index}_${index}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
  }));
  const answerChars = (reply.content ?? '').length + (toolCalls ?? []).reduce((sum, call) => sum + call.function.arguments.length, 0);
  const usage = reply.usage ?? { prompt_tokens: Math.ceil(requestChars(request.body) / 4), completion_tokens: Math.ceil(answerChars / 4) };
  return {
    id: `chatcmpl-${request.index}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: reply.model ?? request.body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.content ?? null, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A local Chat Completions endpoint for tests. */
export interface ChatServer {
  /** Pass as the SDK's `baseURL` (ends in `/v1`). */
  readonly baseURL: string;
  /** Every request received, in order (retries included). */
  readonly requests: ReceivedRequest[];
  /** Replaces the script (a new queue starts from the next request). */
  script(script: ChatScript): void;
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (random port) speaking POST /v1/chat/completions, non-streaming,
 * answering from `script`. A request with no scripted answer gets a 400 that names it, so a test
 * that makes an unexpected call fails loudly instead of hanging.
 */
export async function startChatServer(initial: ChatScript = []): Promise<ChatServer> {
  const requests: ReceivedRequest[] = [];
  let script: ChatScript = initial;
  let queue = Array.isArray(initial) ? [...initial] : [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        return;
      }
      const request: ReceivedRequest = {
        index: requests.length,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest,
        headers: req.headers,
      };
      requests.push(request);
      void (async () => {
        const reply = typeof script === 'function' ? await script(request) : queue.shift();
        if (!reply) {
          send(res, 400, { error: { message: `chat server: no scripted answer for request ${request.index}` } }, { 'x-should-retry': 'false' });
        } else if (reply.kind === 'hang') {
          return;
        } else if (reply.kind === 'raw') {
          send(res, 200, reply.body);
        } else if (reply.kind === 'text') {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
          res.end(reply.text);
        } else if (reply.kind === 'cut') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(reply.text) + 1000) });
          res.write(reply.text, () => res.destroy());
        } else if (reply.kind === 'http') {
          send(res, reply.status, reply.body ?? {}, reply.headers);
        } else {
          send(res, 200, completionBody(reply, request));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      script = next;
      queue = Array.isArray(next) ? [...next] : [];
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
