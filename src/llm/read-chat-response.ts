import { hasVisibleText } from '../core/invisible-characters.ts';
import { cutText } from '../core/cut-text.ts';
import { exceedsDepth } from '../core/exceeds-depth.ts';
import { MAX_JSON_DEPTH } from '../core/parse-json.ts';
import type { ChatResponse } from './model-client.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A choice's error in words: its message, and its code when it has one. */
function choiceError(error: Json): string {
  const message = typeof error['message'] === 'string' && error['message'] !== '' ? cutText(error['message'], 200) : 'no error message';
  const code = error['code'];
  return typeof code === 'number' || (typeof code === 'string' && code !== '') ? `${message} (code ${cutText(String(code), 40)})` : message;
}

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
    // The call goes back to the endpoint as it came, its other fields too: 20,000 levels overflowed the stack when
    // the next request was written (found by an adversarial pass).
    const { arguments: _args, ...named } = fn;
    if (exceedsDepth({ ...call, function: named }, MAX_JSON_DEPTH)) return new MalformedAnswer(`${where} nests more than ${MAX_JSON_DEPTH} levels deep`);
    const args = fn['arguments'];
    // Arguments sent as an object are written out as text here: 100,000 levels overflowed the stack. Checked before a
    // call of another type is kept as it came: its arguments are written out too (found by an adversarial pass).
    if (typeof args === 'object' && exceedsDepth(args, MAX_JSON_DEPTH)) return new MalformedAnswer(`${where}.function.arguments nest more than ${MAX_JSON_DEPTH} levels deep`);
    if (call['type'] !== undefined && call['type'] !== 'function') {
      calls.push(call); // a custom tool call: kept as it is, callers look for functions only
      continue;
    }
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

/** A message's answer, and the reasoning taken out of it (`withoutThinking`). */
interface ReadContent {
  readonly text: string | null;
  readonly thinking: string;
}

function content(value: unknown): ReadContent | MalformedAnswer {
  if (value === undefined || value === null) return { text: null, thinking: '' };
  if (typeof value === 'string') return withoutThinking(value);
  // A list of content parts (some servers answer in the request's format): their text, joined.
  if (Array.isArray(value)) return withoutThinking(value.map((part) => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : '')).join(''));
  return new MalformedAnswer('the message content is neither text nor null');
}

const THINK_OPEN = /^\s*<think>/i;
const THINK_CLOSE = /<\/think>/i;

/**
 * The answer without the reasoning a thinking model wrote before it, which a server with no reasoning parser
 * leaves in `content` (`<think>…</think>`, as vLLM or Ollama serve DeepSeek-R1 and Qwen3): read as the answer,
 * it was the step's result, and a goal looking for "APPROVED" was met by the reasoning's "should I say APPROVED?"
 * above an answer that said REJECTED (found by an adversarial pass). Reasoning never closed is no answer.
 * Anything else is left as written. The reasoning taken out is returned too: it is output the model was paid for.
 */
function withoutThinking(text: string): ReadContent {
  if (!THINK_OPEN.test(text)) return { text, thinking: '' };
  const close = THINK_CLOSE.exec(text);
  return close ? { text: text.slice(close.index + close[0].length).trimStart(), thinking: text.slice(0, close.index) } : { text: '', thinking: text };
}

/**
 * The field of a message that holds what the model wrote and no reader is given: the reasoning taken out of
 * `content`, and the text and tool calls beside a refusal. The usage estimate counts it: it is output the model
 * was paid for. Left uncounted, 200,000 characters of it with no `usage` were charged as 1 to 3 tokens, and
 * max_tokens never stopped the run (found by an adversarial pass).
 */
export const UNREAD_OUTPUT = 'plan_runner_unread_output';

/** What `choice` wrote that its reader does not see: `thinking`, and beside a refusal its text and tool calls. */
function unreadOutput(thinking: string, refused: boolean, text: string | null, calls: readonly unknown[] | undefined): string {
  if (!refused) return thinking;
  const called = (calls ?? []).map((call) => JSON.stringify(call));
  return [thinking, text ?? '', ...called].join('');
}

/** A whole count written as text, as some gateways write every number: `"50000"`. */
const DIGITS = /^\d{1,16}$/;

/**
 * A count a server reported: a whole, non-negative number, or one written in digits as text, else undefined. Text was
 * a count that said nothing: a gateway that wrote `"completion_tokens": "50000"` had its usage dropped and a hidden
 * reasoning's 50,000 tokens estimated from its 2-character answer as 1, so `max_tokens` never stopped it (found by a cost hunt).
 */
