import { McpError, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpCallLostError } from './mcp-call-lost-error.ts';
import type { Tool } from '../tool.ts';
import { TOOL_RESULT_LIMIT_BYTES, ToolOutputTooLargeError } from '../tool-output-too-large-error.ts';
import { McpToolError } from './mcp-tool-error.ts';
import { McpTransportError } from './mcp-transport-error.ts';
import { mcpErrorText, mcpResultValue } from './mcp-result-value.ts';
import type { McpServerSession } from './mcp-server-session.ts';
import type { McpServer } from './mcp-config.ts';
import { McpAnswerTooLargeError } from './mcp-answer-too-large-error.ts';
import { serverWords } from './mcp-server-words.ts';
import { sanitizeUntrusted, sanitizeUntrustedValue } from '../../security/sanitize-untrusted.ts';
import { MAX_JSON_DEPTH } from '../../core/parse-json.ts';
import { exceedsDepth } from '../../core/exceeds-depth.ts';
import { ToolResultTooDeepError } from '../tool-result-too-deep-error.ts';
import { cutText } from '../../core/cut-text.ts';
import { isMap, mapSubschemas, subschemaShape } from '../../core/json-schema.ts';

/** The longest description of a server's tool that prompts show. */
const MAX_DESCRIPTION_CHARS = 2000;

/** How deep a server's input schema may nest (JSON levels); `connectMcpServers` refuses a deeper one. */
export const MAX_MCP_SCHEMA_DEPTH = 64;

/**
 * How long a server's input schema may be as JSON once its describing texts are cleaned and cut; `connectMcpServers`
 * refuses a longer one: the planner's and an agent's prompts hold every tool's schema whole (a 3 MB `x-note` sent 3 MB twice).
 */
export const MAX_MCP_SCHEMA_CHARS = 64 * 1024;
/** How long the input schemas of all the servers' tools may be together, as JSON; more refuses the start. */
export const MAX_MCP_SCHEMAS_CHARS = 1024 * 1024;

/** The longest tool name prompts and messages show (the MCP specification's names are at most 128 characters). */
const MAX_NAME_CHARS = 128;

/** A server's tool name as prompts and messages show it: what a reader would not see left out, and cut. */
export function shownToolName(name: string): string {
  return sanitizeUntrusted(name, { maxChars: MAX_NAME_CHARS, read: 'rendered' });
}

/** Schema keywords that only describe (a validator never reads them): their text is cleaned like a description. */
const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples', 'default']);

/**
 * Text that hides instructions from a reader and has no use in a name or a value a server checks:
 * Unicode tag characters, bidi overrides and isolates, an HTML comment. (Zero-width joiners and
 * variation selectors do: Persian words and emoji hold them, so those are kept where a validator reads.)
 */
const SMUGGLING = /\uDB40[\uDC00-\uDC7F]|[\u202A-\u202E\u2066-\u2069]|<!--/;

/**
 * Where an input schema holds hidden text a validator reads (an `enum` value, a `pattern`, a property
 * name), as a path such as `properties.mode.enum[0]`; undefined when it holds none. Such text cannot be
 * cleaned without changing what the server accepts, so `connectMcpServers` refuses the tool. Annotations
 * are skipped only where they are keywords of a schema: a property named `title` is a name, its schema checked.
 */
