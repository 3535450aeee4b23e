import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { serverMessage } from './mcp-answer-shape-error.ts';
import { readServerMessage } from './read-server-message.ts';

/**
 * A stdio server's stream as JSON-RPC messages, one a line, as the SDK's `ReadBuffer` reads them, but keeping a
 * number a double cannot hold in a tool's answer as the text the server wrote (`readServerMessage`): a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass).
 */
export class JsonRpcLineReader {
  #buffer?: Buffer;
  readonly #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Adds what the server wrote; throws, and forgets what it held, past `maxBytes` unread. */
  append(chunk: Buffer): void {
    if ((this.#buffer?.length ?? 0) + chunk.length > this.#maxBytes) {
      this.#buffer = undefined;
      throw new Error(`a message of over ${this.#maxBytes} bytes`);
    }
    this.#buffer = this.#buffer ? Buffer.concat([this.#buffer, chunk]) : chunk;
  }

  /** The next whole message, or null until a line ends; throws for a line that is not one (that line is gone), unless it answers a request (`serverMessage`). */
  readMessage(): JSONRPCMessage | null {
    const end = this.#buffer?.indexOf('\n') ?? -1;
    if (end === -1) return null;
    const line = this.#buffer!.toString('utf8', 0, end).replace(/\r$/, '');
    this.#buffer = this.#buffer!.subarray(end + 1);
    return serverMessage(readServerMessage(line));
  }

  /** Forgets what is unread. */
  clear(): void {
    this.#buffer = undefined;
  }
}