function count(value: unknown): number | undefined {
  const number = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/**
 * The answer's token counts, as the budget charges them. The output is the most any field says was
 * produced: some gateways leave a thinking model's reasoning tokens out of `completion_tokens` but in
 * `total_tokens` or `completion_tokens_details.reasoning_tokens` (300,000 tokens were charged as 15), or
 * send `completion_tokens: null` beside a total (the call was then estimated at a 500th of it).
 */
function usage(value: unknown): ChatResponse['usage'] | undefined {
  if (!isObject(value)) return undefined;
  const prompt = count(value['prompt_tokens']);
  const total = count(value['total_tokens']);
  const details = value['completion_tokens_details'];
  const reasoning = isObject(details) ? count(details['reasoning_tokens']) : undefined;
  // Counts that are not whole and non-negative say nothing true (a negative one would lower the spend): tokens are estimated instead.
  // Every chat request sends a prompt: 0 prompt tokens is a server that counts nothing, and would let every cap pass.
  if (prompt === undefined || prompt === 0) return undefined;
  const written = value['completion_tokens'];
  const reported = count(written);
  if (written !== undefined && written !== null && reported === undefined) return undefined;
  const fromTotal = total !== undefined && total >= prompt ? total - prompt : undefined;
  if (reported === undefined && fromTotal === undefined) return undefined;
  const completion = Math.max(reported ?? 0, fromTotal ?? 0, reasoning !== undefined && reported !== undefined && reasoning > reported ? reported + reasoning : 0);
  return { ...value, prompt_tokens: prompt, completion_tokens: completion, total_tokens: Math.max(total ?? 0, prompt + completion) };
}

/**
 * A 200 answer as a Chat Completions response, in the shape the rest of plan-runner reads, or what
 * is wrong with it. What OpenAI-compatible servers vary in is accepted: tool calls without `type`
 * or `id`, arguments as an object (nesting at most `MAX_JSON_DEPTH` levels), content as a list of parts, `content` missing, partial `usage` (read
 * for what it says; none, or counts that say nothing, are dropped and the tokens estimated: a negative or
 * fractional count, 0 prompt tokens, no output count), any
 * `finish_reason` (a step refuses a cut-off answer), extra fields. Counts written in digits as text are read as numbers.
 */
export function readChatResponse(raw: unknown): ReadAnswer {
  const read = normalise(raw);
  return read instanceof MalformedAnswer ? { ok: false, problem: read.problem } : { ok: true, response: read };
}

function normalise(raw: unknown): ChatResponse | MalformedAnswer {
  if (!isObject(raw)) return new MalformedAnswer(typeof raw === 'string' ? `the answer is text, not JSON: ${JSON.stringify(cutText(raw, 120))}` : 'the answer is not a JSON object');
  if (isObject(raw['error'])) {
    const message = raw['error']['message'];
    // Written as JSON only when it nests as JSON may: 20,000 levels overflowed the stack in JSON.stringify (found by an adversarial pass).
    // Cut with a `…`, as every cut is: the redactor hides the start of a known value that runs into it (a key a
    // gateway quoted showed 14 of its 32 characters; found by a secret hunt).
    const shown = typeof message === 'string' ? message : exceedsDepth(raw['error'], MAX_JSON_DEPTH) ? `an error nested more than ${MAX_JSON_DEPTH} levels deep` : cutText(JSON.stringify(raw['error']), 200);
    return new MalformedAnswer(`the answer is an error with status 200: ${shown}`);
  }
  // A gateway's error as text: read as an answer without choices, its words were shown nowhere (found by an adversarial pass).
  if (typeof raw['error'] === 'string' && raw['choices'] === undefined) return new MalformedAnswer(`the answer is an error with status 200: ${cutText(raw['error'], 200)}`);
  const rawChoices = raw['choices'];
  if (!Array.isArray(rawChoices)) return new MalformedAnswer(rawChoices === undefined ? 'the answer has no `choices`' : '`choices` is not a list');
  if (rawChoices.length === 0) return new MalformedAnswer('`choices` is empty');
  const choices: unknown[] = [];
  for (const [index, choice] of rawChoices.entries()) {
    const message = isObject(choice) ? choice['message'] : undefined;
    if (!isObject(choice) || !isObject(message)) return new MalformedAnswer(`choices[${index}] has no \`message\``);
    // A choice its provider failed (OpenRouter: `finish_reason: error`, and the error beside it): read as an answer cut
    // off, the step said to raise the token limit, and the endpoint's words were shown nowhere (found by an adversarial pass).
    if (isObject(choice['error'])) return new MalformedAnswer(`choices[${index}] ended in an error: ${choiceError(choice['error'])}`);
    const read = content(message['content']);
    if (read instanceof MalformedAnswer) return new MalformedAnswer(`choices[${index}]: ${read.problem}`);
    const { text, thinking } = read;
    const calls = toolCalls(message['tool_calls'], index);
    if (calls instanceof MalformedAnswer) return calls;
    const { tool_calls: _dropped, ...rest } = message;
    const refusal = typeof message['refusal'] === 'string' ? message['refusal'] : null;
    // A refusal is no answer, whatever else the message holds: OpenAI sends none beside it, but a gateway that
    // also fills `content` (the refusal's words) had them taken as a step's result and checked by its goals, and
    // its tool calls would have run (found by an adversarial hunt). Every reader sees no text and says "refused".
    const refused = refusal !== null && hasVisibleText(refusal);
    const unread = unreadOutput(thinking, refused, text, calls);
    choices.push({
      ...choice,
      index: typeof choice['index'] === 'number' ? choice['index'] : index,
      finish_reason: choice['finish_reason'] ?? null,
      // A refusal of only blanks is none: `refusal` is null then, so every reader may test it as it is.
      message: { ...rest, role: 'assistant', content: refused ? null : text, refusal: refused ? refusal : null, ...(!refused && calls && calls.length > 0 ? { tool_calls: calls } : {}), ...(unread !== '' && { [UNREAD_OUTPUT]: unread }) },
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

/**
 * What a 200 answer that is no Chat Completions answer (no choices, an error object) still reports it used,
 * as an answer with no choices to charge; undefined when it reports nothing usable. The endpoint bills it.
 */
export function billedAnswer(raw: unknown, requestedModel: string): ChatResponse | undefined {
  if (!isObject(raw)) return undefined;
  const used = usage(raw['usage']);
  if (!used) return undefined;
  return { id: '', object: 'chat.completion', created: 0, model: typeof raw['model'] === 'string' ? raw['model'] : requestedModel, choices: [], usage: used };
}