export function hiddenTextInSchema(schema: unknown, at = ''): string | undefined {
  if (!isMap(schema)) return hiddenTextIn(schema, at);
  for (const [key, value] of Object.entries(schema)) {
    const here = keyPath(at, key);
    if (SMUGGLING.test(key)) return here;
    if (ANNOTATIONS.has(key)) continue;
    const found = hiddenTextUnder(key, value, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `hiddenTextInSchema` for each subschema `value` holds under `key`, where `cleanSchemaTexts` cleans them (`subschemaShape`
 * says where, for both); anything else read whole: `allOf: {description: …}` is no schema, its text never cleaned.
 */
function hiddenTextUnder(key: string, value: unknown, at: string): string | undefined {
  const shape = subschemaShape(key, value);
  if (shape === 'one') return hiddenTextInSchema(value, at);
  if (shape === 'list') return hiddenTextInEach(value as unknown[], at, hiddenTextInSchema);
  if (shape === undefined) return hiddenTextIn(value, at);
  return hiddenTextInEntries(value as Record<string, unknown>, at, hiddenTextInSchema);
}

/** Where a value a validator reads whole (an `enum`, a `pattern`, a keyword it does not know) holds hidden text, in any string or key. */
function hiddenTextIn(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return SMUGGLING.test(value) ? at || '(the schema)' : undefined;
  if (!isMap(value)) return Array.isArray(value) ? hiddenTextInEach(value, at, hiddenTextIn) : undefined;
  return hiddenTextInEntries(value, at, hiddenTextIn);
}

/** `find` on each item of a list, its index in the path. */
function hiddenTextInEach(list: readonly unknown[], at: string, find: (value: unknown, at: string) => string | undefined): string | undefined {
  for (const [index, item] of list.entries()) {
    const found = find(item, `${at}[${index}]`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `find` on each value of a map, its key in the path; a key holding hidden text is found itself. */
function hiddenTextInEntries(map: Readonly<Record<string, unknown>>, at: string, find: (value: unknown, at: string) => string | undefined): string | undefined {
  for (const [key, inner] of Object.entries(map)) {
    const here = keyPath(at, key);
    const found = SMUGGLING.test(key) ? here : find(inner, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The path to `key` under `at`, the hidden characters of the key shown as `?`. */
function keyPath(at: string, key: string): string {
  const shown = cutText(key.replace(/\uDB40[\uDC00-\uDC7F]|[\u202A-\u202E\u2066-\u2069]/g, '?').replaceAll('<!--', '<!?-'), 61);
  return at ? `${at}.${shown}` : shown;
}

/**
 * `schema` with what a reader would not see left out of the text that only describes (`description`,
 * `title`, `$comment`, `examples`, `default` where they are keywords of a schema, at every depth), each string
 * cut to `MAX_DESCRIPTION_CHARS`: an agent's prompt and the planner's tool list hold a tool's input schema whole.
 * What a validator reads (`enum`, `pattern`, property names, a property named `title`) stays as the server wrote it
 * (see `hiddenTextInSchema`).
 */
export function cleanSchemaTexts(schema: unknown): unknown {
  if (!isMap(schema)) return schema;
  const copy = mapSubschemas(schema, cleanSchemaTexts);
  for (const key of Object.keys(copy)) if (ANNOTATIONS.has(key)) copy[key] = sanitizeUntrustedValue(copy[key], { maxChars: MAX_DESCRIPTION_CHARS, read: 'rendered' });
  return copy;
}

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
  /** The input schema as `cleanSchemaTexts` made it, when the caller made it already. */
  readonly cleanSchema?: McpTool['inputSchema'];
  /** The server's entry in `mcp_servers:` (the tool's `origin`). */
  readonly server?: McpServer;
}): Tool {
  const { name, session, tool, timeoutMs } = options;
  return {
    name,
    // The server's words reach every prompt that lists tools: what its own reader would not see (an HTML comment, invisible characters) is left out, and the length capped.
    description: `${sanitizeUntrusted(tool.description ?? tool.title ?? tool.name, { maxChars: MAX_DESCRIPTION_CHARS, read: 'rendered' })} (tool '${shownToolName(tool.name)}' of MCP server '${session.name}')`,
    inputSchema: options.cleanSchema ?? (cleanSchemaTexts(tool.inputSchema) as McpTool['inputSchema']),
    sideEffects: tool.annotations?.readOnlyHint !== true,
    timeoutSeconds: timeoutMs / 1000,
    timeoutSetting: `mcp_servers.${session.name}.timeout_seconds`,
    // Which server answers, and how it is reached: not its timeouts or which of its tools the plan takes.
    ...(options.server && { origin: { command: options.server.command ?? null, env: options.server.env ?? null, url: options.server.url ?? null, headers: options.server.headers ?? null } }),
    async execute(args, ctx) {
      let result;
      try {
        // A step's own timeout replaces the server's timeout_seconds, as it does a command tool's.
        result = await session.callTool(tool.name, args, { signal: ctx.signal, timeoutMs: ctx.timeoutMs ?? timeoutMs });
      } catch (error) {
        ctx.signal.throwIfAborted();
        if (error instanceof McpAnswerTooLargeError) throw new ToolOutputTooLargeError({ toolName: name, limitBytes: error.limitBytes, answered: true });
        const detail = serverWords(error);
        if (error instanceof McpCallLostError) throw new McpTransportError({ toolName: name, server: session.name, detail, notSent: error.notSent, retryAfterMs: error.retryAfterMs, cause: error });
        if (error instanceof McpError) throw new McpToolError({ toolName: name, server: session.name, text: detail, transient: false });
        // Refused before the server took the call (an HTTP 4xx), or an answer that is no tool result: trying again changes
        // nothing. The latter answers a call the server took, which may have taken effect: a 200 of another content type
        // is a StreamableHTTPError too (code -1), as is a redirect (found by a review).
        const refused = error instanceof StreamableHTTPError && error.code !== undefined && error.code >= 400 && error.code < 500;
        throw new McpTransportError({ toolName: name, server: session.name, detail, transient: false, effectUnknown: !refused, cause: error });
      }
      if (result.isError === true) {
        throw new McpToolError({
          toolName: name,
          server: session.name,
          text: mcpErrorText(result),
          transient: markedTransient(result._meta),
        });
      }
      const value = mcpResultValue(result);
      // Before anything walks it by recursion (JSON.stringify below overflowed the stack at 300,000 levels).
      if (exceedsDepth(value, MAX_JSON_DEPTH)) throw new ToolResultTooDeepError({ toolName: name });
      if (Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value) ?? '') > TOOL_RESULT_LIMIT_BYTES) {
        throw new ToolOutputTooLargeError({ toolName: name, limitBytes: TOOL_RESULT_LIMIT_BYTES, answered: true });
      }
      return value;
    },
  };
}
