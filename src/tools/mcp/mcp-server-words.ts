import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpCallLostError } from './mcp-call-lost-error.ts';
import { cutText } from '../../core/cut-text.ts';
import { errorText } from '../../core/error-text.ts';

// Apart from McpServerStartError, which `validate` and every run load at start: this brings the MCP SDK's HTTP client.

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
