import { mayHoldInexactNumber } from '../../core/parse-json-keeping-numbers.ts';
import { messageWithAnswersKept } from './read-server-message.ts';

/**
 * The JSON text written again with each number of a tool's answer a double cannot hold as a string of its digits
 * (`readServerMessage`); as it was when it holds none, or is no JSON.
 */
function rewritten(json: string): string {
  if (!mayHoldInexactNumber(json)) return json;
  try {
    const message = messageWithAnswersKept(json);
    return message === undefined ? json : JSON.stringify(message);
  } catch {
    return json;
  }
}

/** An event stream's `data:` lines rewritten as `rewritten` does, line by line as they come (an event's one message is one line). */
function eventStreamKeepingNumbers(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = '';
  const line = (text: string): string => {
    if (!text.startsWith('data:') || !mayHoldInexactNumber(text)) return text;
    const cr = text.endsWith('\r') ? '\r' : '';
    const data = text.slice(5, text.length - cr.length);
    const space = data.startsWith(' ') ? ' ' : '';
    return `data:${space}${rewritten(data.slice(space.length))}${cr}`;
  };
  const lines = (text: string): string => text.split('\n').map(line).join('\n');
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        held += decoder.decode(chunk, { stream: true });
        const end = held.lastIndexOf('\n') + 1;
        if (end === 0) return;
        controller.enqueue(encoder.encode(lines(held.slice(0, end))));
        held = held.slice(end);
      },
      flush(controller) {
        held += decoder.decode();
        if (held !== '') controller.enqueue(encoder.encode(lines(held)));
      },
    }),
  );
}

/**
 * An HTTP MCP server's answer with each number a double cannot hold written as a string of the digits it sent, as the
 * stdio transport keeps them (`JsonRpcLineReader`): the SDK reads the answer with `JSON.parse`, and a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass). A JSON
 * answer is read whole (the caller bounds its size), an event stream line by line.
 */
export async function answerKeepingNumbers(response: Response): Promise<Response> {
  const type = response.headers.get('content-type')?.toLowerCase() ?? '';
  if (!response.body) return response;
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (type.startsWith('text/event-stream')) return new Response(eventStreamKeepingNumbers(response.body), init);
  if (!type.startsWith('application/json')) return response;
  return new Response(rewritten(await response.text()), init);
}
