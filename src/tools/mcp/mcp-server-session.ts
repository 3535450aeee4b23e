import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { groupDigits } from '../../core/group-digits.ts';
import { shownToolName } from './mcp-tool.ts';
import { limitedBody } from '../../core/limited-body.ts';
import { limitedEvents } from './limited-events.ts';
import { raceAbort } from '../../core/race-abort.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { CallToolResultSchema, ErrorCode, ListToolsResultSchema, McpError, ToolSchema, type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpCallLostError } from './mcp-call-lost-error.ts';
import type { McpServer } from './mcp-config.ts';
import { expandServerEnv, mcpServerEnvironment } from './mcp-server-environment.ts';
import { McpServerStartError, stderrEnd } from './mcp-server-start-error.ts';
import { serverWords } from './mcp-server-words.ts';
import { McpAnswerTooLargeError } from './mcp-answer-too-large-error.ts';
import { McpAnswerShapeError, readableAnswerError } from './mcp-answer-shape-error.ts';
import { AnswerBoundedHttpTransport } from './answer-bounded-http-transport.ts';
import { answerKeepingNumbers } from './exact-numbers-body.ts';
import { MCP_MESSAGE_LIMIT_BYTES, ProcessGroupStdioTransport, unreadProblem } from './process-group-stdio-transport.ts';
import { timeoutSignal } from '../../core/timeout-signal.ts';
import { fetchNeverSent } from '../../core/fetch-never-sent.ts';
import { askedWaitMs } from '../../core/retry-after-ms.ts';
import { longWaitFetch } from '../../core/long-wait-fetch.ts';

/**
 * The SDK checks a tool's structured answer against the `outputSchema` the server lists, with Ajv, whose
 * patterns run on V8's backtracking regexes: `^([a-z0-9]+-?)*$` on 30 characters of an answer held the
 * event loop for a minute, past every step and run timeout and SIGINT. plan-runner reads any answer as
 * untrusted data whatever its schema says (sanitised, capped, never obeyed), so the check is left out.
 */
const UNCHECKED_OUTPUT: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

export interface McpSessionOptions {
  /** Where stdio servers run: the repository root. */
  readonly cwd?: string;
  /** The runner's environment; only the variables `mcpServerEnvironment` passes and those the config names are read from it. */
  readonly runnerEnv: Readonly<Record<string, string | undefined>>;
}

/**
 * tools/list's answer, each tool left to be checked on its own: the SDK's schema refused the whole page for one tool
 * MCP does not allow, and a `tools:` allowlist that left that tool out could not keep the server usable.
 */
const LISTED_TOOLS_PAGE = ListToolsResultSchema.extend({ tools: z.array(z.unknown()) });

/**
 * tools/call's answer: a tool result holds `content`, or `structuredContent` from a tool with an output schema (an error
 * may say no more than `isError`). The SDK's schema takes a missing `content` as an empty list: `{}`, MCP's first
 * version's `toolResult` and a task the call was not asked to be succeeded with the empty text, the server's answer
 * lost (found by an adversarial pass).
 */
const TOOL_RESULT = CallToolResultSchema.extend({ content: CallToolResultSchema.shape.content.unwrap().optional() })
  .refine((result) => result.content !== undefined || result.structuredContent !== undefined || result.isError === true, 'it holds neither content nor structuredContent')
  .transform((result): CallToolResult => ({ ...result, content: result.content ?? [] }));

/** A per-request budget: cancelled with the run, or after `timeoutMs`. */
export interface McpRequestLimits {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** What sets `timeoutMs`, for a message that says it ran out: a start-up's limit is not `timeout_seconds`. */
  readonly timeoutNote?: string;
}

/**
 * The wait an HTTP server asked for (`retry-after`) in its error answer to a call, held for the call that made the
 * request: the SDK's error keeps the status only, and a 429's wait went unread (found by an adversarial pass).
 */
const askedWait = new AsyncLocalStorage<{ retryAfterMs?: number }>();

