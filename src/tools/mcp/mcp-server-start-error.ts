import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpCallLostError } from './mcp-call-lost-error.ts';
import { cutText } from '../../core/cut-text.ts';
import { errorText } from '../../core/error-text.ts';
import { hideCutStart } from '../../core/hide-cut-fragments.ts';

/** The most of what a server said (an error it answered, an HTTP body) a start error keeps, as a call's error does. */
const MAX_SERVER_WORDS_CHARS = 2000;

/**
 * A failure's words for a start error's reason, cut: a server chooses them (a 3 MB JSON-RPC error or HTTP body), and
 * the log, the summary and the plan error's annotation show them. `…` where cut: the redactor hides what a cut left of a secret.
 */
export function serverWords(error: unknown): string {
  // A lost call (a 503) carries the server's answer as its cause.
  const answer = error instanceof McpCallLostError ? error.cause : error;
  return cutText(answer instanceof StreamableHTTPError && answer.code !== undefined && answer.code >= 100 ? httpAnswerWords(answer.code, answer.message) : errorText(error), MAX_SERVER_WORDS_CHARS);
}

/**
 * An HTTP server's refusal, status first: the SDK's message gave only the body, and a 401 with none read "Streamable HTTP
 * error: Error POSTing to endpoint: ", saying neither what was refused nor what to do (found by an adversarial pass).
 */
function httpAnswerWords(status: number, message: string): string {
  const words = message
    .replace(/^Streamable HTTP error: (?:Error POSTing to endpoint: )?/, '')
    .replace(" (redirectPolicy: 'same-origin')", "; plan-runner follows a server's redirects only within its origin: set the url to where it leads");
  const advice = status === 401 || status === 403 ? ' (it wants credentials, or refused those sent: send them in headers, from a runner variable, such as Authorization: Bearer ${env.TOKEN})' : '';
  return `it answered HTTP ${status}${advice}${words.trim() === '' ? '' : `: ${words}`}`;
}

/**
 * The last 1,500 characters of what a server wrote to stderr, trimmed ('' when it wrote nothing), for a start error
 * and a call's error, which keep 2,000: a credential the cut went through lost its prefix, so it is hidden at the cut
 * (`hideCutStart`).
 */
export function stderrEnd(stderr: string | undefined): string {
  const text = stderr?.trim() ?? '';
  return text.length > 1500 ? hideCutStart(`…${text.slice(-1499)}`) : text;
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
