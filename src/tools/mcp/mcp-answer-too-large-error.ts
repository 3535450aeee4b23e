/** An MCP server answered the one call in flight with a message over the limit: a stdio server is stopped, an HTTP server's connection closed. */
export class McpAnswerTooLargeError extends Error {
  readonly limitBytes: number;

  constructor(server: string, limitBytes: number, options?: ErrorOptions) {
    super(`MCP server '${server}' answered with a message over ${limitBytes} bytes and was stopped`, options);
    this.name = 'McpAnswerTooLargeError';
    this.limitBytes = limitBytes;
  }
}
