import { canonicalJson } from '../core/stable-hash.ts';
import type { ChatRequest } from './model-client.ts';

type Message = ChatRequest['messages'][number];

function textOf(message: Message): string {
  const content = message.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part) => ('text' in part ? part.text : JSON.stringify(part))).join('')
        : '';
  const calls =
    'tool_calls' in message && message.tool_calls
      ? message.tool_calls.map((call) => (call.type === 'function' ? `${call.function.name}(${call.function.arguments})` : call.type))
      : [];
  return calls.length > 0 ? `${text}[calls ${calls.join(', ')}]` : text;
}

function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 20);
  const end = Math.min(text.length, at + 40);
  return JSON.stringify(`${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`);
}

function textDifference(recorded: string, now: string): string {
  let at = 0;
  while (at < recorded.length && at < now.length && recorded[at] === now[at]) at += 1;
  return `differs at character ${at}: recorded ${excerpt(recorded, at)} but now ${excerpt(now, at)}`;
}

function toolNames(request: ChatRequest): string {
  return (request.tools ?? []).map((tool) => (tool.type === 'function' ? tool.function.name : tool.type)).join(', ');
}

/** A value as the difference shows it: JSON with keys sorted, so a recording edited by hand reads the same. */
function shown(value: unknown): string {
  return value === undefined ? 'none' : canonicalJson(value);
}

/** How two JSON values differ, briefly: both whole when short, else from the first character that differs. */
function valueDifference(recorded: unknown, now: unknown): string {
  const [was, is] = [shown(recorded), shown(now)];
  return was.length + is.length <= 80 ? `recorded ${was} but now ${is}` : textDifference(was, is);
}

/**
 * The first difference between a recorded request and a new one in everything that decides the answer
 * (model, tools offered with their descriptions and schemas, tool_choice, messages, then any other field:
 * temperature, response_format…), described briefly; undefined when they match.
 */
export function firstRequestDifference(recorded: ChatRequest, now: ChatRequest): string | undefined {
  if (recorded.model !== now.model) return `model differs: recorded "${recorded.model}" but now "${now.model}"`;
  const [recordedTools, nowTools] = [toolNames(recorded), toolNames(now)];
  if (recordedTools !== nowTools) return `tools differ: recorded [${recordedTools}] but now [${nowTools}]`;
  // Found by an adversarial pass: a tool's description or argument schema changed was answered from the recording.
  for (const [index, tool] of (now.tools ?? []).entries()) {
    const was = recorded.tools?.[index];
    if (canonicalJson(was) !== canonicalJson(tool)) return `tool ${tool.type === 'function' ? tool.function.name : tool.type} differs: ${valueDifference(was, tool)}`;
  }
  const [recordedChoice, nowChoice] = [JSON.stringify(recorded.tool_choice), JSON.stringify(now.tool_choice)];
  if (recordedChoice !== nowChoice) return `tool_choice differs: recorded ${recordedChoice} but now ${nowChoice}`;
  const count = Math.max(recorded.messages.length, now.messages.length);
  for (let index = 0; index < count; index += 1) {
    const [was, is] = [recorded.messages[index], now.messages[index]];
    if (!was || !is) {
      return `the recording has ${recorded.messages.length} message(s) but the request now has ${now.messages.length}`;
    }
    if (was.role !== is.role) return `message ${index + 1} was a ${was.role} message but is now a ${is.role} message`;
    const [wasText, isText] = [textOf(was), textOf(is)];
    if (wasText !== isText) return `message ${index + 1} (${is.role}) ${textDifference(wasText, isText)}`;
  }
  const compared = new Set(['model', 'tools', 'tool_choice', 'messages']);
  const fields = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].filter((field) => !compared.has(field)).sort();
  for (const field of fields) {
    const [was, is] = [(recorded as unknown as Record<string, unknown>)[field], (now as unknown as Record<string, unknown>)[field]];
    if (shown(was) !== shown(is)) return `${field} differs: ${valueDifference(was, is)}`;
  }
  return undefined;
}
