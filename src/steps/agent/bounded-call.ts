import type OpenAI from 'openai';
import { cutText } from '../../core/cut-text.ts';

type FunctionCall = OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall;

/**
 * The longest call id, and name of a tool the step does not offer, a conversation keeps: both are the model's
 * own strings, resent every turn and counted by no budget. Ten turns of 8 calls named with 50,000 characters
 * sent 4.4 million characters in the last request (found by an adversarial pass). A plan's tool names have at
 * most 64 characters, an MCP server's 128.
 */
const MAX_CALL_ID_CHARS = 64;
export const MAX_UNKNOWN_NAME_CHARS = 128;

/**
 * The call as the conversation keeps it: a longer id, or one the conversation already holds (`used`), replaced by
 * the runner's (`fallbackId`), a longer unknown name cut; its id is added to `used`. A server that sends no ids is
 * read as `call_0_0` every turn, and one may give parallel calls one id: replies that name the same id cannot say
 * which call they answer, and OpenAI refuses a conversation with such ids (found by an adversarial pass). An agent
 * step's loop and the eval's ReAct baseline both keep calls so.
 */
export function boundedCall(call: FunctionCall, fallbackId: string, known: (name: string) => boolean, used: Set<string>): FunctionCall {
  const { id, function: fn } = call;
  const replaceId = id.length > MAX_CALL_ID_CHARS || used.has(id);
  let newId = fallbackId;
  for (let again = 1; replaceId && used.has(newId); again += 1) newId = `${fallbackId}-${again}`;
  used.add(replaceId ? newId : id);
  const longName = fn.name.length > MAX_UNKNOWN_NAME_CHARS && !known(fn.name);
  if (!replaceId && !longName) return call;
  return { ...call, id: replaceId ? newId : id, function: { ...fn, name: longName ? cutText(fn.name, MAX_UNKNOWN_NAME_CHARS + 1) : fn.name } };
}
