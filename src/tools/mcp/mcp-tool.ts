import { ErrorCode, McpError, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '../tool.ts';
import { ToolOutputTooLargeError } from '../tool-output-too-large-error.ts';
import { McpToolError } from './mcp-tool-error.ts';
import { McpTransportError } from './mcp-transport-error.ts';
import { mcpResultText, mcpResultValue } from './mcp-result-value.ts';
import type { McpServerSession } from './mcp-server-session.ts';
import { McpAnswerTooLargeError } from './mcp-answer-too-large-error.ts';

/** The largest result an MCP tool may return, as for command tools' stdout. */
export const MCP_RESULT_LIMIT_BYTES = 1024 * 1024;

/** JSON-RPC errors that mean the call never got a usable answer; anything else the server said on purpose. */
const TRANSIENT_CODES = new Set<number>([ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout]);

/** True when the server marked an `isError` result as worth retrying (`_meta.transient` or `_meta.retryable`). */
function markedTransient(meta: unknown): boolean {
  if (meta === null || typeof meta !== 'object') return false;
  const { transient, retryable } = meta as { transient?: unknown; retryable?: unknown };
  return transient === true || retryable === true;
}

/**
 * A registry tool calling `tool` on an MCP server. Tools not annotated read-only count as having
 * side effects; `isError` results are permanent ToolErrors unless marked, lost answers transient.
 */
export function mcpTool(options: {
  readonly name: string;
  readonly session: McpServerSession;
  readonly tool: McpTool;
  readonly timeoutMs: number;
}): Tool {
  const { name, session, tool, timeoutMs } = options;
  return {
    name,
    description: `${tool.description ?? tool.title ?? tool.name} (tool '${tool.name}' of MCP server '${session.name}')`,
    inputSchema: tool.inputSchema,
    sideEffects: tool.annotations?.readOnlyHint !== true,
    timeoutSeconds: timeoutMs / 1000,
    async execute(args, ctx) {
      let result;
      try {
        result = await session.callTool(tool.name, args, { signal: ctx.signal, timeoutMs });
      } catch (error) {
        ctx.signal.throwIfAborted();
        if (error instanceof McpAnswerTooLargeError) throw new ToolOutputTooLargeError({ toolName: name, limitBytes: error.limitBytes, answered: true });
        const detail = error instanceof Error ? error.message : String(error);
        const transient = !(error instanceof McpError) || TRANSIENT_CODES.has(error.code);
        if (transient) throw new McpTransportError({ toolName: name, server: session.name, detail, cause: error });
        throw new McpToolError({ toolName: name, server: session.name, text: detail, transient: false });
      }
      if (result.isError === true) {
        throw new McpToolError({
          toolName: name,
          server: session.name,
          text: mcpResultText(result.content),
          transient: markedTransient(result._meta),
        });
      }
      const value = mcpResultValue(result);
      // Held to the command tools' cap: a result goes into the trace, the reports and prompts.
      if (Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value) ?? '') > MCP_RESULT_LIMIT_BYTES) {
        throw new ToolOutputTooLargeError({ toolName: name, limitBytes: MCP_RESULT_LIMIT_BYTES, answered: true });
      }
      return value;
    },
  };
}
