import { cutText } from '../core/cut-text.ts';
import type { ChatResponse } from './model-client.ts';

/**
 * Why an answer to a call that offers no tools is no answer, when it is only a tool call (no text beside it): `the
 * model answered with a call of the tool "x" instead of text, …`, saying what to do; undefined otherwise. Read as
 * text, such an answer was an empty one: the planner said "the answer was empty", and a judge quoted `""` as its
 * verdict (found by an adversarial pass).
 */
export function toolCallInstead(choice: ChatResponse['choices'][number] | undefined): string | undefined {
  const call = choice?.message.tool_calls?.[0];
  if (!call || (choice?.message.content ?? '').trim() !== '') return undefined;
  // A call of another type is kept as the endpoint sent it (`read-chat-response.ts`): its name may be missing.
  const name: unknown = call.type === 'function' ? call.function.name : (call as { custom?: { name?: unknown } }).custom?.name;
  const tool = typeof name === 'string' ? `the tool ${JSON.stringify(cutText(name, 100))}` : 'a tool';
  return `the model answered with a call of ${tool} instead of text, and this call offers it no tools: use a model (or endpoint) that answers in text, or one that follows response_format`;
}
