import { randomUUID } from 'node:crypto';
import { JSONRPCErrorResponseSchema, JSONRPCMessageSchema, JSONRPCResultResponseSchema, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { cutText } from '../../core/cut-text.ts';
import { formatPath } from '../../core/format-path.ts';

/** The JSON-RPC error code `serverMessage` answers a request with when the server's answer to it is none (JSON-RPC leaves -32000 to -32099 to implementations). */
const UNREADABLE_ANSWER_CODE = -32098;
/**
 * What marks that error answer as `serverMessage`'s (its `data.madeBy`), which no server can know: told by its code
 * alone, a server's own error of that code ("database locked") read as an answer MCP does not allow, and one whose
 * `data.issues` it chose (`[null]`) failed the call as "Cannot read properties of null" (found by an adversarial pass).
 */
const MADE_HERE = randomUUID();

/** One problem the SDK's schema found in an answer (a zod issue). */
interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** `tools[1].inputSchema`: where in an answer an issue is, cut (a key the server chose, in `_meta`, may be long). */
function issuePath(path: readonly PropertyKey[]): string {
  return cutText(formatPath(path.map((key) => (typeof key === 'number' ? key : String(key)))), 200);
}

/**
 * An MCP server answered `method` with what the protocol does not allow there, which the SDK's schema refused.
 * Its error was zod's issues as JSON over a dozen lines in the log, summary and comment (found by an adversarial pass):
 * this says in one line which request, where in the answer and what, and how many other problems there were.
 */
export class McpAnswerShapeError extends Error {
  override readonly name = 'McpAnswerShapeError';

  constructor(method: string, issues: readonly SchemaIssue[], options: { cause?: unknown } = {}) {
    const [first] = issues;
    const what = first === undefined ? '' : cutText(first.message.replace(/^Invalid input: /, ''), 200);
    const where = first === undefined || first.path.length === 0 ? '' : `at ${issuePath(first.path)}, `;
    const others = issues.length - 1;
    const more = others > 0 ? ` (and ${others} more problem${others === 1 ? '' : 's'})` : '';
    super(`its answer to ${method} is not what MCP allows${first === undefined ? '' : `: ${where}${what}`}${more}`, options);
  }
}

/**
 * What a server sent, read as a JSON-RPC message. What is none but names a request's id as an answer does (no `method`:
 * an answer without `"jsonrpc": "2.0"`, an error without its message, a `"error": null` beside the result) becomes an
 * error answer to that request saying what was wrong, for `readableAnswerError`: dropped as no message, it left the
 * request to wait out its time, and a call the server had answered at once failed as one that got no answer, worth
 * trying again (found by an adversarial pass). Throws the schema's error for anything else that is no message.
 */
export function serverMessage(read: unknown): JSONRPCMessage {
  const message = JSONRPCMessageSchema.safeParse(read);
  if (message.success) return message.data;
  const id = read !== null && typeof read === 'object' && !Array.isArray(read) && !('method' in read) ? (read as { id?: unknown }).id : undefined;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isInteger(id))) throw message.error;
  const answer = ('error' in (read as object) && !('result' in (read as object)) ? JSONRPCErrorResponseSchema : JSONRPCResultResponseSchema).safeParse(read);
  const issues = (answer.error ?? message.error).issues.map(({ path, message: what }) => ({ path: path.map((key) => (typeof key === 'number' ? key : String(key))), message: what }));
  return { jsonrpc: '2.0', id, error: { code: UNREADABLE_ANSWER_CODE, message: 'an answer that is no JSON-RPC answer', data: { issues, madeBy: MADE_HERE } } };
}

/**
 * `error` as an McpAnswerShapeError when it is the SDK's schema refusing the answer to `method` (a ZodError), or the
 * error `serverMessage` made of an answer that is no JSON-RPC answer; else as it is.
 */
export function readableAnswerError(error: unknown, method: string): unknown {
  const made = error instanceof McpError && error.code === UNREADABLE_ANSWER_CODE ? (error.data as { issues?: SchemaIssue[]; madeBy?: unknown } | undefined) : undefined;
  if (made?.madeBy === MADE_HERE) return new McpAnswerShapeError(method, made.issues ?? [], { cause: error });
  if (!(error instanceof Error) || (error.name !== 'ZodError' && error.name !== '$ZodError')) return error;
  const issues = (error as { issues?: unknown }).issues;
  return new McpAnswerShapeError(method, Array.isArray(issues) ? (issues as SchemaIssue[]) : [], { cause: error });
}