/**
 * How long the start, listing or call whose request is being sent may wait, for undici's own waits: Node's fetch ends a
 * request at 300 s for its headers (and each pause of its body), and a call allowed longer failed at 300 s as lost,
 * tried again (found by a review of the http tools, which had the same limit).
 */
const allowedWait = new AsyncLocalStorage<number>();

/** The most tools one server may list. */
export const MAX_LISTED_TOOLS = 1_000;

/** How long a failed start waits for the server to exit on its own, to say how it ended: its exit follows our failed write at once. */
const OWN_EXIT_WAIT_MS = 200;

/** The least time between two openings of an HTTP server's event stream (the SDK's GETs): see `#transportFor`. */
const MIN_STREAM_REOPEN_MS = 1_000;

/** The most tools read from one server whose tools the plan names (mcp_servers.<name>.tools): only those are kept. */
export const MAX_LISTED_TOOLS_WITH_ALLOWLIST = 10_000;

/**
 * One configured MCP server and its client. Connects on demand and again after it was closed or
 * crashed, so a server can be closed after listing and started lazily when a tool of it is called.
 */
export class McpServerSession {
  readonly name: string;
  readonly #config: McpServer;
  readonly #options: McpSessionOptions;
  #client?: Client;
  #transport?: ProcessGroupStdioTransport | AnswerBoundedHttpTransport;
  /** Calls in flight now, and when a message over the limit stopped the server: how many were then, and a count of such stops. */
  #inFlight = 0;
  /** When the server's event stream was last opened (`performance.now()`), to pace its reopening. */
  #lastStreamOpen = Number.NEGATIVE_INFINITY;
  #oversizedWith = 0;
  #oversizedStops = 0;
  /** Times the server was stopped for leaving our messages unread (`MAX_UNREAD_MESSAGES`). */
  #unreadStops = 0;
  #connecting?: Promise<Client>;
  #closing?: Promise<void>;

  constructor(name: string, config: McpServer, options: McpSessionOptions) {
    this.name = name;
    this.#config = config;
    this.#options = options;
  }

  /** The stdio server's process id while it runs. */
  get pid(): number | undefined {
    return this.#transport instanceof ProcessGroupStdioTransport ? this.#transport.pid : undefined;
  }

  /** True while a client is connected. */
  get connected(): boolean {
    return this.#client !== undefined;
  }

