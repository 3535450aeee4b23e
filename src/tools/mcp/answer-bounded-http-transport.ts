import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_UNREAD_BYTES, MAX_UNREAD_MESSAGES, unreadProblem } from './process-group-stdio-transport.ts';

/**
 * A Streamable HTTP client transport held to the stdio transport's bound on a server's own requests: the SDK answers
 * each (`ping`, an error for any it does not serve) with a POST of its own, without limit. 50,000 pings in one
 * answer's event stream (2.5 MB) held plan-runner's event loop for 23 s at a stretch, took it to 1.4 GB, and ran the
 * call past its timeout (found by an adversarial pass). With MAX_UNREAD_MESSAGES answers under way, or MAX_UNREAD_BYTES
 * (an answer repeats the id the server chose, up to 4 MiB), it is closed.
 */
export class AnswerBoundedHttpTransport extends StreamableHTTPClientTransport {
  /** Called when MAX_UNREAD_MESSAGES of our answers, or MAX_UNREAD_BYTES, wait for the server to take them, before the transport closes. */
  onUnread?: () => void;
  #answering = 0;
  #answeringBytes = 0;
  #stopped = false;

  override async send(message: JSONRPCMessage, options?: Parameters<StreamableHTTPClientTransport['send']>[1]): Promise<void> {
    if ('method' in message) return super.send(message, options);
    // Its id is the server's own, and as long as the server made it (its JSON's length: UTF-16 units, near enough).
    const bytes = JSON.stringify(message).length;
    if (this.#stopped || this.#answering >= MAX_UNREAD_MESSAGES || this.#answeringBytes + bytes > MAX_UNREAD_BYTES) {
      if (!this.#stopped) {
        this.#stopped = true;
        this.onUnread?.();
        void this.close();
      }
      throw new Error(unreadProblem());
    }
    this.#answering++;
    this.#answeringBytes += bytes;
    try {
      await super.send(message, options);
    } finally {
      this.#answering--;
      this.#answeringBytes -= bytes;
    }
  }
}
