import { cutText } from '../../core/cut-text.ts';
import { formatPath } from '../../core/format-path.ts';

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

/** `error` as an McpAnswerShapeError when it is the SDK's schema refusing the answer to `method` (a ZodError), else as it is. */
export function readableAnswerError(error: unknown, method: string): unknown {
  if (!(error instanceof Error) || (error.name !== 'ZodError' && error.name !== '$ZodError')) return error;
  const issues = (error as { issues?: unknown }).issues;
  return new McpAnswerShapeError(method, Array.isArray(issues) ? (issues as SchemaIssue[]) : [], { cause: error });
}
