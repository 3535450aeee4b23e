export const id = 541;
export const ids = [541];
export const modules = {

/***/ 42541:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  connectMcpServers: () => (/* binding */ connectMcpServers)
});

// UNUSED EXPORTS: MCP_DEFAULT_CALL_TIMEOUT_MS, MCP_DEFAULT_START_TIMEOUT_MS

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: external "node:async_hooks"
var external_node_async_hooks_ = __webpack_require__(16698);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/types.js
var types = __webpack_require__(63846);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js + 10 modules
var streamableHttp = __webpack_require__(42931);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-call-lost-error.js
/**
 * A tool call that got no answer of the MCP server's own: the SDK's timeout, a connection that closed, a
 * request that did not reach the server, an HTTP status that asks to try again (408, 429, 5xx). Unlike
 * an error the server answered with (a JSON-RPC error, even with the SDK's codes -32000 and -32001, which
 * JSON-RPC leaves to servers), it says nothing of the call, and is worth a retry.
 */
class McpCallLostError extends Error {
    name = 'McpCallLostError';
    /** True when the call was never written to the server: its start before the call failed, or it refused the connection. */
    notSent;
    /** The wait an HTTP server's `retry-after` asked for, with the status it refused the call with (429, 503). */
    retryAfterMs;
    constructor(cause, options = {}) {
        super(cause instanceof Error ? cause.message : String(cause), { cause });
        this.notSent = options.notSent === true;
        if (options.retryAfterMs !== undefined)
            this.retryAfterMs = options.retryAfterMs;
    }
}

// EXTERNAL MODULE: ./lib/tools/tool-output-too-large-error.js
var tool_output_too_large_error = __webpack_require__(35493);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool-error.js


/** An MCP server answered a tool call with `isError`: permanent unless the server marks it transient. */
class McpToolError extends step_error/* StepError */.zg {
    server;
    constructor(options) {
        const trimmed = options.text.trim();
        // `\u2026` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
        const text = trimmed === '' ? 'no details given' : (0,cut_text/* cutText */.IN)(trimmed, 2001);
        super(`${options.toolName}: MCP server '${options.server}' reported an error: ${text}`, options);
        this.server = options.server;
    }
}

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-transport-error.js


/** The most of a transport's or server's words a message keeps: a server chooses them, and the log, summary and prompts show them. */
const MAX_DETAIL_CHARS = 2000;
/**
 * A call to an MCP server got no usable answer (connection lost, timeout, server crashed): transient; or
 * was refused before the server took it (an HTTP 4xx, an answer that is not MCP): `transient: false`.
 */
