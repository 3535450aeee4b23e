import { StepError } from '../../core/step-error.ts';
import { cutText } from '../../core/cut-text.ts';

/** An MCP server answered a tool call with `isError`: permanent unless the server marks it transient. */
export class McpToolError extends StepError {
  readonly server: string;

  constructor(options: { toolName: string; server: string; text: string; transient: boolean }) {
    const trimmed = options.text.trim();
    // `…` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
    const text = trimmed === '' ? 'no details given' : cutText(trimmed, 2001);
    super(`${options.toolName}: MCP server '${options.server}' reported an error: ${text}`, options);
    this.server = options.server;
  }
}