  /** Connects (starting a stdio server) unless already connected; throws McpServerStartError on failure. */
  async connect(limits: McpRequestLimits): Promise<Client> {
    if (this.#client) return this.#client;
    this.#connecting ??= this.#start(limits).finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #start(limits: McpRequestLimits): Promise<Client> {
    const transport = this.#transportFor();
    this.#transport = transport;
    if (transport instanceof ProcessGroupStdioTransport) {
      transport.onOversized = () => {
        this.#oversizedWith = this.#inFlight;
        this.#oversizedStops++;
      };
    }
    transport.onUnread = () => {
      this.#unreadStops++;
    };
    const client = new Client({ name: 'plan-runner', version: '1' }, { capabilities: {}, jsonSchemaValidator: UNCHECKED_OUTPUT });
    client.onclose = () => {
      // A server that exits on its own is reconnected on the next call; its process group goes now.
      if (this.#client === client) this.#client = undefined;
      if (transport instanceof ProcessGroupStdioTransport) void transport.close();
    };
    // The SDK's timeout holds `initialize` only: the `notifications/initialized` it then sends waits as long as the
    // server lets it, and an HTTP server that never answered that POST held the start for undici's 300 s, for good
    // with an error body sent a byte at a time (found by an adversarial pass). The whole start is held to the limit.
    const startDeadline = timeoutSignal(limits.timeoutMs);
    const stops = this.#oversizedStops;
    try {
      await raceAbort(allowedWait.run(limits.timeoutMs, () => client.connect(transport, { signal: limits.signal, timeout: limits.timeoutMs })), AbortSignal.any([limits.signal, startDeadline]));
    } catch (error) {
      if (this.#transport === transport) this.#transport = undefined;
      // The SDK says only "MCP error -32001: Request timed out", which read as a tool call's timeout_seconds.
      const timedOut = (error instanceof McpError && error.code === ErrorCode.RequestTimeout) || (startDeadline.aborted && error === startDeadline.reason);
      // A server that exited at once failed the start as "write EPIPE" or "Connection closed" only: how it
      // ended, looked at before it is closed (found by an adversarial pass).
      const exited = !timedOut && !limits.signal.aborted && transport instanceof ProcessGroupStdioTransport ? await transport.ownExit(OWN_EXIT_WAIT_MS) : undefined;
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
      limits.signal.throwIfAborted();
      const stderr = transport instanceof ProcessGroupStdioTransport ? await transport.stderrText() : undefined;
      const words = this.#oversizedStops !== stops ? oversizedWords('initialize', this.#config.command !== undefined) : serverWords(readableAnswerError(error, 'initialize'));
      const reason = timedOut ? this.#startTimedOut(limits) : exited ? `it ${exited} before it answered (${words})` : words;
      throw new McpServerStartError(this.name, reason, { stderr, cause: error });
    }
    this.#client = client;
    return client;
  }

  /** The plan field that sets this server's time to start, and its value in ms when the plan sets it. */
  get #startTimeout(): { readonly field: string; readonly ms?: number } {
    const own = this.#config.start_timeout_seconds;
    return { field: `mcp_servers.${this.name}.start_timeout_seconds`, ...(own !== undefined && { ms: own * 1000 }) };
  }

  /** The limits of the first start and of listing the tools: the server's own `start_timeout_seconds`, else `fallbackMs`. */
  listingLimits(signal: AbortSignal, fallbackMs: number): McpRequestLimits {
    const { field, ms } = this.#startTimeout;
    const what = ms === undefined ? `the time plan-runner gives a server to start, and again to list its tools, unless ${field} says otherwise` : field;
    return { signal, timeoutMs: ms ?? fallbackMs, timeoutNote: `${what}; timeout_seconds limits each tool call, not these` };
  }

  /**
   * The limits of a start before a call (a server closed after listing, or one that crashed): the call's,
   * or the server's own `start_timeout_seconds` when that is shorter. The call's limit bounds it either way.
   */
  #startLimits(call: McpRequestLimits): McpRequestLimits {
    const { field, ms } = this.#startTimeout;
    if (ms === undefined || ms >= call.timeoutMs) return { ...call, timeoutNote: 'timeout_seconds: a start before a call counts towards the call' };
    return { ...call, timeoutMs: ms, timeoutNote: field };
  }

  /** A start that got no answer within `limits`: how long was waited, what set that, and what to check. */
  #startTimedOut(limits: McpRequestLimits): string {
    const check =
      this.#config.command !== undefined
        ? 'its command must start an MCP server that answers on stdout in that time, not one that waits for input or a port first (a first npx -y download may take longer)'
        : 'its url must be an MCP server (streamable HTTP) that answers in that time';
    return `it did not answer within ${limits.timeoutMs / 1000} s of starting${limits.timeoutNote === undefined ? '' : ` (${limits.timeoutNote})`}; ${check}`;
  }

