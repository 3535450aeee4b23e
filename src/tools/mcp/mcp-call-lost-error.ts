/**
 * A tool call that got no answer of the MCP server's own: the SDK's timeout, a connection that closed, a
 * request that did not reach the server, an HTTP status that asks to try again (408, 429, 5xx). Unlike
 * an error the server answered with (a JSON-RPC error, even with the SDK's codes -32000 and -32001, which
 * JSON-RPC leaves to servers), it says nothing of the call, and is worth a retry.
 */
export class McpCallLostError extends Error {
  override readonly name = 'McpCallLostError';
  /** True when the call was never written to the server: its start before the call failed, or it refused the connection. */
  readonly notSent: boolean;
  /** The wait an HTTP server's `retry-after` asked for, with the status it refused the call with (429, 503). */
  readonly retryAfterMs?: number;

  constructor(cause: unknown, options: { notSent?: boolean; retryAfterMs?: number } = {}) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.notSent = options.notSent === true;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}
