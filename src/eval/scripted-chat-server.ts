import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answersEntryFor, type ScriptedAnswer, type ScriptedAnswers } from './scripted-answers.ts';
import { itemStepPurpose } from './fault-rule.ts';
import { estimateTokens } from '../llm/call-usage.ts';
import type { ChatRequest } from '../llm/model-client.ts';
import { NO_SCRIPTED_ANSWER_CODE } from '../llm/model-call-error.ts';

/** Characters a token stands for in the scripted server's usage counts (a common rule of thumb). */
export const CHARS_PER_TOKEN = 4;
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface ScriptedChatServer {
  /** The base URL to give the `openai` SDK (`…/v1`). */
  readonly url: string;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The answer, with its tokens counted as plan-runner estimates a call's whose endpoint sends none: the request's
 * messages, tool definitions and response format, and what the answer wrote. Counted from the messages alone, the
 * tool definitions the ReAct baseline sends with every turn went uncounted (found by an eval hunt).
 */
function completion(request: ChatRequest, answer: ScriptedAnswer, index: number): unknown {
  const toolCalls = answer.tool_calls?.map((call, n) => ({
    id: `call_${index}_${n}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const choices = [
    {
      index: 0,
      finish_reason: toolCalls ? ('tool_calls' as const) : ('stop' as const),
      logprobs: null,
      message: { role: 'assistant' as const, content: answer.text ?? null, refusal: null, ...(toolCalls && { tool_calls: toolCalls }) },
    },
  ];
  const { promptTokens, completionTokens } = estimateTokens(request, { id: `scripted-${index}`, object: 'chat.completion', created: 0, model: request.model, choices });
  return {
    id: `scripted-${index}`,
    object: 'chat.completion',
    created: 0,
    model: request.model || 'scripted',
    choices,
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

/**
 * A Chat Completions endpoint on 127.0.0.1 that answers from an answers file, by caller and call
 * order within each run (both sent by plan-runner's own fetch as headers). It lets `eval` run the
 * real SDK, retries and faults included, with no model and no network.
 */
export async function startScriptedChatServer(answers: ScriptedAnswers): Promise<ScriptedChatServer> {
  const calls = new Map<string, number>();
  let served = 0;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return send(res, 404, { error: { message: 'only POST /v1/chat/completions is served' } });
      const body = JSON.parse(await readBody(req)) as ChatRequest;
      const purpose = decodeURIComponent(String(req.headers['x-plan-runner-purpose'] ?? ''));
      const run = String(req.headers['x-plan-runner-run'] ?? '0');
      // An item's own entry, else its step's: every item of `step:review` takes the step's list.
      const step = itemStepPurpose(purpose);
      const entry = answersEntryFor(answers, purpose);
      const list = entry === undefined ? undefined : answers[entry];
      if (!list) {
        const known = Object.keys(answers).sort().join(', ') || '(none)';
        return send(res, 400, { error: { message: `the answers file has no answers for '${purpose}' (it has: ${known}); add '${step ?? purpose}:' with a list of answers${step === undefined ? '' : ` (one list for every item of the step, or '${purpose}:' for this item)`}`, type: 'invalid_request_error', code: NO_SCRIPTED_ANSWER_CODE } });
      }
      const key = `${run}\u0000${purpose}`;
      const ordinal = calls.get(key) ?? 0;
      calls.set(key, ordinal + 1);
      served += 1;
      send(res, 200, completion({ ...body, messages: body.messages ?? [] }, list[Math.min(ordinal, list.length - 1)]!, served));
    })().catch((error: unknown) => send(res, 400, { error: { message: `bad request: ${error instanceof Error ? error.message : String(error)}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
