import { StepError } from '../../core/step-error.ts';

/** An MCP server answered a tool call with `isError`: permanent unless the server marks it transient. */
export class McpToolError extends StepError {
  readonly server: string;

  constructor(options: { toolName: string; server: string; text: string; transient: boolean }) {
    const text = options.text.trim() === '' ? 'no details given' : options.text.trim().slice(0, 2000);
    super(`${options.toolName}: MCP server '${options.server}' reported an error: ${text}`, options);
    this.server = options.server;
  }
}
