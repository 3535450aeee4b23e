import type { ChatResponse } from './model-client.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with an answer that is not a Chat Completions answer. */
class MalformedAnswer {
  readonly problem: string;
  constructor(problem: string) {
    this.problem = problem;
  }
}

/** The answer in the shape plan-runner reads, or what is wrong with it. */
export type ReadAnswer = { readonly ok: true; readonly response: ChatResponse } | { readonly ok: false; readonly problem: string };

function toolCalls(value: unknown, choice: number): unknown[] | MalformedAnswer | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return new MalformedAnswer(`choices[${choice}].message.tool_calls is not a list`);
  const calls: unknown[] = [];
  for (const [index, call] of value.entries()) {
    const where = `choices[${choice}].message.tool_calls[${index}]`;
    const fn = isObject(call) ? call['function'] : undefined;
    if (!isObject(call) || !isObject(fn) || typeof fn['name'] !== 'string') return new MalformedAnswer(`${where} has no function name`);
    if (call['type'] !== undefined && call['type'] !== 'function') {
      calls.push(call); // a custom tool call: kept as it is, callers look for functions only
      continue;
    }
    const args = fn['arguments'];
    calls.push({
      ...call,
      // Some servers leave out the type, the id, or send the arguments as an object.
      type: 'function',
      id: typeof call['id'] === 'string' && call['id'] !== '' ? call['id'] : `call_${choice}_${index}`,
      function: { ...fn, arguments: typeof args === 'string' ? args : args === undefined || args === null ? '{}' : JSON.stringify(args) },
    });
  }
  return calls;
}

function content(value: unknown): string | null | MalformedAnswer {
  if (value === undefined || value === null || typeof value === 'string') return value ?? null;
  // A list of content parts (some servers answer in the request's format): their text, joined.
  if (Array.isArray(value)) return value.map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : '')).join('');
  return new MalformedAnswer('the message content is neither text nor null');
}

function usage(value: unknown): ChatResponse['usage'] | undefined {
  if (!isObject(value)) return undefined;
  const prompt = value['prompt_tokens'];
  const completion = value['completion_tokens'];
  if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
  // Counts that are not whole and non-negative say nothing true (a negative one would lower the spend): tokens are estimated instead.
  if (!Number.isSafeInteger(prompt) || !Number.isSafeInteger(completion) || prompt < 0 || completion < 0) return undefined;
  // Every chat request sends a prompt: 0 prompt tokens is a server that counts nothing, and would let every cap pass.
  if (prompt === 0) return undefined;
  return { ...value, prompt_tokens: prompt, completion_tokens: completion, total_tokens: typeof value['total_tokens'] === 'number' ? value['total_tokens'] : prompt + completion };
}

/**
 * A 200 answer as a Chat Completions response, in the shape the rest of plan-runner reads, or what
 * is wrong with it. What OpenAI-compatible servers vary in is accepted: tool calls without `type`
 * or `id`, arguments as an object, content as a list of parts, `content` missing, no or partial
 * `usage` (dropped, so tokens are estimated; so is a negative or fractional count, or 0 prompt tokens), any
 * `finish_reason` (a step refuses a cut-off answer), extra fields.
 */
export function readChatResponse(raw: unknown): ReadAnswer {
  const read = normalise(raw);
  return read instanceof MalformedAnswer ? { ok: false, problem: read.problem } : { ok: true, response: read };
}

function normalise(raw: unknown): ChatResponse | MalformedAnswer {
  if (!isObject(raw)) return new MalformedAnswer(typeof raw === 'string' ? `the answer is text, not JSON: ${JSON.stringify(raw.slice(0, 120))}` : 'the answer is not a JSON object');
  if (isObject(raw['error'])) {
    const message = raw['error']['message'];
    return new MalformedAnswer(`the answer is an error with status 200: ${typeof message === 'string' ? message : JSON.stringify(raw['error']).slice(0, 200)}`);
  }
  const rawChoices = raw['choices'];
  if (!Array.isArray(rawChoices)) return new MalformedAnswer(rawChoices === undefined ? 'the answer has no `choices`' : '`choices` is not a list');
  if (rawChoices.length === 0) return new MalformedAnswer('`choices` is empty');
  const choices: unknown[] = [];
  for (const [index, choice] of rawChoices.entries()) {
    const message = isObject(choice) ? choice['message'] : undefined;
    if (!isObject(choice) || !isObject(message)) return new MalformedAnswer(`choices[${index}] has no \`message\``);
    const text = content(message['content']);
    if (text instanceof MalformedAnswer) return new MalformedAnswer(`choices[${index}]: ${text.problem}`);
    const calls = toolCalls(message['tool_calls'], index);
    if (calls instanceof MalformedAnswer) return calls;
    const { tool_calls: _dropped, ...rest } = message;
    choices.push({
      ...choice,
      index: typeof choice['index'] === 'number' ? choice['index'] : index,
      finish_reason: choice['finish_reason'] ?? null,
      message: { ...rest, role: 'assistant', content: text, refusal: typeof message['refusal'] === 'string' ? message['refusal'] : null, ...(calls && calls.length > 0 ? { tool_calls: calls } : {}) },
    });
  }
  const { usage: rawUsage, ...answer } = raw;
  const counted = usage(rawUsage);
  return {
    ...answer,
    id: typeof raw['id'] === 'string' ? raw['id'] : '',
    object: 'chat.completion',
    created: typeof raw['created'] === 'number' ? raw['created'] : 0,
    model: typeof raw['model'] === 'string' ? raw['model'] : '',
    choices,
    ...(counted ? { usage: counted } : {}),
  } as ChatResponse;
}
