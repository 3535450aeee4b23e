import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { serverMessage } from './mcp-answer-shape-error.ts';
import { readServerMessage } from './read-server-message.ts';

/**
 * A stdio server's stream as JSON-RPC messages, one a line, as the SDK's `ReadBuffer` reads them, but keeping a
 * number a double cannot hold in a tool's answer as the text the server wrote (`readServerMessage`): a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass).
 */
export class JsonRpcLineReader {
  /** What was written up to the last line end that came, less the lines read. */
  #buffer?: Buffer;
  /**
   * The pieces written since, which end no line: joined once a line end comes. Each piece joined to all before it, and
   * the whole searched again for a line end, a server that wrote a 4 MiB answer 64 bytes at a time took 122 s of CPU
   * to read (found by an agent hunt).
   */
  #pieces: Buffer[] = [];
  #piecesBytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /**
   * Adds what the server wrote; throws, and forgets what it held, for a line of more than `maxBytes`. Each line is held
   * to it alone: counted with what came after it in the same read, two messages just under 4 MiB written back to back
   * were refused as one over it (found by a hunt of the MCP adapters).
   */
  append(chunk: Buffer): void {
    if (this.#lineTooLong(chunk)) {
      this.clear();
      throw new Error(`a message of over ${this.#maxBytes} bytes`);
    }
    if (!chunk.includes('\n')) {
      this.#pieces.push(chunk);
      this.#piecesBytes += chunk.length;
      return;
    }
    this.#buffer = Buffer.concat([...(this.#buffer ? [this.#buffer] : []), ...this.#pieces, chunk]);
    this.#pieces = [];
    this.#piecesBytes = 0;
  }

  /** The next whole message, or null until a line ends; throws for a line that is not one (that line is gone), unless it answers a request (`serverMessage`). */
  readMessage(): JSONRPCMessage | null {
    const end = this.#buffer?.indexOf('\n') ?? -1;
    if (end === -1) {
      // The start of a line not yet ended: held as a piece, not searched again as the rest of it comes.
      if (this.#buffer?.length) {
        this.#pieces.unshift(this.#buffer);
        this.#piecesBytes += this.#buffer.length;
      }
      this.#buffer = undefined;
      return null;
    }
    const line = this.#buffer!.toString('utf8', 0, end).replace(/\r$/, '');
    this.#buffer = this.#buffer!.subarray(end + 1);
    return serverMessage(readServerMessage(line));
  }

  /** Whether a line `chunk` ends or holds, with the start of it held before, is longer than `maxBytes`. */
  #lineTooLong(chunk: Buffer): boolean {
    const buffered = this.#buffer ? this.#buffer.length - (this.#buffer.lastIndexOf('\n') + 1) : 0;
    let start = 0;
    let held = buffered + this.#piecesBytes;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      if (held + end - start > this.#maxBytes) return true;
      held = 0;
      start = end + 1;
    }
    return held + chunk.length - start > this.#maxBytes;
  }

  /** Forgets what is unread. */
  clear(): void {
    this.#buffer = undefined;
    this.#pieces = [];
    this.#piecesBytes = 0;
  }
}