  #transportFor(): ProcessGroupStdioTransport | AnswerBoundedHttpTransport {
    const { command, url, headers, env } = this.#config;
    if (command !== undefined) {
      const [program, ...args] = command as [string, ...string[]];
      return new ProcessGroupStdioTransport({
        command: program,
        args,
        env: mcpServerEnvironment(this.name, env, this.#options.runnerEnv),
        cwd: this.#options.cwd,
      });
    }
    const expanded = Object.fromEntries(
      Object.entries(headers ?? {}).map(([name, value]) => [
        name,
        expandServerEnv(value, this.#options.runnerEnv, this.name, `mcp_servers.${this.name}.headers.${name}`),
      ]),
    );
    // An answer to a request (POST) over the limit ends the connection, as a stdio server's message stops it:
    // the calls in flight fail, and the one alone is told its answer was too large (callTool).
    const limited = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      // The SDK opens the server's event stream (a GET) again as soon as the server ends it, after the `retry:` the
      // server asks for, and counts no attempts when it ended cleanly: a server that sent `retry: 0` and closed had it
      // reconnect 400 times a second for the whole run, half a core (found by a hunt of the MCP adapters).
      if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
        const wait = this.#lastStreamOpen + MIN_STREAM_REOPEN_MS - performance.now();
        if (wait > 0) await sleep(wait, undefined, init?.signal ? { signal: init.signal } : {});
        this.#lastStreamOpen = performance.now();
      }
      // A second past the limit, the SDK's timeout ends the request first.
      const response = await longWaitFetch((url, given) => fetch(url, given), (allowedWait.getStore() ?? 0) + 1_000)(input, init);
      const call = askedWait.getStore();
      // However long, as an HTTP tool's: the retry policy holds it to max_interval.
      const wait = call && !response.ok ? askedWaitMs((name) => response.headers.get(name)) : undefined;
      if (call && wait !== undefined) call.retryAfterMs = wait;
      if (!response.body || response.status < 200 || response.status > 599) return response;
      const post = (init?.method ?? 'GET').toUpperCase() === 'POST';
      const onOver = (): void => {
        if (!post) return;
        this.#oversizedWith = this.#inFlight;
        this.#oversizedStops++;
        void this.#client?.close();
      };
      // The SDK reads an HTTP server's answer whole (or an event stream without end) before anything can
      // look at its size; a stdio server's messages are held to the same limit by its read buffer.
      const over = (): Error => {
        onOver();
        return new Error(`the MCP server sent an answer over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB; it was cut off`);
      };
      // An event stream holds one message an event, the server's notifications before the result: each event is held to
      // the limit, not the stream. A call that logged 5 MB of a build's output failed as an answer over 4 MiB (found by an adversarial pass).
      const stream = /^\s*text\/event-stream/i.test(response.headers.get('content-type') ?? '');
      const body = stream ? limitedEvents(response.body, MCP_MESSAGE_LIMIT_BYTES, over) : limitedBody(response.body, MCP_MESSAGE_LIMIT_BYTES, over);
      return answerKeepingNumbers(new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
    };
    return new AnswerBoundedHttpTransport(new URL(url as string), { requestInit: { headers: expanded }, fetch: limited });
  }

