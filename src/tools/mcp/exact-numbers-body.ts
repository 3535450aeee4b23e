import { mayHoldInexactNumber } from '../../core/parse-json-keeping-numbers.ts';
import { messageWithAnswersKept } from './read-server-message.ts';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { serverMessage } from './mcp-answer-shape-error.ts';

/**
 * The JSON text written again with each number of a tool's answer a double cannot hold as a string of its digits
 * (`readServerMessage`), and an answer that is no JSON-RPC answer as the error answer `serverMessage` makes of it (the
 * SDK dropped it from an event stream, and its request waited out its time); as it was otherwise, or when it is no JSON.
 */
function rewritten(json: string): string {
  try {
    const kept = mayHoldInexactNumber(json) ? messageWithAnswersKept(json) : undefined;
    const read = kept ?? (JSON.parse(json) as unknown);
    if (!Array.isArray(read) && !JSONRPCMessageSchema.safeParse(read).success) return JSON.stringify(serverMessage(read));
    return kept === undefined ? json : JSON.stringify(kept);
  } catch {
    return json;
  }
}

/** An event's lines (without their ends) with its data, the lines joined as a reader joins them, rewritten as `rewritten` does. */
function eventKeepingNumbers(lines: readonly string[]): string[] {
  const isData = (line: string): boolean => line === 'data' || line.startsWith('data:');
  const data = lines.filter(isData).map((line) => line.slice(5).replace(/^ /, ''));
  const joined = data.join('\n');
  if (data.length === 0) return [...lines];
  const written = rewritten(joined);
  return written === joined ? [...lines] : [...lines.filter((line) => !isData(line)), `data: ${written}`];
}

/**
 * An event stream's events, their data rewritten as `rewritten` does, event by event as they come: an event may write
 * its message over several `data:` lines, which a reader joins, and a line may end in `\r\n`, `\n` or `\r`. Each
 * line read alone left such a message's numbers as `JSON.parse` reads them (found by an adversarial pass).
 */
function eventStreamKeepingNumbers(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  /** The line under way, not yet ended (a last `\r` may be the start of `\r\n`). */
  let held = '';
  /** The event under way: its lines so far. */
  let event: string[] = [];
  const read = (text: string, last: boolean): string => {
    // A line sent in many pieces is read once, when it ends, not again with each piece (nor made one string: `held`
    // is not looked at until then).
    if (!last && !/[\r\n]/.test(text)) {
      held += text;
      return '';
    }
    held += text;
    const ended = last || !text.endsWith('\r') ? held : held.slice(0, -1);
    const lines = ended.split(/\r\n|\r|\n/);
    const tail = lines.pop()!;
    held = last ? '' : `${tail}${held.slice(ended.length)}`;
    let out = '';
    for (const line of lines) {
      if (line !== '') event.push(line);
      else {
        out += `${eventKeepingNumbers(event).join('\n')}\n\n`;
        event = [];
      }
    }
    // An event the stream's end cut off is no event: a reader drops it, as it is.
    if (last && tail !== '') event.push(tail);
    if (last && event.length > 0) out += event.join('\n');
    return out;
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const out = read(decoder.decode(chunk, { stream: true }), false);
        if (out !== '') controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        const out = read(decoder.decode(), true);
        if (out !== '') controller.enqueue(encoder.encode(out));
      },
    }),
  );
}

/**
 * An HTTP MCP server's answer with each number a double cannot hold written as a string of the digits it sent, as the
 * stdio transport keeps them (`JsonRpcLineReader`): the SDK reads the answer with `JSON.parse`, and a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass). An answer
 * that is no JSON-RPC answer becomes an error answer to its request (`serverMessage`). A JSON answer is read whole (the
 * caller bounds its size), an event stream event by event.
 */
export async function answerKeepingNumbers(response: Response): Promise<Response> {
  const type = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (!response.body) return response;
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (type.startsWith('text/event-stream')) return new Response(eventStreamKeepingNumbers(response.body), init);
  if (!type.startsWith('application/json')) return response;
  return new Response(rewritten(await response.text()), init);
}
