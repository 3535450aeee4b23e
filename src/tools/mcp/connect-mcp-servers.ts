import { groupDigits } from '../../core/group-digits.ts';
import type { Tool } from '../tool.ts';
import type { McpServers } from './mcp-config.ts';
import { McpServerSession, type McpRequestLimits } from './mcp-server-session.ts';
import { McpServerStartError } from './mcp-server-start-error.ts';
import { serverWords } from './mcp-server-words.ts';
import { cleanSchemaTexts, hiddenTextInSchema, MAX_MCP_SCHEMA_CHARS, MAX_MCP_SCHEMA_DEPTH, MAX_MCP_SCHEMAS_CHARS, mcpTool, shownToolName } from './mcp-tool.ts';
import { exceedsDepth } from '../../core/exceeds-depth.ts';
import { mcpToolName } from './mcp-tool-name.ts';

/** How long a server gets to start, and again to list its tools, unless its `start_timeout_seconds` says otherwise (`timeout_seconds` is a call's). */
export const MCP_DEFAULT_START_TIMEOUT_MS = 30_000;
export const MCP_DEFAULT_CALL_TIMEOUT_MS = 60_000;

export interface ConnectMcpServersOptions {
  /** Cancels start-up; once connected, aborting it closes every server. */
  readonly signal: AbortSignal;
  /** How long each server gets to start and list its tools, where its own `start_timeout_seconds` does not say. */
  readonly timeoutMs?: number;
  /** Working directory of stdio servers (the repository root). */
  readonly cwd?: string;
  /** The runner's environment (default `process.env`); servers see only what `mcpServerEnvironment` passes and what they name. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The tools of the configured MCP servers, and the means to end the servers. */
export interface McpConnection {
  /** `<server>__<tool>` tools, with each server's input schemas. */
  readonly tools: readonly Tool[];
  readonly sessions: readonly McpServerSession[];
  /** Closes the servers none of whose tools are in `used`; a later call to one of their tools restarts it. */
  closeUnused(used: Iterable<string>): Promise<void>;
  /** Closes every client and ends every server process. Safe to call more than once. */
  close(): Promise<void>;
}

async function listServerTools(
  session: McpServerSession,
  allowlist: readonly string[] | undefined,
  limits: McpRequestLimits,
) {
  let listed;
  try {
    listed = await session.listTools(limits, allowlist === undefined ? undefined : new Set(allowlist));
  } catch (error) {
    limits.signal.throwIfAborted();
    if (error instanceof McpServerStartError) throw error;
    const reason = `listing its tools failed: ${serverWords(error)}`;
    throw new McpServerStartError(session.name, reason, { cause: error, started: true });
  }
  if (allowlist === undefined) return listed.tools;
  const kept = new Set(listed.tools.map((tool) => tool.name));
  const missing = allowlist.filter((name) => !kept.has(name));
  if (missing.length > 0) {
    const more = listed.total > listed.names.length ? ` and ${groupDigits(listed.total - listed.names.length)} more` : '';
    const available = `${listed.names.join(', ') || 'none'}${more}`;
    throw new McpServerStartError(session.name, `it lists no tool ${missing.map((name) => `'${name}'`).join(', ')} (it has: ${available})`, { started: true });
  }
  return listed.tools;
}

/**
 * Starts every configured MCP server, lists its tools once (within its `start_timeout_seconds`, else `timeoutMs`) and returns them
 * as registry tools. A server that fails to start is reported as an McpServerStartError naming it,
 * after every server already started has been closed; no process outlives a failure or a cancel.
 */
export async function connectMcpServers(config: McpServers, options: ConnectMcpServersOptions): Promise<McpConnection> {
  const runnerEnv = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS;
  const sessions = Object.entries(config).map(
    ([name, server]) => new McpServerSession(name, server, { cwd: options.cwd, runnerEnv }),
  );
  const closeAll = async (): Promise<void> => {
    await Promise.all(sessions.map((session) => session.close()));
  };
  const onAbort = (): void => void closeAll();
  options.signal.addEventListener('abort', onAbort, { once: true });
  // Each server's own start_timeout_seconds, else the caller's, else 30 s.
  const listed = await Promise.allSettled(
    sessions.map((session) => listServerTools(session, config[session.name]?.tools, session.listingLimits(options.signal, timeoutMs))),
  );
  const failure = listed.find((outcome) => outcome.status === 'rejected');
  if (failure !== undefined || options.signal.aborted) {
    options.signal.removeEventListener('abort', onAbort);
    await closeAll();
    options.signal.throwIfAborted();
    throw (failure as PromiseRejectedResult).reason;
  }
  const tools: Tool[] = [];
  const owners = new Map<string, string>();
  // Every prompt that lists tools holds all their schemas: bounded in all, as each is (MAX_MCP_SCHEMA_CHARS).
  let allSchemaChars = 0;
  const sessionOf = new Map<string, McpServerSession>();
  for (const [index, session] of sessions.entries()) {
    const timeoutSeconds = config[session.name]?.timeout_seconds;
    const callTimeoutMs = timeoutSeconds === undefined ? MCP_DEFAULT_CALL_TIMEOUT_MS : timeoutSeconds * 1000;
    for (const tool of (listed[index] as PromiseFulfilledResult<Awaited<ReturnType<typeof listServerTools>>>).value) {
      const name = mcpToolName(session.name, tool.name);
      const earlier = owners.get(name);
      if (earlier !== undefined) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        throw new McpServerStartError(session.name, `its tool '${shownToolName(tool.name)}' and ${earlier} both become '${name}'; leave one out with a tools: allowlist`, { started: true });
      }
      if (exceedsDepth(tool.inputSchema, MAX_MCP_SCHEMA_DEPTH)) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        throw new McpServerStartError(session.name, `its tool '${shownToolName(tool.name)}' has an input schema nested more than ${MAX_MCP_SCHEMA_DEPTH} levels deep, which no tool needs; leave it out with a tools: allowlist`, { started: true });
      }
      const hidden = hiddenTextInSchema(tool.inputSchema);
      if (hidden !== undefined) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        throw new McpServerStartError(session.name, `its tool '${shownToolName(tool.name)}' has hidden text (Unicode tag characters, bidi controls or an HTML comment) in its input schema at ${hidden}, where it cannot be cleaned without changing what the server accepts; leave the tool out with a tools: allowlist`, { started: true });
      }
      const cleanSchema = cleanSchemaTexts(tool.inputSchema) as typeof tool.inputSchema;
      const schemaChars = JSON.stringify(cleanSchema ?? {}).length;
      if (schemaChars > MAX_MCP_SCHEMA_CHARS) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        throw new McpServerStartError(session.name, `its tool '${shownToolName(tool.name)}' has an input schema of ${groupDigits(schemaChars)} characters as JSON, more than the ${groupDigits(MAX_MCP_SCHEMA_CHARS)} a prompt that lists tools may hold for one; leave it out with a tools: allowlist`, { started: true });
      }
      allSchemaChars += schemaChars;
      if (allSchemaChars > MAX_MCP_SCHEMAS_CHARS) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        throw new McpServerStartError(session.name, `the input schemas of the MCP servers' tools come to more than ${groupDigits(MAX_MCP_SCHEMAS_CHARS)} characters as JSON, more than a prompt that lists tools may hold; name the tools the plan uses in mcp_servers.${session.name}.tools`, { started: true });
      }
      owners.set(name, `tool '${shownToolName(tool.name)}' of '${session.name}'`);
      sessionOf.set(name, session);
      tools.push(mcpTool({ name, session, tool, timeoutMs: callTimeoutMs, cleanSchema, ...(config[session.name] && { server: config[session.name] }) }));
    }
  }
  return {
    tools,
    sessions,
    async closeUnused(used) {
      const needed = new Set([...used].map((name) => sessionOf.get(name)));
      const idle = sessions.filter((session) => !needed.has(session));
      await Promise.all(idle.map((session) => session.close()));
    },
    async close() {
      options.signal.removeEventListener('abort', onAbort);
      await closeAll();
    },
  };
}
