import { hideCutStart } from '../../core/hide-cut-fragments.ts';
import { cutTextStart } from '../../core/cut-text.ts';

/**
 * The last 1,500 characters of what a server wrote to stderr, trimmed ('' when it wrote nothing), for a start error
 * and a call's error, which keep 2,000: a credential the cut went through lost its prefix, so it is hidden at the cut
 * (`hideCutStart`).
 */
export function stderrEnd(stderr: string | undefined): string {
  const text = stderr?.trim() ?? '';
  return text.length > 1500 ? hideCutStart(cutTextStart(text, 1500)) : text;
}

/** An MCP server did not start, or its tools cannot be used: a plan error naming the server. */
export class McpServerStartError extends Error {
  readonly server: string;

  /** `started`: the server is running, but its tools cannot be used (the list, or a tool in it, is refused). */
  constructor(server: string, reason: string, options: { stderr?: string; cause?: unknown; started?: boolean } = {}) {
    const stderr = stderrEnd(options.stderr);
    const output = stderr ? `\nIts stderr ended with:\n${stderr}` : '';
    super(`MCP server '${server}' ${options.started ? 'started, but its tools cannot be used' : 'failed to start'}: ${reason}. Check mcp_servers.${server} in the plan.${output}`, {
      cause: options.cause,
    });
    this.name = 'McpServerStartError';
    this.server = server;
  }
}
