import { StepError } from '../../core/step-error.ts';

/** A call to an MCP server got no usable answer (connection lost, timeout, server crashed). Transient. */
export class McpTransportError extends StepError {
  readonly server: string;

  constructor(options: { toolName: string; server: string; detail: string; transient?: boolean; cause?: unknown }) {
    super(`${options.toolName}: calling MCP server '${options.server}' failed: ${options.detail}`, {
      transient: options.transient ?? true,
      toolName: options.toolName,
      cause: options.cause,
    });
    this.server = options.server;
  }
}
