import type OpenAI from 'openai';
import { cutText } from '../../core/cut-text.ts';
import { afterLoopTurned } from '../../core/held-loop.ts';
import { boundedCall, MAX_UNKNOWN_NAME_CHARS } from './bounded-call.ts';

type FunctionCall = OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall;
type AnswerMessage = { readonly tool_calls?: readonly OpenAI.Chat.Completions.ChatCompletionMessageToolCall[] | undefined } | undefined;

/**
 * The most tool calls of one answer that are read (answered, recorded): the rest are left out of the
 * conversation, and the model is told. An answer can hold a hundred thousand calls within its size cap.
 */
export const MAX_TOOL_CALLS_READ_PER_TURN = 64;

/** Said after the last reply of a turn whose answer held `dropped` calls past MAX_TOOL_CALLS_READ_PER_TURN (also by the eval's ReAct baseline). */
export function notReadNote(dropped: number): string {
  return `\n\n(${dropped} more tool call${dropped === 1 ? '' : 's'} in your last answer ${dropped === 1 ? 'was' : 'were'} not read: at most ${MAX_TOOL_CALLS_READ_PER_TURN} are read from one answer.)`;
}

/** A call of another type than `function` (a server's own kind, kept as it came): no step runs it. */
export interface OtherCall {
  /** The tool it names, cut as an unknown name is. */
  readonly name: string;
  /** Its type for a message: `"custom"`, quoted and cut. */
  readonly type: string;
  /** Its arguments as text, as a function call's are read. */
  readonly arguments: string;
}

/** The calls of one model answer as a tool loop reads them. */
export interface AnswerCalls {
  /** The function calls read, as the conversation keeps them (`boundedCall`): these run. */
  readonly calls: FunctionCall[];
  /** The calls of another type read: not run, and not kept in the conversation, which `otherCallsNote` tells of. */
  readonly others: OtherCall[];
  /** How many calls past MAX_TOOL_CALLS_READ_PER_TURN were not read. */
  readonly dropped: number;
}

/**
 * The calls of `message`, the answer of `turn`, read by the one rule an agent step and the eval's ReAct baseline share:
 * at most MAX_TOOL_CALLS_READ_PER_TURN, function calls kept by `boundedCall`, calls of another type told apart. Those
 * were passed over by an agent step, which took the text beside them ("I will call add") as its final answer, and run
 * as functions by the baseline (found by an adversarial pass).
 */
export function answerCalls(message: AnswerMessage, turn: number, known: (name: string) => boolean, used: Set<string>): AnswerCalls {
  const asked = message?.tool_calls ?? [];
  const calls: FunctionCall[] = [];
  const others: OtherCall[] = [];
  for (const [at, call] of asked.slice(0, MAX_TOOL_CALLS_READ_PER_TURN).entries()) {
    if (call.type === 'function') calls.push(boundedCall(call, `plan-runner-call-${turn}-${at}`, known, used));
    else others.push(otherCall(call));
  }
  return { calls, others, dropped: Math.max(0, asked.length - MAX_TOOL_CALLS_READ_PER_TURN) };
}

/** A call of another type as the answer reader kept it: its `function` named, its type and arguments as they came. */
function otherCall(call: object): OtherCall {
  const { type, function: fn } = call as { readonly type?: unknown; readonly function: { readonly name: string; readonly arguments?: unknown } };
  const name = fn.name.length > MAX_UNKNOWN_NAME_CHARS ? cutText(fn.name, MAX_UNKNOWN_NAME_CHARS + 1) : fn.name;
  const args = fn.arguments;
  return {
    name,
    type: typeof type === 'string' ? JSON.stringify(cutText(type, 41)) : 'that is not text',
    arguments: typeof args === 'string' ? args : args === undefined || args === null ? '{}' : JSON.stringify(args),
  };
}

/** Why a call of another type was not run, for the trace. */
export function otherCallError(call: OtherCall): string {
  return `not run: a tool call of type ${call.type}; only tool calls of type "function" are run`;
}

const NAMED_OTHER_CALLS = 3;

/** What the model is told of the calls of another type in its last answer: not run, and how to call instead. */
export function otherCallsNote(others: readonly OtherCall[]): string {
  const named = others.slice(0, NAMED_OTHER_CALLS).map((call) => `'${call.name}' (type ${call.type})`);
  const more = others.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
  return `Not run: your last answer called ${list} as ${others.length === 1 ? 'a tool call' : 'tool calls'} of another type; only tool calls of type "function" are run. Call the tools you were offered as functions, or answer with plain text when you are done.`;
}

/**
 * Before each call of one answer after its first (an agent step's, and the eval's ReAct baseline's): the event loop turns,
 * and a stop that landed meanwhile (`signal`: a timeout, a cancel, a budget) ends the turn there. A call no tool runs for
 * (arguments refused, each checked against its schema for up to 5 s; a tool not offered; the cap) is answered without
 * waiting on anything: 16 such calls held the event loop 84 s, past the step's `timeout_seconds: 3` and a cancel, and
 * the step then completed (found by an agent hunt).
 */
export async function stopBetweenCalls(index: number, signal: AbortSignal): Promise<void> {
  if (index > 0) await afterLoopTurned(signal);
}