class McpTransportError extends step_error/* StepError */.zg {
    server;
    /** `effectUnknown`: the server took the call and its answer cannot be read (no tool result). `notSent`: the call never reached it. */
    constructor(options) {
        // `\u2026` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
        const detail = (0,cut_text/* cutText */.IN)(options.detail, MAX_DETAIL_CHARS + 1);
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

// EXTERNAL MODULE: ./lib/tools/files/format-bytes.js
var format_bytes = __webpack_require__(37958);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/core/exceeds-depth.js
var exceeds_depth = __webpack_require__(35878);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-result-value.js



/** The text of an MCP result's content blocks, one per line; binary blocks are described, not included. */
function mcpResultText(content) {
    return (content ?? [])
        .map((block) => {
        switch (block.type) {
            case 'text':
                return block.text ?? '';
            case 'image':
            case 'audio':
                return `[${block.type}: ${block.mimeType ?? 'unknown type'}, ${(0,format_bytes/* formatBytes */.z)(Math.floor(((block.data ?? '').length * 3) / 4))} not shown]`;
            case 'resource_link':
                return `[resource: ${block.uri ?? ''}${block.name ? ` (${block.name})` : ''}]`;
            case 'resource':
                return block.resource?.text ?? `[resource: ${block.resource?.uri ?? ''} (${block.resource?.mimeType ?? 'binary'})]`;
            default:
                return `[${block.type} content not shown]`;
        }
    })
        .join('\n');
}
/** What an MCP tool call returns to the plan: its structured content when present, else its text. */
function mcpResultValue(result) {
    if (result.structuredContent !== undefined && result.structuredContent !== null)
        return result.structuredContent;
    return mcpResultText(result.content);
}
/**
 * The words of an `isError` result: its text, else its structured content as JSON. A server that gave its details
 * only there was reported as having given none (found by an adversarial pass). Not a value too deep to write.
 */
function mcpErrorText(result) {
    const text = mcpResultText(result.content);
    const structured = result.structuredContent;
    if (text.trim() !== '' || structured === undefined || structured === null || (0,exceeds_depth/* exceedsDepth */.R)(structured, parse_json/* MAX_JSON_DEPTH */.KX))
        return text;
    return JSON.stringify(structured);
}

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-answer-too-large-error.js
/** An MCP server answered the one call in flight with a message over the limit: a stdio server is stopped, an HTTP server's connection closed. */
class McpAnswerTooLargeError extends Error {
    limitBytes;
    constructor(server, limitBytes, options) {
        super(`MCP server '${server}' answered with a message over ${limitBytes} bytes and was stopped`, options);
        this.name = 'McpAnswerTooLargeError';
        this.limitBytes = limitBytes;
    }
}

// EXTERNAL MODULE: ./lib/core/error-text.js
var error_text = __webpack_require__(7437);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-server-words.js




// Apart from McpServerStartError, which `validate` and every run load at start: this brings the MCP SDK's HTTP client.
/** The most of what a server said (an error it answered, an HTTP body) a start error keeps, as a call's error does. */
const MAX_SERVER_WORDS_CHARS = 2000;
/**
 * A failure's words for a start error's reason, cut: a server chooses them (a 3 MB JSON-RPC error or HTTP body), and
 * the log, the summary and the plan error's annotation show them. `\u2026` where cut: the redactor hides what a cut left of a secret.
 */
function serverWords(error) {
    // A lost call (a 503) carries the server's answer as its cause.
    const answer = error instanceof McpCallLostError ? error.cause : error;
    return (0,cut_text/* cutText */.IN)(answer instanceof streamableHttp/* StreamableHTTPError */.b && answer.code !== undefined && answer.code >= 100 ? httpAnswerWords(answer.code, answer.message) : (0,error_text/* errorText */.k)(error), MAX_SERVER_WORDS_CHARS);
}
/**
 * An HTTP server's refusal, status first: the SDK's message gave only the body, and a 401 with none read "Streamable HTTP
 * error: Error POSTing to endpoint: ", saying neither what was refused nor what to do (found by an adversarial pass).
 */
function httpAnswerWords(status, message) {
    const words = message
        .replace(/^Streamable HTTP error: (?:Error POSTing to endpoint: )?/, '')
        .replace(" (redirectPolicy: 'same-origin')", "; plan-runner follows a server's redirects only within its origin: set the url to where it leads");
    const advice = status === 401 || status === 403 ? ' (it wants credentials, or refused those sent: send them in headers, from a runner variable, such as Authorization: Bearer ${env.TOKEN})' : '';
    return `it answered HTTP ${status}${advice}${words.trim() === '' ? '' : `: ${words}`}`;
}

// EXTERNAL MODULE: ./lib/security/sanitize-untrusted.js + 3 modules
var sanitize_untrusted = __webpack_require__(67126);
// EXTERNAL MODULE: ./lib/tools/tool-result-too-deep-error.js
var tool_result_too_deep_error = __webpack_require__(57048);
// EXTERNAL MODULE: ./lib/core/json-schema.js
var json_schema = __webpack_require__(369);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool.js















/** The longest description of a server's tool that prompts show. */
const MAX_DESCRIPTION_CHARS = 2000;
/** How deep a server's input schema may nest (JSON levels); `connectMcpServers` refuses a deeper one. */
const MAX_MCP_SCHEMA_DEPTH = 64;
/**
 * How long a server's input schema may be as JSON once its describing texts are cleaned and cut; `connectMcpServers`
 * refuses a longer one: the planner's and an agent's prompts hold every tool's schema whole (a 3 MB `x-note` sent 3 MB twice).
 */
const MAX_MCP_SCHEMA_CHARS = 64 * 1024;
/** How long the input schemas of all the servers' tools may be together, as JSON; more refuses the start. */
const MAX_MCP_SCHEMAS_CHARS = 1024 * 1024;
/** The longest tool name prompts and messages show (the MCP specification's names are at most 128 characters). */
const MAX_NAME_CHARS = 128;
/** A server's tool name as prompts and messages show it: what a reader would not see left out, and cut. */
function shownToolName(name) {
    return (0,sanitize_untrusted.sanitizeUntrusted)(name, { maxChars: MAX_NAME_CHARS, read: 'rendered' });
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
function hiddenTextInSchema(schema, at = '') {
    if (!(0,json_schema/* isMap */.jh)(schema))
        return hiddenTextIn(schema, at);
    for (const [key, value] of Object.entries(schema)) {
        const here = keyPath(at, key);
        if (SMUGGLING.test(key))
            return here;
        if (ANNOTATIONS.has(key))
            continue;
        const found = hiddenTextUnder(key, value, here);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/**
 * `hiddenTextInSchema` for each subschema `value` holds under `key`, where `cleanSchemaTexts` cleans them (`subschemaShape`
 * says where, for both); anything else read whole: `allOf: {description: \u2026}` is no schema, its text never cleaned.
 */
function hiddenTextUnder(key, value, at) {
    const shape = (0,json_schema/* subschemaShape */.Nt)(key, value);
    if (shape === 'one')
        return hiddenTextInSchema(value, at);
    if (shape === 'list')
        return hiddenTextInEach(value, at, hiddenTextInSchema);
    if (shape === undefined)
        return hiddenTextIn(value, at);
    return hiddenTextInEntries(value, at, hiddenTextInSchema);
}
/** Where a value a validator reads whole (an `enum`, a `pattern`, a keyword it does not know) holds hidden text, in any string or key. */
function hiddenTextIn(value, at) {
    if (typeof value === 'string')
        return SMUGGLING.test(value) ? at || '(the schema)' : undefined;
    if (!(0,json_schema/* isMap */.jh)(value))
        return Array.isArray(value) ? hiddenTextInEach(value, at, hiddenTextIn) : undefined;
    return hiddenTextInEntries(value, at, hiddenTextIn);
}
/** `find` on each item of a list, its index in the path. */
function hiddenTextInEach(list, at, find) {
    for (const [index, item] of list.entries()) {
        const found = find(item, `${at}[${index}]`);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/** `find` on each value of a map, its key in the path; a key holding hidden text is found itself. */
function hiddenTextInEntries(map, at, find) {
    for (const [key, inner] of Object.entries(map)) {
        const here = keyPath(at, key);
        const found = SMUGGLING.test(key) ? here : find(inner, here);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/** The path to `key` under `at`, the hidden characters of the key shown as `?`. */
function keyPath(at, key) {
    const shown = (0,cut_text/* cutText */.IN)(key.replace(/\uDB40[\uDC00-\uDC7F]|[\u202A-\u202E\u2066-\u2069]/g, '?').replaceAll('<!--', '<!?-'), 61);
    return at ? `${at}.${shown}` : shown;
}
/**
 * `schema` with what a reader would not see left out of the text that only describes (`description`,
 * `title`, `$comment`, `examples`, `default` where they are keywords of a schema, at every depth), each string
 * cut to `MAX_DESCRIPTION_CHARS`: an agent's prompt and the planner's tool list hold a tool's input schema whole.
 * What a validator reads (`enum`, `pattern`, property names, a property named `title`) stays as the server wrote it
 * (see `hiddenTextInSchema`).
 */
function cleanSchemaTexts(schema) {
    if (!(0,json_schema/* isMap */.jh)(schema))
        return schema;
    const copy = (0,json_schema/* mapSubschemas */.TY)(schema, cleanSchemaTexts);
    for (const key of Object.keys(copy))
        if (ANNOTATIONS.has(key))
            copy[key] = (0,sanitize_untrusted.sanitizeUntrustedValue)(copy[key], { maxChars: MAX_DESCRIPTION_CHARS, read: 'rendered' });
    return copy;
}
/** True when the server marked an `isError` result as worth retrying (`_meta.transient` or `_meta.retryable`). */
function markedTransient(meta) {
    if (meta === null || typeof meta !== 'object')
        return false;
    const { transient, retryable } = meta;
    return transient === true || retryable === true;
}
/**
 * A registry tool calling `tool` on an MCP server. Tools not annotated read-only count as having
 * side effects; `isError` results are permanent ToolErrors unless marked, lost answers transient.
 */
function mcpTool(options) {
    const { name, session, tool, timeoutMs } = options;
    return {
        name,
        // The server's words reach every prompt that lists tools: what its own reader would not see (an HTML comment, invisible characters) is left out, and the length capped.
        description: `${(0,sanitize_untrusted.sanitizeUntrusted)(tool.description ?? tool.title ?? tool.name, { maxChars: MAX_DESCRIPTION_CHARS, read: 'rendered' })} (tool '${shownToolName(tool.name)}' of MCP server '${session.name}')`,
        inputSchema: options.cleanSchema ?? cleanSchemaTexts(tool.inputSchema),
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
            }
            catch (error) {
                ctx.signal.throwIfAborted();
                if (error instanceof McpAnswerTooLargeError)
                    throw new tool_output_too_large_error/* ToolOutputTooLargeError */.Z({ toolName: name, limitBytes: error.limitBytes, answered: true });
                const detail = serverWords(error);
                if (error instanceof McpCallLostError)
                    throw new McpTransportError({ toolName: name, server: session.name, detail, notSent: error.notSent, retryAfterMs: error.retryAfterMs, cause: error });
                if (error instanceof types/* McpError */.Nh)
                    throw new McpToolError({ toolName: name, server: session.name, text: detail, transient: false });
                // Refused before the server took the call (an HTTP 4xx), or an answer that is no tool result: trying again changes
                // nothing. The latter answers a call the server took, which may have taken effect: a 200 of another content type
                // is a StreamableHTTPError too (code -1), as is a redirect (found by a review).
                const refused = error instanceof streamableHttp/* StreamableHTTPError */.b && error.code !== undefined && error.code >= 400 && error.code < 500;
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
            if ((0,exceeds_depth/* exceedsDepth */.R)(value, parse_json/* MAX_JSON_DEPTH */.KX))
                throw new tool_result_too_deep_error/* ToolResultTooDeepError */.Y({ toolName: name });
            if (Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value) ?? '') > tool_output_too_large_error/* TOOL_RESULT_LIMIT_BYTES */.l) {
                throw new tool_output_too_large_error/* ToolOutputTooLargeError */.Z({ toolName: name, limitBytes: tool_output_too_large_error/* TOOL_RESULT_LIMIT_BYTES */.l, answered: true });
            }
            return value;
        },
    };
}

// EXTERNAL MODULE: ./lib/core/limited-body.js
var limited_body = __webpack_require__(73782);
;// CONCATENATED MODULE: ./lib/tools/mcp/limited-events.js

const CR = 0x0d;
const LF = 0x0a;
/**
 * An event stream (`text/event-stream`) passed through until one event (its lines up to the blank line that ends it)
 * holds more than `limit` bytes: then its stream is cancelled and the body errors with what `over` makes. Each event
 * is one message; the stream as a whole may carry any number (a call's answer brings the server's notifications first).
 */
function limitedEvents(body, limit, over) {
    /** Bytes of the event under way, of its line under way, and whether the last byte was a CR (a line end, or the start of CRLF). */
    let eventBytes = 0;
    let lineBytes = 0;
    let afterCr = false;
    /**
     * Whether `chunk` takes an event past `limit`, counting as an event-stream reader splits lines (CRLF, LF or CR). The
     * bytes between line ends are counted a run at a time, each end found by `indexOf`: a byte at a time in JavaScript,
     * reading a call's event stream took 2.4 times the CPU time of decoding and parsing it (found by an adversarial pass).
     */
    const overflows = (chunk) => {
        // The next CR and LF at or after `at`; -1 when the chunk has none left, -2 before the first search.
        let nextCr = -2;
        let nextLf = -2;
        for (let at = 0; at < chunk.length;) {
            if (nextCr !== -1 && nextCr < at)
                nextCr = chunk.indexOf(CR, at);
            if (nextLf !== -1 && nextLf < at)
                nextLf = chunk.indexOf(LF, at);
            const end = Math.min(nextCr === -1 ? chunk.length : nextCr, nextLf === -1 ? chunk.length : nextLf);
            if (end > at) {
                afterCr = false;
                lineBytes += end - at;
                eventBytes += end - at;
                if (eventBytes > limit)
                    return true;
                if (end === chunk.length)
                    return false;
            }
            const byte = chunk[end];
            at = end + 1;
            if (byte === LF && afterCr) {
                afterCr = false;
                continue;
            }
            afterCr = byte === CR;
            if (lineBytes === 0)
                eventBytes = 0;
            lineBytes = 0;
        }
        return false;
    };
    return (0,limited_body/* guardedBody */.D)(body, overflows, over);
}

// EXTERNAL MODULE: ./lib/core/race-abort.js
var race_abort = __webpack_require__(90469);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js + 31 modules
var esm_client = __webpack_require__(30063);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./lib/process/expand-env-references.js
var expand_env_references = __webpack_require__(76674);
// EXTERNAL MODULE: ./lib/tools/mcp/mcp-server-start-error.js
var mcp_server_start_error = __webpack_require__(71088);
// EXTERNAL MODULE: ./lib/process/scrub-environment.js
var scrub_environment = __webpack_require__(6578);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-server-environment.js



/** Replaces `${env.NAME}` with the runner's variable; a variable that is not set stops the server's start, saying where. */
function expandServerEnv(template, runnerEnv, server, where) {
    return (0,expand_env_references/* expandEnvReferences */.Q)(template, runnerEnv, (name) => new mcp_server_start_error/* McpServerStartError */.K(server, `${where} reads \${env.${name}}, which is not set on the runner; set it in the workflow step's env:`));
}
/**
 * The whole environment of a stdio MCP server: PATH, HOME and the runner's `RUNNER_TRACKING_ID`, plus exactly what
 * its `env:` names. The tracking mark is how a self-hosted runner finds, at the job's end, what a killed main step
 * left running: a server, in a process group of its own, ran on without it (found by an adversarial pass). On
 * Windows, also what programs need there to start (`WINDOWS_START_ENV_NAMES`).
 */
function mcpServerEnvironment(server, config, runnerEnv, platform = process.platform) {
    const env = (0,scrub_environment/* runnerVariables */.Gg)(runnerEnv, ['PATH', 'HOME', 'RUNNER_TRACKING_ID', ...(0,scrub_environment/* windowsStartNames */.gw)(platform)], platform);
    if (Array.isArray(config)) {
        for (const name of config) {
            const value = (0,expand_env_references/* runnerVariable */.D)(runnerEnv, name);
            if (value !== undefined)
                (0,scrub_environment/* setVariable */.BB)(env, name, value, platform);
        }
    }
    else if (config !== undefined) {
        for (const [name, template] of Object.entries(config)) {
            (0,scrub_environment/* setVariable */.BB)(env, name, expandServerEnv(template, runnerEnv, server, `mcp_servers.${server}.env.${name}`), platform);
        }
    }
    return env;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./lib/core/format-path.js
var format_path = __webpack_require__(19474);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-answer-shape-error.js




/** The JSON-RPC error code `serverMessage` answers a request with when the server's answer to it is none (JSON-RPC leaves -32000 to -32099 to implementations). */
const UNREADABLE_ANSWER_CODE = -32098;
/**
 * What marks that error answer as `serverMessage`'s (its `data.madeBy`), which no server can know: told by its code
 * alone, a server's own error of that code ("database locked") read as an answer MCP does not allow, and one whose
 * `data.issues` it chose (`[null]`) failed the call as "Cannot read properties of null" (found by an adversarial pass).
 */
const MADE_HERE = (0,external_node_crypto_.randomUUID)();
/** `tools[1].inputSchema`: where in an answer an issue is, cut (a key the server chose, in `_meta`, may be long). */
function issuePath(path) {
    return (0,cut_text/* cutText */.IN)((0,format_path/* formatPath */.j)(path.map((key) => (typeof key === 'number' ? key : String(key)))), 200);
}
/**
 * An MCP server answered `method` with what the protocol does not allow there, which the SDK's schema refused.
 * Its error was zod's issues as JSON over a dozen lines in the log, summary and comment (found by an adversarial pass):
 * this says in one line which request, where in the answer and what, and how many other problems there were.
 */
class McpAnswerShapeError extends Error {
    name = 'McpAnswerShapeError';
    constructor(method, issues, options = {}) {
        const [first] = issues;
        const what = first === undefined ? '' : (0,cut_text/* cutText */.IN)(first.message.replace(/^Invalid input: /, ''), 200);
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
function serverMessage(read) {
    const message = types/* JSONRPCMessageSchema */.OR.safeParse(read);
    if (message.success)
        return message.data;
    const id = read !== null && typeof read === 'object' && !Array.isArray(read) && !('method' in read) ? read.id : undefined;
    if (typeof id !== 'string' && !(typeof id === 'number' && Number.isInteger(id)))
        throw message.error;
    const answer = ('error' in read && !('result' in read) ? types/* JSONRPCErrorResponseSchema */.yi : types/* JSONRPCResultResponseSchema */.hH).safeParse(read);
    const issues = (answer.error ?? message.error).issues.map(({ path, message: what }) => ({ path: path.map((key) => (typeof key === 'number' ? key : String(key))), message: what }));
    return { jsonrpc: '2.0', id, error: { code: UNREADABLE_ANSWER_CODE, message: 'an answer that is no JSON-RPC answer', data: { issues, madeBy: MADE_HERE } } };
}
/**
 * `error` as an McpAnswerShapeError when it is the SDK's schema refusing the answer to `method` (a ZodError), or the
 * error `serverMessage` made of an answer that is no JSON-RPC answer; else as it is.
 */
function readableAnswerError(error, method) {
    const made = error instanceof types/* McpError */.Nh && error.code === UNREADABLE_ANSWER_CODE ? error.data : undefined;
    if (made?.madeBy === MADE_HERE)
        return new McpAnswerShapeError(method, made.issues ?? [], { cause: error });
    if (!(error instanceof Error) || (error.name !== 'ZodError' && error.name !== '$ZodError'))
        return error;
    const issues = error.issues;
    return new McpAnswerShapeError(method, Array.isArray(issues) ? issues : [], { cause: error });
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/shared/stdio.js
var stdio = __webpack_require__(6224);
// EXTERNAL MODULE: ./lib/core/parse-json-keeping-numbers.js
var parse_json_keeping_numbers = __webpack_require__(28922);
;// CONCATENATED MODULE: ./lib/tools/mcp/read-server-message.js




/**
 * A server's JSON-RPC message (or batch) read from its text as `JSON.parse` reads it, but for a tool's answer, its
 * `result.structuredContent`, which keeps each number a double cannot hold as the text the server wrote (a string):
 * that is the value a plan acts on (`{"id": 9007199254740993}` became another id). The protocol's own numbers and a
 * listing's are numbers: read whole so, a listed input schema's `maximum: 18446744073709551615` became a string, no
 * JSON Schema a model endpoint takes in a tool's parameters (found by an adversarial pass).
 */
function readServerMessage(text) {
    return messageWithAnswersKept(text) ?? JSON.parse(text);
}
/** The message `text` as `readServerMessage` reads it when a tool's answer in it keeps a number so; else undefined. */
function messageWithAnswersKept(text) {
    if (!(0,parse_json_keeping_numbers/* mayHoldInexactNumber */.k)(text))
        return undefined;
    const message = JSON.parse(text);
    // Read as it is, for the tool to refuse as too deep: keeping its numbers walks it by recursion, which overflowed the
    // stack, and the answer, dropped as no message, left its call to wait out its timeout (found by an adversarial pass).
    // The envelope (a batch, `result`, `structuredContent`) takes three levels of the tool's.
    if ((0,exceeds_depth/* exceedsDepth */.R)(message, parse_json/* MAX_JSON_DEPTH */.KX + 3))
        return undefined;
    const kept = (0,parse_json_keeping_numbers/* readJsonKeepingNumbers */.yy)(text);
    let changed = false;
    const withAnswerKept = (one, keptOne) => {
        if (!(0,json_schema/* isMap */.jh)(one) || !(0,json_schema/* isMap */.jh)(one['result']) || !(0,json_schema/* isMap */.jh)(keptOne) || !(0,json_schema/* isMap */.jh)(keptOne['result']))
            return one;
        if (!Object.hasOwn(keptOne['result'], 'structuredContent'))
            return one;
        changed = true;
        return { ...one, result: { ...one['result'], structuredContent: keptOne['result']['structuredContent'] } };
    };
    const read = Array.isArray(message) ? message.map((one, index) => withAnswerKept(one, kept[index])) : withAnswerKept(message, kept);
    return changed ? read : undefined;
}

;// CONCATENATED MODULE: ./lib/tools/mcp/json-rpc-line-reader.js


/**
 * A stdio server's stream as JSON-RPC messages, one a line, as the SDK's `ReadBuffer` reads them, but keeping a
 * number a double cannot hold in a tool's answer as the text the server wrote (`readServerMessage`): a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass).
 */
class JsonRpcLineReader {
    /** What was written up to the last line end that came, less the lines read. */
    #buffer;
    /**
     * The pieces written since, which end no line: joined once a line end comes. Each piece joined to all before it, and
     * the whole searched again for a line end, a server that wrote a 4 MiB answer 64 bytes at a time took 122 s of CPU
     * to read (found by an agent hunt).
     */
    #pieces = [];
    #piecesBytes = 0;
    #maxBytes;
    constructor(maxBytes) {
        this.#maxBytes = maxBytes;
    }
    /**
     * Adds what the server wrote; throws, and forgets what it held, for a line of more than `maxBytes`. Each line is held
     * to it alone: counted with what came after it in the same read, two messages just under 4 MiB written back to back
     * were refused as one over it (found by a hunt of the MCP adapters).
     */
    append(chunk) {
        if (this.#lineTooLong(chunk)) {
            this.clear();
            throw new Error(`a message of over ${this.#maxBytes} bytes`);
        }
        if (!chunk.includes('\n')) {
            this.#pieces.push(chunk);
            this.#piecesBytes += chunk.length;
            return;
        }
        this.#buffer = Buffer.concat([...(this.#buffer ? [this.#buffer] : []), ...this.#pieces, chunk]);
        this.#pieces = [];
        this.#piecesBytes = 0;
    }
    /** The next whole message, or null until a line ends; throws for a line that is not one (that line is gone), unless it answers a request (`serverMessage`). */
    readMessage() {
        const end = this.#buffer?.indexOf('\n') ?? -1;
        if (end === -1) {
            // The start of a line not yet ended: held as a piece, not searched again as the rest of it comes.
            if (this.#buffer?.length) {
                this.#pieces.unshift(this.#buffer);
                this.#piecesBytes += this.#buffer.length;
            }
            this.#buffer = undefined;
            return null;
        }
        const line = this.#buffer.toString('utf8', 0, end).replace(/\r$/, '');
        this.#buffer = this.#buffer.subarray(end + 1);
        return serverMessage(readServerMessage(line));
    }
    /** Whether a line `chunk` ends or holds, with the start of it held before, is longer than `maxBytes`. */
    #lineTooLong(chunk) {
        const buffered = this.#buffer ? this.#buffer.length - (this.#buffer.lastIndexOf('\n') + 1) : 0;
        let start = 0;
        let held = buffered + this.#piecesBytes;
        for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
            if (held + end - start > this.#maxBytes)
                return true;
            held = 0;
            start = end + 1;
        }
        return held + chunk.length - start > this.#maxBytes;
    }
    /** Forgets what is unread. */
    clear() {
        this.#buffer = undefined;
        this.#pieces = [];
        this.#piecesBytes = 0;
    }
}

// EXTERNAL MODULE: ./lib/process/kill-marked-processes.js
var kill_marked_processes = __webpack_require__(1326);
// EXTERNAL MODULE: ./lib/process/kill-process-group.js
var kill_process_group = __webpack_require__(46747);
// EXTERNAL MODULE: ./lib/process/live-process-groups.js
var live_process_groups = __webpack_require__(39340);
// EXTERNAL MODULE: ./lib/process/tail-buffer.js
var tail_buffer = __webpack_require__(69542);
// EXTERNAL MODULE: ./lib/process/program-problem.js
var program_problem = __webpack_require__(79639);
// EXTERNAL MODULE: ./lib/process/signalled-status.js
var signalled_status = __webpack_require__(91551);
;// CONCATENATED MODULE: ./lib/tools/mcp/process-group-stdio-transport.js













/** How long a server gets to exit after its stdin closes and after SIGTERM, before the next step. */
const GRACE_MS = 1000;
/**
 * The most of plan-runner's messages that may wait for a server to read them. The SDK answers a server's own
 * requests (`ping`, and an error for any it does not serve) without limit: a server that stopped reading and
 * sent 300,000 of them held plan-runner's event loop for minutes, each answer waiting on the pipe with
 * listeners of its own, which draining and closing removed one at a time (found by an adversarial pass).
 */
const MAX_UNREAD_MESSAGES = 1000;
/**
 * The most bytes of plan-runner's messages that may wait for a server to read them. An answer repeats its request's id,
 * which the server chooses: 990 `ping`s with ids of 4 MB each, unread, were 4 GB held for the pipe, and plan-runner
 * ran out of memory in 20 s, its report and trace unwritten and the server left running (found by a hunt of the MCP
 * adapters). The count alone did not bound them.
 */
const MAX_UNREAD_BYTES = 16 * 1024 * 1024;
/** The largest message a stdio server may send; a larger one stops the server (the SDK's own limit, 10 MiB, threw where nothing could catch it). */
const MCP_MESSAGE_LIMIT_BYTES = 4 * 1024 * 1024;
/**
 * An MCP stdio client transport that starts the server as the leader of its own process group, so
 * that closing it also ends whatever it started (`npx` starts the real server as a grandchild), and
 * gives it exactly the environment passed (the SDK's transport adds HOME, USER, SHELL, ...).
 */
class ProcessGroupStdioTransport {
    onclose;
    onerror;
    onmessage;
    /** The last few KiB the server wrote to stderr, for error messages. */
    stderr = new tail_buffer/* TailBuffer */.v(8 * 1024);
    #stderrClosed = Promise.resolve();
    #server;
    #readBuffer = new JsonRpcLineReader(MCP_MESSAGE_LIMIT_BYTES);
    /** Called when the server sent a message over MCP_MESSAGE_LIMIT_BYTES, before it is stopped. */
    onOversized;
    /** Called when MAX_UNREAD_MESSAGES of ours, or MAX_UNREAD_BYTES, wait for the server to read them, before it is stopped. */
    onUnread;
    /** One wait for the pipe to drain, shared by every message written while it is full. */
    #drained;
    #waiting = 0;
    /** Set once the server was stopped for leaving our messages unread: nothing more is read or written. */
    #unread = false;
    #closing;
    #child;
    /** How the server ended, once it did on its own: `exited with status 3`; not when it was stopped, or exited 0 once its stdin was closed. */
    #ownExit;
    /** What `close()` did so far: ended the server's stdin, then sent it a signal. */
    #stdinEnded = false;
    #signalled = false;
    /** Settled once the server process exited, however it ended. */
    #exited = Promise.resolve();
    /** Marks everything the server starts, so what detaches from its group (`setsid`) can be found and ended too (Linux). */
    #marker = (0,external_node_crypto_.randomBytes)(12).toString('hex');
    constructor(server) {
        this.#server = server;
    }
    /** The server's process id once started. */
    get pid() {
        return this.#child?.pid;
    }
    async start() {
        if (this.#child)
            throw new Error('already started');
        let child;
        try {
            child = (0,external_node_child_process_.spawn)(this.#server.command, [...this.#server.args], {
                env: { ...this.#server.env, [kill_marked_processes/* PROCESS_MARKER_VARIABLE */.oe]: this.#marker },
                cwd: this.#server.cwd,
                stdio: ['pipe', 'pipe', 'pipe'],
                detached: process.platform !== 'win32',
                shell: false,
                windowsHide: true,
            });
        }
        catch (error) {
            // Refused before it started (a batch file on Windows: EINVAL), said as a start that failed is.
            throw this.#startError(error);
        }
        this.#child = child;
        (0,live_process_groups/* trackProcessGroup */.u)(child);
        child.stdout?.on('data', (chunk) => {
            if (this.#unread)
                return;
            try {
                this.#readBuffer.append(chunk);
            }
            catch {
                // In a stream's listener a throw would end the whole process: the server is stopped instead.
                this.onOversized?.();
                this.onerror?.(new Error(`the MCP server sent a message over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB; it was stopped`));
                void this.close();
                return;
            }
            for (;;) {
                let message;
                try {
                    message = this.#readBuffer.readMessage();
                }
                catch (error) {
                    this.onerror?.(error);
                    continue;
                }
                if (message === null || this.#unread)
                    break;
                this.onmessage?.(message);
            }
        });
        child.stderr?.on('data', (chunk) => this.stderr.push(chunk));
        this.#stderrClosed = child.stderr ? (0,external_node_events_.once)(child.stderr, 'close').then(() => undefined, () => undefined) : Promise.resolve();
        child.stdin?.on('error', (error) => this.onerror?.(error));
        // A server that exits on its own leaves nothing running: its group and what detached from it go too.
        this.#exited = (0,external_node_events_.once)(child, 'exit').then(() => undefined, () => undefined);
        child.on('exit', (code, signal) => {
            if (!this.#signalled && !(code === 0 && this.#stdinEnded))
                this.#ownExit = code !== null ? `exited with ${(0,signalled_status/* describeStatus */.W)(code)}` : `was killed by ${signal ?? 'a signal'}`;
            (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
            (0,kill_marked_processes/* killMarkedProcesses */._l)(this.#marker);
        });
        child.on('close', () => {
            this.#child = undefined;
            this.onclose?.();
        });
        await new Promise((resolve, reject) => {
            child.once('spawn', resolve);
            child.once('error', (error) => {
                this.#child = undefined;
                reject(this.#startError(error));
            });
        });
    }
    /**
     * The error of a start that failed, with why when it can be told (`spawnProblem`): the system's ENOENT names no reason
     * when the program is there (a batch file on Windows: `npx` is npx.cmd; a script whose `#!` interpreter is missing or
     * ends in a carriage return), nor does EINVAL of a `.cmd` (found by an adversarial hunt).
     */
    #startError(error) {
        const problem = (0,program_problem/* spawnProblem */.xb)(error.code, this.#server.command, this.#server.cwd ?? process.cwd(), this.#server.env);
        return problem === undefined ? error : new Error(`${error.message}: ${problem}`, { cause: error });
    }
    async send(message) {
        const stdin = this.#child?.stdin;
        if (!stdin || stdin.destroyed)
            throw new Error('the MCP server is not running');
        if (this.#unread)
            throw new Error(unreadProblem());
        const line = (0,stdio/* serializeMessage */.Ex)(message);
        // In bytes, an answer to the server's own request (no `method`): what the server makes plan-runner hold, as the HTTP transport counts it.
        const answer = !('method' in message);
        if (this.#waiting >= MAX_UNREAD_MESSAGES || (answer && stdin.writableLength + line.length > MAX_UNREAD_BYTES)) {
            this.#unread = true;
            const error = new Error(unreadProblem());
            this.onUnread?.();
            this.onerror?.(error);
            void this.close();
            throw error;
        }
        if (stdin.write(line))
            return;
        this.#waiting++;
        try {
            await (this.#drained ??= (0,external_node_events_.once)(stdin, 'drain')
                .then(() => undefined)
                .finally(() => {
                this.#drained = undefined;
            }));
        }
        finally {
            this.#waiting--;
        }
    }
    /**
     * What the server wrote to stderr, once the pipe closed (at most `waitMs` later). A server that writes
     * its complaint and exits at once fails the start with EPIPE on our first write, often before its
     * stderr was read: the message then lost what the server said.
     */
    async stderrText(waitMs = 500) {
        await Promise.race([this.#stderrClosed, (0,promises_.setTimeout)(waitMs, undefined, { ref: false })]);
        return this.stderr.text();
    }
    /**
     * How the server ended if it exits on its own within `waitMs` (before anything closes it): `exited with status 3`;
     * else undefined. A server that exits at once fails a start with EPIPE on our first write, often before its exit is seen.
     */
    async ownExit(waitMs) {
        if (this.#ownExit === undefined && !this.#signalled)
            await Promise.race([this.#exited, (0,promises_.setTimeout)(waitMs, undefined, { ref: false })]);
        return this.#ownExit;
    }
    /** Ends the server and its process group: stdin closed, then SIGTERM, then SIGKILL; waits for the exit. Callers share one close. */
    close() {
        this.#closing ??= this.#close().finally(() => {
            this.#closing = undefined;
        });
        return this.#closing;
    }
    async #close() {
        const child = this.#child;
        if (!child)
            return;
        // Its pipes all closed (the child's 'close'): until then a process it left may hold them.
        const pipesClosed = (0,external_node_events_.once)(child, 'close').then(() => true, () => true);
        if (child.exitCode === null && child.signalCode === null) {
            const exited = (0,external_node_events_.once)(child, 'exit').then(() => true);
            const within = (ms) => Promise.race([exited, (0,promises_.setTimeout)(ms, false, { ref: false })]);
            this.#stdinEnded = true;
            child.stdin?.end();
            if (!(await within(GRACE_MS))) {
                this.#signalled = true;
                (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGTERM');
                if (!(await within(GRACE_MS))) {
                    (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
                    await exited;
                }
            }
        }
        // The leader is gone; anything it left behind in its group goes too, and what left the group (setsid).
        (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
        await (0,kill_marked_processes/* whenEnded */.Dq)((0,kill_marked_processes/* killMarkedProcesses */._l)(this.#marker));
        // A process that escaped both (no /proc to find it by) may still hold the pipes: once what is in them had a
        // moment to be read, ours close, so the run is not kept alive by them. A server that had exited already kept
        // them open: its close returned at once (found by an adversarial pass).
        await Promise.race([pipesClosed, (0,promises_.setTimeout)(GRACE_MS, false, { ref: false })]);
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.stdin?.destroy();
        this.#readBuffer.clear();
    }
}
/** Why a server that left MAX_UNREAD_MESSAGES, or MAX_UNREAD_BYTES, unread was stopped. */
function unreadProblem() {
    return `it sent requests of its own and left plan-runner's answers unread (${(0,group_digits/* groupDigits */.K)(MAX_UNREAD_MESSAGES)} of them, or ${MAX_UNREAD_BYTES / 1024 / 1024} MiB); it was stopped`;
}

;// CONCATENATED MODULE: ./lib/tools/mcp/answer-bounded-http-transport.js


/**
 * A Streamable HTTP client transport held to the stdio transport's bound on a server's own requests: the SDK answers
 * each (`ping`, an error for any it does not serve) with a POST of its own, without limit. 50,000 pings in one
 * answer's event stream (2.5 MB) held plan-runner's event loop for 23 s at a stretch, took it to 1.4 GB, and ran the
 * call past its timeout (found by an adversarial pass). With MAX_UNREAD_MESSAGES answers under way, or MAX_UNREAD_BYTES
 * (an answer repeats the id the server chose, up to 4 MiB), it is closed.
 */
class AnswerBoundedHttpTransport extends streamableHttp/* StreamableHTTPClientTransport */.j {
    /** Called when MAX_UNREAD_MESSAGES of our answers, or MAX_UNREAD_BYTES, wait for the server to take them, before the transport closes. */
    onUnread;
    #answering = 0;
    #answeringBytes = 0;
    #stopped = false;
    async send(message, options) {
        if ('method' in message)
            return super.send(message, options);
        // Its id is the server's own, and as long as the server made it (its JSON's length: UTF-16 units, near enough).
        const bytes = JSON.stringify(message).length;
        if (this.#stopped || this.#answering >= MAX_UNREAD_MESSAGES || this.#answeringBytes + bytes > MAX_UNREAD_BYTES) {
            if (!this.#stopped) {
                this.#stopped = true;
                this.onUnread?.();
                void this.close();
            }
            throw new Error(unreadProblem());
        }
        this.#answering++;
        this.#answeringBytes += bytes;
        try {
            await super.send(message, options);
        }
        finally {
            this.#answering--;
            this.#answeringBytes -= bytes;
        }
    }
}

;// CONCATENATED MODULE: ./lib/tools/mcp/exact-numbers-body.js




/**
 * The JSON text written again with each number of a tool's answer a double cannot hold as a string of its digits
 * (`readServerMessage`), and an answer that is no JSON-RPC answer as the error answer `serverMessage` makes of it (the
 * SDK dropped it from an event stream, and its request waited out its time); as it was otherwise, or when it is no JSON.
 */
function rewritten(json) {
    try {
        const kept = (0,parse_json_keeping_numbers/* mayHoldInexactNumber */.k)(json) ? messageWithAnswersKept(json) : undefined;
        const read = kept ?? JSON.parse(json);
        if (!Array.isArray(read) && !types/* JSONRPCMessageSchema */.OR.safeParse(read).success)
            return JSON.stringify(serverMessage(read));
        return kept === undefined ? json : JSON.stringify(kept);
    }
    catch {
        return json;
    }
}
/** An event's lines (without their ends) with its data, the lines joined as a reader joins them, rewritten as `rewritten` does. */
function eventKeepingNumbers(lines) {
    const isData = (line) => line === 'data' || line.startsWith('data:');
    const data = lines.filter(isData).map((line) => line.slice(5).replace(/^ /, ''));
    const joined = data.join('\n');
    if (data.length === 0)
        return [...lines];
    const written = rewritten(joined);
    return written === joined ? [...lines] : [...lines.filter((line) => !isData(line)), `data: ${written}`];
}
/**
 * An event stream's events, their data rewritten as `rewritten` does, event by event as they come: an event may write
 * its message over several `data:` lines, which a reader joins, and a line may end in `\r\n`, `\n` or `\r`. Each
 * line read alone left such a message's numbers as `JSON.parse` reads them (found by an adversarial pass).
 */
function eventStreamKeepingNumbers(body) {
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    /** The line under way, not yet ended (a last `\r` may be the start of `\r\n`). */
    let held = '';
    /** The event under way: its lines so far. */
    let event = [];
    const read = (text, last) => {
        // A line sent in many pieces is read once, when it ends, not again with each piece (nor made one string: `held`
        // is not looked at until then).
        if (!last && !/[\r\n]/.test(text)) {
            held += text;
            return '';
        }
        held += text;
        const ended = last || !text.endsWith('\r') ? held : held.slice(0, -1);
        const lines = ended.split(/\r\n|\r|\n/);
        const tail = lines.pop();
        held = last ? '' : `${tail}${held.slice(ended.length)}`;
        let out = '';
        for (const line of lines) {
            if (line !== '')
                event.push(line);
            else {
                out += `${eventKeepingNumbers(event).join('\n')}\n\n`;
                event = [];
            }
        }
        // An event the stream's end cut off is no event: a reader drops it, as it is.
        if (last && tail !== '')
            event.push(tail);
        if (last && event.length > 0)
            out += event.join('\n');
        return out;
    };
    return body.pipeThrough(new TransformStream({
        transform(chunk, controller) {
            const out = read(decoder.decode(chunk, { stream: true }), false);
            if (out !== '')
                controller.enqueue(encoder.encode(out));
        },
        flush(controller) {
            const out = read(decoder.decode(), true);
            if (out !== '')
                controller.enqueue(encoder.encode(out));
        },
    }));
}
/**
 * An HTTP MCP server's answer with each number a double cannot hold written as a string of the digits it sent, as the
 * stdio transport keeps them (`JsonRpcLineReader`): the SDK reads the answer with `JSON.parse`, and a result's
 * `{"id": 9007199254740993}` reached the plan as 9007199254740992, another id (found by an adversarial pass). An answer
 * that is no JSON-RPC answer becomes an error answer to its request (`serverMessage`). A JSON answer is read whole (the
 * caller bounds its size), an event stream event by event.
 */
async function answerKeepingNumbers(response) {
    const type = response.headers.get('content-type')?.toLowerCase() ?? '';
    if (!response.body)
        return response;
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    if (type.startsWith('text/event-stream'))
        return new Response(eventStreamKeepingNumbers(response.body), init);
    if (!type.startsWith('application/json'))
        return response;
    return new Response(rewritten(await response.text()), init);
}

// EXTERNAL MODULE: ./lib/core/timeout-signal.js
var timeout_signal = __webpack_require__(79893);
// EXTERNAL MODULE: ./lib/core/fetch-never-sent.js
var fetch_never_sent = __webpack_require__(16567);
// EXTERNAL MODULE: ./lib/core/retry-after-ms.js
var retry_after_ms = __webpack_require__(72575);
// EXTERNAL MODULE: ./lib/core/long-wait-fetch.js
var long_wait_fetch = __webpack_require__(52654);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-server-session.js
























/**
 * The SDK checks a tool's structured answer against the `outputSchema` the server lists, with Ajv, whose
 * patterns run on V8's backtracking regexes: `^([a-z0-9]+-?)*$` on 30 characters of an answer held the
 * event loop for a minute, past every step and run timeout and SIGINT. plan-runner reads any answer as
 * untrusted data whatever its schema says (sanitised, capped, never obeyed), so the check is left out.
 */
const UNCHECKED_OUTPUT = {
    getValidator() {
        return (input) => ({ valid: true, data: input, errorMessage: undefined });
    },
};
/**
 * tools/list's answer, each tool left to be checked on its own: the SDK's schema refused the whole page for one tool
 * MCP does not allow, and a `tools:` allowlist that left that tool out could not keep the server usable.
 */
const LISTED_TOOLS_PAGE = types/* ListToolsResultSchema */.WT.extend({ tools: schemas.array(schemas.unknown()) });
/**
 * tools/call's answer: a tool result holds `content`, or `structuredContent` from a tool with an output schema (an error
 * may say no more than `isError`). The SDK's schema takes a missing `content` as an empty list: `{}`, MCP's first
 * version's `toolResult` and a task the call was not asked to be succeeded with the empty text, the server's answer
 * lost (found by an adversarial pass).
 */
const TOOL_RESULT = types/* CallToolResultSchema */.TF.extend({ content: types/* CallToolResultSchema */.TF.shape.content.unwrap().optional() })
    .refine((result) => result.content !== undefined || result.structuredContent !== undefined || result.isError === true, 'it holds neither content nor structuredContent')
    .transform((result) => ({ ...result, content: result.content ?? [] }));
/**
 * The wait an HTTP server asked for (`retry-after`) in its error answer to a call, held for the call that made the
 * request: the SDK's error keeps the status only, and a 429's wait went unread (found by an adversarial pass).
 */
const askedWait = new external_node_async_hooks_.AsyncLocalStorage();
/**
 * How long the start, listing or call whose request is being sent may wait, for undici's own waits: Node's fetch ends a
 * request at 300 s for its headers (and each pause of its body), and a call allowed longer failed at 300 s as lost,
 * tried again (found by a review of the http tools, which had the same limit).
 */
const allowedWait = new external_node_async_hooks_.AsyncLocalStorage();
/** The most tools one server may list. */
const MAX_LISTED_TOOLS = 1_000;
/** How long a failed start waits for the server to exit on its own, to say how it ended: its exit follows our failed write at once. */
const OWN_EXIT_WAIT_MS = 200;
/** The least time between two openings of an HTTP server's event stream (the SDK's GETs): see `#transportFor`. */
const MIN_STREAM_REOPEN_MS = 1_000;
/** The most tools read from one server whose tools the plan names (mcp_servers.<name>.tools): only those are kept. */
const MAX_LISTED_TOOLS_WITH_ALLOWLIST = 10_000;
/**
 * One configured MCP server and its client. Connects on demand and again after it was closed or
 * crashed, so a server can be closed after listing and started lazily when a tool of it is called.
 */
class McpServerSession {
    name;
    #config;
    #options;
    #client;
    #transport;
    /** Calls in flight now, and when a message over the limit stopped the server: how many were then, and a count of such stops. */
    #inFlight = 0;
    /** When the server's event stream was last opened (`performance.now()`), to pace its reopening. */
    #lastStreamOpen = Number.NEGATIVE_INFINITY;
    #oversizedWith = 0;
    #oversizedStops = 0;
    /** Times the server was stopped for leaving our messages unread (`MAX_UNREAD_MESSAGES`). */
    #unreadStops = 0;
    #connecting;
    #closing;
    constructor(name, config, options) {
        this.name = name;
        this.#config = config;
        this.#options = options;
    }
    /** The stdio server's process id while it runs. */
    get pid() {
        return this.#transport instanceof ProcessGroupStdioTransport ? this.#transport.pid : undefined;
    }
    /** True while a client is connected. */
    get connected() {
        return this.#client !== undefined;
    }
    /** Connects (starting a stdio server) unless already connected; throws McpServerStartError on failure. */
    async connect(limits) {
        if (this.#client)
            return this.#client;
        this.#connecting ??= this.#start(limits).finally(() => {
            this.#connecting = undefined;
        });
        return this.#connecting;
    }
    async #start(limits) {
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
        const client = new esm_client/* Client */.K({ name: 'plan-runner', version: '1' }, { capabilities: {}, jsonSchemaValidator: UNCHECKED_OUTPUT });
        client.onclose = () => {
            // A server that exits on its own is reconnected on the next call; its process group goes now.
            if (this.#client === client)
                this.#client = undefined;
            if (transport instanceof ProcessGroupStdioTransport)
                void transport.close();
        };
        // The SDK's timeout holds `initialize` only: the `notifications/initialized` it then sends waits as long as the
        // server lets it, and an HTTP server that never answered that POST held the start for undici's 300 s, for good
        // with an error body sent a byte at a time (found by an adversarial pass). The whole start is held to the limit.
        const startDeadline = (0,timeout_signal/* timeoutSignal */._)(limits.timeoutMs);
        const stops = this.#oversizedStops;
        try {
            await (0,race_abort/* raceAbort */.M)(allowedWait.run(limits.timeoutMs, () => client.connect(transport, { signal: limits.signal, timeout: limits.timeoutMs })), AbortSignal.any([limits.signal, startDeadline]));
        }
        catch (error) {
            if (this.#transport === transport)
                this.#transport = undefined;
            // The SDK says only "MCP error -32001: Request timed out", which read as a tool call's timeout_seconds.
            const timedOut = (error instanceof types/* McpError */.Nh && error.code === types/* ErrorCode */.O4.RequestTimeout) || (startDeadline.aborted && error === startDeadline.reason);
            // A server that exited at once failed the start as "write EPIPE" or "Connection closed" only: how it
            // ended, looked at before it is closed (found by an adversarial pass).
            const exited = !timedOut && !limits.signal.aborted && transport instanceof ProcessGroupStdioTransport ? await transport.ownExit(OWN_EXIT_WAIT_MS) : undefined;
            await client.close().catch(() => undefined);
            await transport.close().catch(() => undefined);
            limits.signal.throwIfAborted();
            const stderr = transport instanceof ProcessGroupStdioTransport ? await transport.stderrText() : undefined;
            const words = this.#oversizedStops !== stops ? oversizedWords('initialize', this.#config.command !== undefined) : serverWords(readableAnswerError(error, 'initialize'));
            const reason = timedOut ? this.#startTimedOut(limits) : exited ? `it ${exited} before it answered (${words})` : words;
            throw new mcp_server_start_error/* McpServerStartError */.K(this.name, reason, { stderr, cause: error });
        }
        this.#client = client;
        return client;
    }
    /** The plan field that sets this server's time to start, and its value in ms when the plan sets it. */
    get #startTimeout() {
        const own = this.#config.start_timeout_seconds;
        return { field: `mcp_servers.${this.name}.start_timeout_seconds`, ...(own !== undefined && { ms: own * 1000 }) };
    }
    /** The limits of the first start and of listing the tools: the server's own `start_timeout_seconds`, else `fallbackMs`. */
    listingLimits(signal, fallbackMs) {
        const { field, ms } = this.#startTimeout;
        const what = ms === undefined ? `the time plan-runner gives a server to start, and again to list its tools, unless ${field} says otherwise` : field;
        return { signal, timeoutMs: ms ?? fallbackMs, timeoutNote: `${what}; timeout_seconds limits each tool call, not these` };
    }
    /**
     * The limits of a start before a call (a server closed after listing, or one that crashed): the call's,
     * or the server's own `start_timeout_seconds` when that is shorter. The call's limit bounds it either way.
     */
    #startLimits(call) {
        const { field, ms } = this.#startTimeout;
        if (ms === undefined || ms >= call.timeoutMs)
            return { ...call, timeoutNote: 'timeout_seconds: a start before a call counts towards the call' };
        return { ...call, timeoutMs: ms, timeoutNote: field };
    }
    /** A start that got no answer within `limits`: how long was waited, what set that, and what to check. */
    #startTimedOut(limits) {
        const check = this.#config.command !== undefined
            ? 'its command must start an MCP server that answers on stdout in that time, not one that waits for input or a port first (a first npx -y download may take longer)'
            : 'its url must be an MCP server (streamable HTTP) that answers in that time';
        return `it did not answer within ${limits.timeoutMs / 1000} s of starting${limits.timeoutNote === undefined ? '' : ` (${limits.timeoutNote})`}; ${check}`;
    }
    #transportFor() {
        const { command, url, headers, env } = this.#config;
        if (command !== undefined) {
            const [program, ...args] = command;
            return new ProcessGroupStdioTransport({
                command: program,
                args,
                env: mcpServerEnvironment(this.name, env, this.#options.runnerEnv),
                cwd: this.#options.cwd,
            });
        }
        const expanded = Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [
            name,
            expandServerEnv(value, this.#options.runnerEnv, this.name, `mcp_servers.${this.name}.headers.${name}`),
        ]));
        // An answer to a request (POST) over the limit ends the connection, as a stdio server's message stops it:
        // the calls in flight fail, and the one alone is told its answer was too large (callTool).
        const limited = async (input, init) => {
            // The SDK opens the server's event stream (a GET) again as soon as the server ends it, after the `retry:` the
            // server asks for, and counts no attempts when it ended cleanly: a server that sent `retry: 0` and closed had it
            // reconnect 400 times a second for the whole run, half a core (found by a hunt of the MCP adapters).
            if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
                const wait = this.#lastStreamOpen + MIN_STREAM_REOPEN_MS - performance.now();
                if (wait > 0)
                    await (0,promises_.setTimeout)(wait, undefined, init?.signal ? { signal: init.signal } : {});
                this.#lastStreamOpen = performance.now();
            }
            // A second past the limit, the SDK's timeout ends the request first.
            const response = await (0,long_wait_fetch/* longWaitFetch */.c)((url, given) => fetch(url, given), (allowedWait.getStore() ?? 0) + 1_000)(input, init);
            const call = askedWait.getStore();
            // However long, as an HTTP tool's: the retry policy holds it to max_interval.
            const wait = call && !response.ok ? (0,retry_after_ms/* askedWaitMs */.MW)((name) => response.headers.get(name)) : undefined;
            if (call && wait !== undefined)
                call.retryAfterMs = wait;
            if (!response.body || response.status < 200 || response.status > 599)
                return response;
            const post = (init?.method ?? 'GET').toUpperCase() === 'POST';
            const onOver = () => {
                if (!post)
                    return;
                this.#oversizedWith = this.#inFlight;
                this.#oversizedStops++;
                void this.#client?.close();
            };
            // The SDK reads an HTTP server's answer whole (or an event stream without end) before anything can
            // look at its size; a stdio server's messages are held to the same limit by its read buffer.
            const over = () => {
                onOver();
                return new Error(`the MCP server sent an answer over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB; it was cut off`);
            };
            // An event stream holds one message an event, the server's notifications before the result: each event is held to
            // the limit, not the stream. A call that logged 5 MB of a build's output failed as an answer over 4 MiB (found by an adversarial pass).
            const stream = /^\s*text\/event-stream/i.test(response.headers.get('content-type') ?? '');
            const body = stream ? limitedEvents(response.body, MCP_MESSAGE_LIMIT_BYTES, over) : (0,limited_body/* limitedBody */.L)(response.body, MCP_MESSAGE_LIMIT_BYTES, over);
            return answerKeepingNumbers(new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
        };
        return new AnswerBoundedHttpTransport(new URL(url), { requestInit: { headers: expanded }, fetch: limited });
    }
    /**
     * The tools the server lists (following pagination), within one `timeoutMs` for the whole list. Without
     * an allowlist at most MAX_LISTED_TOOLS; with one, only the tools it names are kept, of at most
     * MAX_LISTED_TOOLS_WITH_ALLOWLIST listed: a server that always answers with another page must not hold
     * the run for ever. `names`: the first 100 names listed, for messages.
     */
    async listTools(limits, allowlist) {
        const client = await this.connect(limits);
        const signal = AbortSignal.any([limits.signal, (0,timeout_signal/* timeoutSignal */._)(limits.timeoutMs)]);
        const cap = allowlist === undefined ? MAX_LISTED_TOOLS : MAX_LISTED_TOOLS_WITH_ALLOWLIST;
        const tools = [];
        const keptNames = new Set();
        const names = [];
        let total = 0;
        let cursor;
        const stops = this.#oversizedStops;
        do {
            let page;
            try {
                page = await allowedWait.run(limits.timeoutMs, () => client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, LISTED_TOOLS_PAGE, { signal, timeout: limits.timeoutMs }));
            }
            catch (error) {
                if (!limits.signal.aborted && signal.aborted) {
                    throw new Error(`it was still listing its tools after ${limits.timeoutMs / 1000} s (${total} so far)${limits.timeoutNote === undefined ? '' : ` (${limits.timeoutNote})`}`, { cause: error });
                }
                if (this.#oversizedStops !== stops)
                    throw new Error(oversizedWords('tools/list', this.#config.command !== undefined), { cause: error });
                throw readableAnswerError(error, 'tools/list');
            }
            total += page.tools.length;
            if (total > cap) {
                throw new Error(allowlist === undefined
                    ? `it lists more than ${(0,group_digits/* groupDigits */.K)(cap)} tools, more than plan-runner reads from one server without a list of those the plan uses; name them in mcp_servers.${this.name}.tools`
                    : `it lists more than ${(0,group_digits/* groupDigits */.K)(cap)} tools, more than plan-runner reads from one server`);
            }
            for (const [index, listed] of page.tools.entries()) {
                const name = listed !== null && typeof listed === 'object' && typeof listed.name === 'string' ? listed.name : undefined;
                if (names.length < 100 && name !== undefined)
                    names.push(shownToolName(name));
                // A tool the allowlist leaves out is never looked at: a server with one tool MCP does not allow stays usable.
                if (allowlist !== undefined && (name === undefined || !allowlist.has(name)))
                    continue;
                const tool = types/* ToolSchema */.Dn.safeParse(listed);
                if (!tool.success) {
                    const shape = new McpAnswerShapeError('tools/list', tool.error.issues);
                    const which = name === undefined ? `the tool it lists at tools[${total - page.tools.length + index}]` : `its tool '${shownToolName(name)}'`;
                    throw new mcp_server_start_error/* McpServerStartError */.K(this.name, `${which} is not what MCP allows${shape.message.replace(/^[^:]*/, '')}; leave it out with a tools: allowlist`, { started: true });
                }
                // The registry's collision check would ask for an allowlist, which cannot tell one 'go' from the other (found by an adversarial pass).
                if (keptNames.has(tool.data.name)) {
                    throw new mcp_server_start_error/* McpServerStartError */.K(this.name, `it lists its tool '${shownToolName(tool.data.name)}' twice, where MCP wants each name once; the server must be fixed or left out of the plan`, { started: true });
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
    async callTool(tool, args, limits) {
        const stops = this.#oversizedStops;
        const unread = this.#unreadStops;
        let started = Number.POSITIVE_INFINITY;
        /** Whether the server may have taken the call: not while it (re)starts before it, nor after it said it did not (a 404). */
        let sent = false;
        let client;
        let transport;
        const asked = {};
        this.#inFlight++;
        try {
            client = await this.connect(this.#startLimits(limits));
            // The SDK's timer runs from the request, not from a restart of the server before it.
            started = performance.now();
            // A request, not the SDK's callTool: that refused an answer without structuredContent from a tool listing an
            // outputSchema after the server took the call, as if the server had said no (found by an adversarial pass).
            const call = (on) => askedWait.run(asked, () => allowedWait.run(limits.timeoutMs, () => on.request({ method: 'tools/call', params: { name: tool, arguments: args } }, TOOL_RESULT, {
                signal: limits.signal,
                timeout: Math.max(1, limits.timeoutMs - (performance.now() - started)),
            })));
            transport = this.#transport;
            try {
                sent = true;
                return await call(client);
            }
            catch (error) {
                // A 404 to a request in a session: the server (restarted) no longer knows it and did not take the call. The
                // specification has the client start a new session; every later call failed with that 404 (found by an adversarial pass).
                if (!(error instanceof streamableHttp/* StreamableHTTPError */.b && error.code === 404 && transport instanceof streamableHttp/* StreamableHTTPClientTransport */.j && transport.sessionId !== undefined))
                    throw error;
                sent = false;
                if (this.#client === client)
                    this.#client = undefined;
                await client.close().catch(() => undefined);
                client = await this.connect(this.#startLimits({ ...limits, timeoutMs: Math.max(1, limits.timeoutMs - (performance.now() - started)) }));
                transport = this.#transport;
                sent = true;
                return await call(client);
            }
        }
        catch (error) {
            if (this.#oversizedStops !== stops && this.#oversizedWith === 1)
                throw new McpAnswerTooLargeError(this.name, MCP_MESSAGE_LIMIT_BYTES, { cause: error });
            // Stopped for not reading while it flooded us: the call was lost, and the message says why.
            if (this.#unreadStops !== unread)
                throw new McpCallLostError(new Error(unreadProblem(), { cause: error }));
            // A stdio server that ended during the call: how, and what it said, not only "Connection closed" (found by an adversarial pass).
            if (transport instanceof ProcessGroupStdioTransport && error instanceof types/* McpError */.Nh && error.code === types/* ErrorCode */.O4.ConnectionClosed) {
                const exited = await transport.ownExit(OWN_EXIT_WAIT_MS);
                if (exited !== undefined)
                    throw new McpCallLostError(new Error(`the server ${exited} during the call${stderrTail(await transport.stderrText())}`, { cause: error }));
            }
            // An answer that is no tool result (the SDK's schema refused it), or no JSON-RPC answer: the server answered, wrongly.
            const answer = readableAnswerError(error, 'tools/call');
            if (answer !== error)
                throw answer;
            // The server's own answer: a JSON-RPC error (unless the SDK made it, for a timeout or a closed
            // connection), or an HTTP status that is no reason to try again.
            if (error instanceof types/* McpError */.Nh && !(error.code === types/* ErrorCode */.O4.RequestTimeout && performance.now() - started >= limits.timeoutMs - 5) && !(error.code === types/* ErrorCode */.O4.ConnectionClosed && (client === undefined || this.#client !== client)))
                throw error;
            if (error instanceof streamableHttp/* StreamableHTTPError */.b && !(error.code === 408 || error.code === 429 || (error.code ?? 0) >= 500))
                throw error;
            // A call never written (its start failed, the connection was refused) took no effect: a call with side effects may
            // be made again, where it counted as one that may have happened (found by an adversarial pass).
            // A 429 or 408 says the request was not taken, as for an HTTP tool.
            const refused = error instanceof streamableHttp/* StreamableHTTPError */.b && (error.code === 408 || error.code === 429);
            throw new McpCallLostError(error, { notSent: !sent || (0,fetch_never_sent/* fetchNeverSent */.P)(error) || refused, ...(asked.retryAfterMs !== undefined && { retryAfterMs: asked.retryAfterMs }) });
        }
        finally {
            this.#inFlight--;
        }
    }
    /** Closes the client and ends the server (its whole process group for stdio servers); callers share one close. */
    close() {
        this.#closing ??= this.#close().finally(() => {
            this.#closing = undefined;
        });
        return this.#closing;
    }
    async #close() {
        await this.#connecting?.catch(() => undefined);
        const client = this.#client;
        const transport = this.#transport;
        this.#client = undefined;
        this.#transport = undefined;
        // Waited for a while only: the SDK's DELETE has no timeout but undici's 300 s, and a server that never
        // answers it held every close, the job and a cancel for 5 minutes (found by an adversarial pass). The
        // transport's close, after, aborts it.
        if (transport instanceof streamableHttp/* StreamableHTTPClientTransport */.j)
            await Promise.race([transport.terminateSession().catch(() => undefined), (0,promises_.setTimeout)(TERMINATE_SESSION_MS, undefined, { ref: false })]);
        await client?.close().catch(() => undefined);
        await transport?.close().catch(() => undefined);
    }
}
/**
 * Why a start or a listing ended when the server sent a message over the limit, which stopped it: the SDK said only
 * "Connection closed" (found by an adversarial pass).
 */
function oversizedWords(method, stdio) {
    return `it sent a message over ${MCP_MESSAGE_LIMIT_BYTES / 1024 / 1024} MiB (its answer to ${method}${stdio ? ', or a line it wrote on stdout' : ''}), more than plan-runner reads from a server; it was stopped`;
}
/** The end of what a server wrote to stderr (`stderrEnd`), for a call's error: `; its stderr ended with: \u2026`. */
function stderrTail(stderr) {
    const text = (0,mcp_server_start_error/* stderrEnd */.r)(stderr);
    return text === '' ? '' : `; its stderr ended with:\n${text}`;
}
/** How long a close waits for an HTTP server to answer the end of its session (DELETE). */
const TERMINATE_SESSION_MS = 2_000;

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool-name.js
/** The registry name of an MCP tool: `<server>__<tool>`, made a valid function name (^[a-zA-Z0-9_-]{1,64}$). */
function mcpToolName(server, tool) {
    return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

;// CONCATENATED MODULE: ./lib/tools/mcp/connect-mcp-servers.js







/** How long a server gets to start, and again to list its tools, unless its `start_timeout_seconds` says otherwise (`timeout_seconds` is a call's). */
const MCP_DEFAULT_START_TIMEOUT_MS = 30_000;
const MCP_DEFAULT_CALL_TIMEOUT_MS = 60_000;
async function listServerTools(session, allowlist, limits) {
    let listed;
    try {
        listed = await session.listTools(limits, allowlist === undefined ? undefined : new Set(allowlist));
    }
    catch (error) {
        limits.signal.throwIfAborted();
        if (error instanceof mcp_server_start_error/* McpServerStartError */.K)
            throw error;
        const reason = `listing its tools failed: ${serverWords(error)}`;
        throw new mcp_server_start_error/* McpServerStartError */.K(session.name, reason, { cause: error, started: true });
    }
    if (allowlist === undefined)
        return listed.tools;
    const kept = new Set(listed.tools.map((tool) => tool.name));
    const missing = allowlist.filter((name) => !kept.has(name));
    if (missing.length > 0) {
        const more = listed.total > listed.names.length ? ` and ${(0,group_digits/* groupDigits */.K)(listed.total - listed.names.length)} more` : '';
        const available = `${listed.names.join(', ') || 'none'}${more}`;
        throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `it lists no tool ${missing.map((name) => `'${name}'`).join(', ')} (it has: ${available})`, { started: true });
    }
    return listed.tools;
}
/**
 * Starts every configured MCP server, lists its tools once (within its `start_timeout_seconds`, else `timeoutMs`) and returns them
 * as registry tools. A server that fails to start is reported as an McpServerStartError naming it,
 * after every server already started has been closed; no process outlives a failure or a cancel.
 */
async function connectMcpServers(config, options) {
    const runnerEnv = options.env ?? process.env;
    const timeoutMs = options.timeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS;
    const sessions = Object.entries(config).map(([name, server]) => new McpServerSession(name, server, { cwd: options.cwd, runnerEnv }));
    const closeAll = async () => {
        await Promise.all(sessions.map((session) => session.close()));
    };
    const onAbort = () => void closeAll();
    options.signal.addEventListener('abort', onAbort, { once: true });
    // Each server's own start_timeout_seconds, else the caller's, else 30 s.
    const listed = await Promise.allSettled(sessions.map((session) => listServerTools(session, config[session.name]?.tools, session.listingLimits(options.signal, timeoutMs))));
    const failure = listed.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined || options.signal.aborted) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        options.signal.throwIfAborted();
        throw failure.reason;
    }
    const tools = [];
    const owners = new Map();
    // Every prompt that lists tools holds all their schemas: bounded in all, as each is (MAX_MCP_SCHEMA_CHARS).
    let allSchemaChars = 0;
    const sessionOf = new Map();
    for (const [index, session] of sessions.entries()) {
        const timeoutSeconds = config[session.name]?.timeout_seconds;
        const callTimeoutMs = timeoutSeconds === undefined ? MCP_DEFAULT_CALL_TIMEOUT_MS : timeoutSeconds * 1000;
        for (const tool of listed[index].value) {
            const name = mcpToolName(session.name, tool.name);
            const earlier = owners.get(name);
            if (earlier !== undefined) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${shownToolName(tool.name)}' and ${earlier} both become '${name}'; leave one out with a tools: allowlist`, { started: true });
            }
            if ((0,exceeds_depth/* exceedsDepth */.R)(tool.inputSchema, MAX_MCP_SCHEMA_DEPTH)) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${shownToolName(tool.name)}' has an input schema nested more than ${MAX_MCP_SCHEMA_DEPTH} levels deep, which no tool needs; leave it out with a tools: allowlist`, { started: true });
            }
            const hidden = hiddenTextInSchema(tool.inputSchema);
            if (hidden !== undefined) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${shownToolName(tool.name)}' has hidden text (Unicode tag characters, bidi controls or an HTML comment) in its input schema at ${hidden}, where it cannot be cleaned without changing what the server accepts; leave the tool out with a tools: allowlist`, { started: true });
            }
            const cleanSchema = cleanSchemaTexts(tool.inputSchema);
            const schemaChars = JSON.stringify(cleanSchema ?? {}).length;
            if (schemaChars > MAX_MCP_SCHEMA_CHARS) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${shownToolName(tool.name)}' has an input schema of ${(0,group_digits/* groupDigits */.K)(schemaChars)} characters as JSON, more than the ${(0,group_digits/* groupDigits */.K)(MAX_MCP_SCHEMA_CHARS)} a prompt that lists tools may hold for one; leave it out with a tools: allowlist`, { started: true });
            }
            allSchemaChars += schemaChars;
            if (allSchemaChars > MAX_MCP_SCHEMAS_CHARS) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `the input schemas of the MCP servers' tools come to more than ${(0,group_digits/* groupDigits */.K)(MAX_MCP_SCHEMAS_CHARS)} characters as JSON, more than a prompt that lists tools may hold; name the tools the plan uses in mcp_servers.${session.name}.tools`, { started: true });
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


/***/ })

};
