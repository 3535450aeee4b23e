/** An MCP server did not start or did not list its tools: a plan error naming the server. */
export class McpServerStartError extends Error {
  readonly server: string;

  constructor(server: string, reason: string, options: { stderr?: string; cause?: unknown } = {}) {
    const stderr = options.stderr?.trim();
    const output = stderr ? `\nIts stderr ended with:\n${stderr.length > 1500 ? `…${stderr.slice(-1499)}` : stderr}` : '';
    super(`MCP server '${server}' failed to start: ${reason}. Check mcp_servers.${server} in the plan.${output}`, {
      cause: options.cause,
    });
    this.name = 'McpServerStartError';
    this.server = server;
  }
}