  /**
   * The tools the server lists (following pagination), within one `timeoutMs` for the whole list. Without
   * an allowlist at most MAX_LISTED_TOOLS; with one, only the tools it names are kept, of at most
   * MAX_LISTED_TOOLS_WITH_ALLOWLIST listed: a server that always answers with another page must not hold
   * the run for ever. `names`: the first 100 names listed, for messages.
   */
  async listTools(limits: McpRequestLimits, allowlist?: ReadonlySet<string>): Promise<{ tools: McpTool[]; names: string[]; total: number }> {
    const client = await this.connect(limits);
    const signal = AbortSignal.any([limits.signal, timeoutSignal(limits.timeoutMs)]);
    const cap = allowlist === undefined ? MAX_LISTED_TOOLS : MAX_LISTED_TOOLS_WITH_ALLOWLIST;
    const tools: McpTool[] = [];
    const keptNames = new Set<string>();
    const names: string[] = [];
    let total = 0;
    let cursor: string | undefined;
    const stops = this.#oversizedStops;
    do {
      let page;
      try {
        page = await allowedWait.run(limits.timeoutMs, () => client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, LISTED_TOOLS_PAGE, { signal, timeout: limits.timeoutMs }));
      } catch (error) {
        if (!limits.signal.aborted && signal.aborted) {
          throw new Error(`it was still listing its tools after ${limits.timeoutMs / 1000} s (${total} so far)${limits.timeoutNote === undefined ? '' : ` (${limits.timeoutNote})`}`, { cause: error });
        }
        if (this.#oversizedStops !== stops) throw new Error(oversizedWords('tools/list', this.#config.command !== undefined), { cause: error });
        throw readableAnswerError(error, 'tools/list');
      }
      total += page.tools.length;
      if (total > cap) {
        throw new Error(
          allowlist === undefined
            ? `it lists more than ${groupDigits(cap)} tools, more than plan-runner reads from one server without a list of those the plan uses; name them in mcp_servers.${this.name}.tools`
            : `it lists more than ${groupDigits(cap)} tools, more than plan-runner reads from one server`,
        );
      }
      for (const [index, listed] of page.tools.entries()) {
        const name = listed !== null && typeof listed === 'object' && typeof (listed as { name?: unknown }).name === 'string' ? (listed as { name: string }).name : undefined;
        if (names.length < 100 && name !== undefined) names.push(shownToolName(name));
        // A tool the allowlist leaves out is never looked at: a server with one tool MCP does not allow stays usable.
        if (allowlist !== undefined && (name === undefined || !allowlist.has(name))) continue;
        const tool = ToolSchema.safeParse(listed);
        if (!tool.success) {
          const shape = new McpAnswerShapeError('tools/list', tool.error.issues);
          const which = name === undefined ? `the tool it lists at tools[${total - page.tools.length + index}]` : `its tool '${shownToolName(name)}'`;
          throw new McpServerStartError(this.name, `${which} is not what MCP allows${shape.message.replace(/^[^:]*/, '')}; leave it out with a tools: allowlist`, { started: true });
        }
        // The registry's collision check would ask for an allowlist, which cannot tell one 'go' from the other (found by an adversarial pass).
        if (keptNames.has(tool.data.name)) {
          throw new McpServerStartError(this.name, `it lists its tool '${shownToolName(tool.data.name)}' twice, where MCP wants each name once; the server must be fixed or left out of the plan`, { started: true });
        }
        keptNames.add(tool.data.name);
        tools.push(tool.data);
      }
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { tools, names, total };
  }

  /**
   * Calls one tool, connecting first when needed. When a message over MCP_MESSAGE_LIMIT_BYTES
   * stopped the server while this was the only call in flight, the answer was this call's:
   * McpAnswerTooLargeError. With others in flight, which one's it was is unknown: each fails as the
   * closed connection it met (worth another try), and the server starts again at the next call.
   */
  async callTool(tool: string, args: Record<string, unknown>, limits: McpRequestLimits): Promise<CallToolResult> {
    const stops = this.#oversizedStops;
    const unread = this.#unreadStops;
    let started = Number.POSITIVE_INFINITY;
    /** Whether the server may have taken the call: not while it (re)starts before it, nor after it said it did not (a 404). */
    let sent = false;
    let client: Client | undefined;
    let transport: ProcessGroupStdioTransport | AnswerBoundedHttpTransport | undefined;
    const asked: { retryAfterMs?: number } = {};
    this.#inFlight++;
    try {
      client = await this.connect(this.#startLimits(limits));
      // The SDK's timer runs from the request, not from a restart of the server before it.
      started = performance.now();
      // A request, not the SDK's callTool: that refused an answer without structuredContent from a tool listing an
      // outputSchema after the server took the call, as if the server had said no (found by an adversarial pass).
      const call = (on: Client): Promise<CallToolResult> =>
        askedWait.run(asked, () =>
          allowedWait.run(limits.timeoutMs, () =>
            on.request({ method: 'tools/call', params: { name: tool, arguments: args } }, TOOL_RESULT, {
              signal: limits.signal,
              timeout: Math.max(1, limits.timeoutMs - (performance.now() - started)),
            }),
          ),
        );
      transport = this.#transport;
      try {
        sent = true;
        return await call(client);
      } catch (error) {
        // A 404 to a request in a session: the server (restarted) no longer knows it and did not take the call. The
        // specification has the client start a new session; every later call failed with that 404 (found by an adversarial pass).
        if (!(error instanceof StreamableHTTPError && error.code === 404 && transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined)) throw error;
        sent = false;
        if (this.#client === client) this.#client = undefined;
        await client.close().catch(() => undefined);
        client = await this.connect(this.#startLimits({ ...limits, timeoutMs: Math.max(1, limits.timeoutMs - (performance.now() - started)) }));
        transport = this.#transport;
        sent = true;
        return await call(client);
      }
    } catch (error) {
      if (this.#oversizedStops !== stops && this.#oversizedWith === 1) throw new McpAnswerTooLargeError(this.name, MCP_MESSAGE_LIMIT_BYTES, { cause: error });
      // Stopped for not reading while it flooded us: the call was lost, and the message says why.
      if (this.#unreadStops !== unread) throw new McpCallLostError(new Error(unreadProblem(), { cause: error }));
      // A stdio server that ended during the call: how, and what it said, not only "Connection closed" (found by an adversarial pass).
      if (transport instanceof ProcessGroupStdioTransport && error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
        const exited = await transport.ownExit(OWN_EXIT_WAIT_MS);
        if (exited !== undefined) throw new McpCallLostError(new Error(`the server ${exited} during the call${stderrTail(await transport.stderrText())}`, { cause: error }));
      }
      // An answer that is no tool result (the SDK's schema refused it), or no JSON-RPC answer: the server answered, wrongly.
      const answer = readableAnswerError(error, 'tools/call');
      if (answer !== error) throw answer;
      // The server's own answer: a JSON-RPC error (unless the SDK made it, for a timeout or a closed
      // connection), or an HTTP status that is no reason to try again.
      if (error instanceof McpError && !(error.code === ErrorCode.RequestTimeout && performance.now() - started >= limits.timeoutMs - 5) && !(error.code === ErrorCode.ConnectionClosed && (client === undefined || this.#client !== client))) throw error;
      if (error instanceof StreamableHTTPError && !(error.code === 408 || error.code === 429 || (error.code ?? 0) >= 500)) throw error;
      // A call never written (its start failed, the connection was refused) took no effect: a call with side effects may
      // be made again, where it counted as one that may have happened (found by an adversarial pass).
      // A 429 or 408 says the request was not taken, as for an HTTP tool.
      const refused = error instanceof StreamableHTTPError && (error.code === 408 || error.code === 429);
      throw new McpCallLostError(error, { notSent: !sent || fetchNeverSent(error) || refused, ...(asked.retryAfterMs !== undefined && { retryAfterMs: asked.retryAfterMs }) });
    } finally {
      this.#inFlight--;
    }
  }

  /** Closes the client and ends the server (its whole process group for stdio servers); callers share one close. */
  close(): Promise<void> {
    this.#closing ??= this.#close().finally(() => {
      this.#closing = undefined;
    });
    return this.#closing;
  }

  async #close(): Promise<void> {
    await this.#connecting?.catch(() => undefined);
    const client = this.#client;
    const transport = this.#transport;
    this.#client = undefined;
    this.#transport = undefined;
    // Waited for a while only: the SDK's DELETE has no timeout but undici's 300 s, and a server that never
    // answers it held every close, the job and a cancel for 5 minutes (found by an adversarial pass). The
    // transport's close, after, aborts it.
    if (transport instanceof StreamableHTTPClientTransport) await Promise.race([transport.terminateSession().catch(() => undefined), sleep(TERMINATE_SESSION_MS, undefined, { ref: false })]);
    await client?.close().catch(() => undefined);
    await transport?.close().catch(() => undefined);
  }
}

/**
 * Why a start or a listing ended when the server sent a message over the limit, which stopped it: the SDK said only
 * "Connection closed" (found by an adversarial pass).
 */
function oversizedWords(method: string, stdio: boolean): string {
  return `it sent a message over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB (its answer to ${method}${stdio ? ', or a line it wrote on stdout' : ''}), more than plan-runner reads from a server; it was stopped`;
}

/** The end of what a server wrote to stderr (`stderrEnd`), for a call's error: `; its stderr ended with: …`. */
function stderrTail(stderr: string): string {
  const text = stderrEnd(stderr);
  return text === '' ? '' : `; its stderr ended with:\n${text}`;
}

/** How long a close waits for an HTTP server to answer the end of its session (DELETE). */
export const TERMINATE_SESSION_MS = 2_000;
