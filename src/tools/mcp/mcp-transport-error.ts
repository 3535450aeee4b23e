import { StepError } from '../../core/step-error.ts';
import { cutText } from '../../core/cut-text.ts';

/** The most of a transport's or server's words a message keeps: a server chooses them, and the log, summary and prompts show them. */
const MAX_DETAIL_CHARS = 2000;

/**
 * A call to an MCP server got no usable answer (connection lost, timeout, server crashed): transient; or
 * was refused before the server took it (an HTTP 4xx, an answer that is not MCP): `transient: false`.
 */
export class McpTransportError extends StepError {
  readonly server: string;

  /** `effectUnknown`: the server took the call and its answer cannot be read (no tool result). `notSent`: the call never reached it. */
  constructor(options: { toolName: string; server: string; detail: string; transient?: boolean; effectUnknown?: boolean; notSent?: boolean; retryAfterMs?: number; cause?: unknown }) {
    // `…` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
    const detail = cutText(options.detail, MAX_DETAIL_CHARS + 1);
    super(`${options.toolName}: calling MCP server '${options.server}' failed: ${detail}`, {
      transient: options.transient ?? true,
      toolName: options.toolName,
      effectUnknown: options.effectUnknown,
      notSent: options.notSent,
      retryAfterMs: options.retryAfterMs,
      cause: options.cause,
    });
    this.server = options.server;
  }
}
