export const id = 647;
export const ids = [647];
export const modules = {

/***/ 61154:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nh: () => (/* binding */ nodesOf),
/* harmony export */   a2: () => (/* binding */ markdownTree),
/* harmony export */   ct: () => (/* binding */ applyEdits),
/* harmony export */   ee: () => (/* binding */ spanOf)
/* harmony export */ });
/* unused harmony exports MAX_MARKUP, MAX_HTML_OPENERS, MAX_UNDERLINES, MAX_LINE_NESTING, plainHeavyMarkup */
/* harmony import */ var mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(27326);
/* harmony import */ var mdast_util_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(55756);
/* harmony import */ var mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(66807);
/* harmony import */ var mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(37421);
/* harmony import */ var micromark_extension_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7042);
/* harmony import */ var micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(22429);
/* harmony import */ var micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57749);







/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
const MAX_MARKUP = 2_000;
// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub's Markdown is CommonMark with the GFM extensions: tables and footnotes change the blocks (a
// table cell ends a code span, a footnote's indented lines are not code), and URLs GitHub links in
// running text can swallow what follows them (a backtick that opened a code span). Without the tree
// transform that finds more such URLs in text: its links have no position to rewrite, and callers
// look for URLs in text nodes themselves. Strikethrough decides nothing here.
const BLOCKS = { extensions: [(0,micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_0__/* .gfmTable */ .x)(), (0,micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__/* .gfmFootnote */ .r)(), NO_EMPHASIS], mdastExtensions: [(0,mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_2__/* .gfmTableFromMarkdown */ .c)(), (0,mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_3__/* .gfmFootnoteFromMarkdown */ .i)()] };
const GITHUB = {
    extensions: [(0,micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_0__/* .gfmTable */ .x)(), (0,micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__/* .gfmFootnote */ .r)(), (0,micromark_extension_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_4__/* .gfmAutolinkLiteral */ .$)(), NO_EMPHASIS],
    mdastExtensions: [(0,mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_2__/* .gfmTableFromMarkdown */ .c)(), (0,mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_3__/* .gfmFootnoteFromMarkdown */ .i)(), { ...(0,mdast_util_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_5__/* .gfmAutolinkLiteralFromMarkdown */ .C)(), transforms: [] }],
};
/** Whether the bracket at `at` is one of a task list item's box (`- [ ] todo`, `1. [x] done`). */
function inTaskBox(source, at) {
    const open = source[at] === '[' ? at : at - 2;
    if (!/^\[[ xX]\]/.test(source.slice(open, open + 3)))
        return false;
    let lineStart = open;
    while (lineStart > 0 && open - lineStart <= 16 && source[lineStart - 1] !== '\n' && source[lineStart - 1] !== '\r')
        lineStart--;
    return /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+$/.test(source.slice(lineStart, open));
}
/**
 * `source` with each bracket that opens or closes no link made plain (fullwidth). The autolinked-URL
 * extension looks back from each word for an unclosed `[`: behind one stray `[`, 64 KiB of prose took
 * 2 s. Which brackets are stray is read from a parse without that extension, which is linear.
 */
function withoutStrayBrackets(source) {
    if (!source.includes('[') && !source.includes(']'))
        return source;
    const stray = [];
    for (const node of nodesOf((0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__/* .fromMarkdown */ .Y)(source, BLOCKS))) {
        const span = node.type === 'text' ? spanOf(node) : undefined;
        if (!span)
            continue;
        let slashes = 0;
        for (let at = span.start; at < span.end; at++) {
            const char = source[at];
            if ((char === '[' || char === ']') && slashes % 2 === 0 && !inTaskBox(source, at))
                stray.push(at);
            slashes = char === '\\' ? slashes + 1 : 0;
        }
    }
    if (stray.length === 0)
        return source;
    let out = '';
    let from = 0;
    for (const at of stray) {
        out += source.slice(from, at) + (source[at] === '[' ? '\uFF3B' : '\uFF3D');
        from = at + 1;
    }
    return out + source.slice(from);
}
/** Every node of `tree`, parents before children, without recursion (Markdown nests as deep as its writer likes). */
function* nodesOf(tree) {
    const stack = [tree];
    while (stack.length > 0) {
        const node = stack.pop();
        yield node;
        if ('children' in node)
            for (const child of node.children.toReversed())
                stack.push(child);
    }
}
/** Where `node` stands in the parsed source, by offsets, when the parser says. */
function spanOf(node) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    return start === undefined || end === undefined ? undefined : { start, end };
}
/**
 * `source` with `edits` made, built in one pass (slicing the whole text once per edit took time that
 * grew with edits \u00d7 length). An edit that starts inside one already made is dropped: a node's own
 * rewrite covers its children's.
 */
function applyEdits(source, edits) {
    if (edits.length === 0)
        return source;
    let out = '';
    let at = 0;
    for (const edit of edits.toSorted((a, b) => a.start - b.start)) {
        if (edit.start < at)
            continue;
        out += source.slice(at, edit.start) + edit.text;
        at = edit.end;
    }
    return out + source.slice(at);
}
/** How many of `chars` are in `text`. */
function count(text, chars) {
    let found = 0;
    for (let at = 0; at < text.length; at++)
        if (chars.includes(text[at]))
            found++;
    return found;
}
/** Openers of inline HTML that may run to the end of their paragraph (`<?`, `<!`) beyond this many are made plain. */
const MAX_HTML_OPENERS = 200;
/** Setext underlines (`===`, `---` alone on a line) beyond this many are escaped. */
const MAX_UNDERLINES = 100;
/** Block quote and list markers opening one line beyond this many are escaped from the first. */
const MAX_LINE_NESTING = 32;
const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
/** Where the first non-space character of a line is, and how many container markers open it. */
function leadingMarkers(line) {
    let at = 0;
    let markers = 0;
    let first = -1;
    for (;;) {
        let spaces = 0;
        while (at < line.length && line[at] === ' ' && spaces < 4) {
            at++;
            spaces++;
        }
        if (first < 0)
            first = at;
        if (line[at] === '>') {
            at++;
            markers++;
            continue;
        }
        const list = /^(?:[-*+]|\d{1,9}[.)])(?= )/.exec(line.slice(at, at + 11));
        if (!list)
            break;
        at += list[0].length + 1;
        markers++;
    }
    return { first, markers };
}
/**
 * `text` with markup whose parse would not take linear time made plain (micromark's costs grow with
 * the square of these; each case took seconds at 16\u201332 KiB):
 * - past MAX_MARKUP brackets, every `[` and `]` becomes its fullwidth form (\uff3b \uff3d), which Markdown
 *   reads as text (escaping them instead made as many escape tokens, which cost the same); past
 *   MAX_MARKUP table pipes, every `|` (\uff5c);
 * - past MAX_UNDERLINES lines that could underline a setext heading, each is escaped;
 * - a line opened by more than MAX_LINE_NESTING quote or list markers has its first escaped.
 * Text under the limits is unchanged.
 */
function plainHeavyMarkup(text) {
    let out = text;
    if (count(out, '[]') > MAX_MARKUP)
        out = out.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
    if (count(out, '|') > MAX_MARKUP)
        out = out.replaceAll('|', '\uFF5C');
    // Each unclosed `<?` or `<!` is looked for to the end of its paragraph: 16 KiB of `x <?` took 0.7 s.
    if ((out.match(/<[?!]/g)?.length ?? 0) > MAX_HTML_OPENERS)
        out = out.replace(/<(?=[?!])/g, '\uFF1C');
    if (!out.includes('\n') && !out.includes('\r') && out.length < 64)
        return out;
    let changed = false;
    const parts = out.split(/(\r\n|\r|\n)/);
    // A line of only spaces or tabs is blank to both parsers once emptied; kept, cmark-gfm 0.29 continued
    // an empty list item through it (so an indented line after it was Markdown there, and code to micromark).
    // Inside a block quote the same: a line of only `>` markers and spaces loses the spaces after them.
    for (let i = 0; i < parts.length; i += 2) {
        const blank = /^((?:[ \t]{0,3}>)*)[ \t]+$/.exec(parts[i]);
        if (blank) {
            parts[i] = blank[1];
            changed = true;
        }
    }
    let underlines = 0;
    for (let i = 0; i < parts.length; i += 2)
        if (UNDERLINE.test(parts[i]))
            underlines++;
    for (let i = 0; i < parts.length; i += 2) {
        const line = parts[i];
        const underline = underlines > MAX_UNDERLINES && UNDERLINE.test(line);
        const nesting = line.length > MAX_LINE_NESTING ? leadingMarkers(line) : undefined;
        if (underline || (nesting && nesting.markers > MAX_LINE_NESTING)) {
            const first = underline ? line.search(/[=-]/) : nesting.first;
            parts[i] = `${line.slice(0, first)}\\${line.slice(first)}`;
            changed = true;
        }
    }
    return changed ? parts.join('') : out;
}
/**
 * `text` parsed for its links, images, definitions, HTML and code, as CommonMark or as GitHub
 * renders it (`github`), in time that grows with its length whoever wrote it: emphasis is not
 * parsed, heavy markup is made plain first (`plainHeavyMarkup`) and, for GitHub, stray brackets
 * too; so `source` may differ from `text`.
 */
function markdownTree(text, flavour) {
    if (flavour === 'commonmark') {
        const source = plainHeavyMarkup(text);
        return { source, tree: (0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__/* .fromMarkdown */ .Y)(source, COMMONMARK) };
    }
    const source = withoutStrayBrackets(plainHeavyMarkup(text));
    return { source, tree: (0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__/* .fromMarkdown */ .Y)(source, GITHUB) };
}


/***/ }),

/***/ 38521:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _2: () => (/* binding */ sanitizeUntrusted),
  de: () => (/* binding */ sanitizeUntrustedValue)
});

// UNUSED EXPORTS: UNTRUSTED_CHAR_LIMIT, removeHtmlComments

// EXTERNAL MODULE: ./lib/security/markdown-tree.js
var markdown_tree = __webpack_require__(61154);
;// CONCATENATED MODULE: ./lib/security/hidden-markdown.js

/** A destination as Markdown reads it back: characters that would end or break it are percent-encoded. */
function destination(url) {
    return url.replace(/[\s()<>\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
/**
 * Markdown with what its rendered page does not show removed, found from the parsed tree (so
 * every way of writing it is covered, and code is left alone): image alt text and titles (inline
 * and reference images become `![](url)`), link titles, definition titles, and definitions no
 * link uses (their labels show nowhere). Everything else stays byte for byte as written.
 */
function removeHiddenMarkdown(given) {
    // Every construct concerned needs a bracket: most text is never parsed.
    if (!given.includes('['))
        return given;
    try {
        return withoutHidden(given);
    }
    catch {
        // A parse that fails (text nested past what the parser's own stack holds): with no bracket left, no construct hides anything.
        return given.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
    }
}
function withoutHidden(given) {
    const { source: text, tree } = (0,markdown_tree/* markdownTree */.a2)(given, 'commonmark');
    const definitions = new Map();
    const used = new Set();
    const edits = [];
    for (const node of (0,markdown_tree/* nodesOf */.Nh)(tree)) {
        if (node.type === 'definition')
            definitions.set(node.identifier, node);
        if (node.type === 'linkReference')
            used.add(node.identifier);
    }
    const image = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        const url = node.type === 'image' ? node.url : definitions.get(node.identifier)?.url;
        if (at && url !== undefined)
            edits.push({ ...at, text: `![](${destination(url)})` });
    };
    const link = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        if (!at || node.title === null || node.title === undefined)
            return;
        // The label is kept as written; only the part after it is rewritten.
        const labelEnd = node.children.length > 0 ? (0,markdown_tree/* spanOf */.ee)(node.children.at(-1))?.end : at.start + 1;
        const close = labelEnd === undefined ? -1 : text.indexOf(']', labelEnd);
        if (close < 0 || close >= at.end)
            return;
        edits.push({ start: close, end: at.end, text: `](${destination(node.url)})` });
    };
    const definition = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        if (!at)
            return;
        if (!used.has(node.identifier))
            edits.push({ ...at, text: '' });
        else if (node.title !== null && node.title !== undefined)
            edits.push({ ...at, text: `[${node.label ?? node.identifier}]: ${destination(node.url)}` });
    };
    // Images and definitions are rewritten whole, so what is inside them is not visited.
    const stack = [tree];
    while (stack.length > 0) {
        const node = stack.pop();
        if (node.type === 'image' || node.type === 'imageReference') {
            image(node);
            continue;
        }
        if (node.type === 'definition') {
            definition(node);
            continue;
        }
        if (node.type === 'link')
            link(node);
        if ('children' in node)
            for (const child of node.children.toReversed())
                stack.push(child);
    }
    return (0,markdown_tree/* applyEdits */.ct)(text, edits);
}

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./lib/core/invisible-characters.js
var invisible_characters = __webpack_require__(5709);
;// CONCATENATED MODULE: ./lib/security/sanitize-untrusted.js



/** Untrusted text longer than this many characters is cut before it enters a prompt. */
const UNTRUSTED_CHAR_LIMIT = 32_000;
/**
 * `text` without HTML comments (`<!-- \u2026 -->`, an unclosed one to the end), also those that removing
 * one forms from the pieces around it (`<!<!-- x -->-- y -->`). One pass, in time linear in the text:
 * removing them again until nothing changed took the square of its length (224 KB of nested
 * comments: 13 s of a blocked event loop).
 */
function removeHtmlComments(text) {
    // Only a comment in the text as given can start a removal: without one, the text stays as it is.
    if (!text.includes('<!--'))
        return text;
    const out = [];
    let at = 0;
    while (at < text.length) {
        const char = text[at];
        out.push(char);
        at++;
        // An opener just completed, from what was kept before and this character: drop it and the comment.
        if (char === '-' && out.length >= 4 && out[out.length - 2] === '-' && out[out.length - 3] === '!' && out[out.length - 4] === '<') {
            out.length -= 4;
            const close = text.indexOf('-->', at);
            at = close === -1 ? text.length : close + 3;
        }
    }
    return out.join('');
}
// alt="\u2026" and title="\u2026" of HTML tags such as <img>.
const HIDDEN_ATTRIBUTE = /(<[A-Za-z][^<>]*?)\s(?:alt|title|aria-label)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const CUT_MARGIN = 2_000;
/**
 * Where a construct that hides text begins: an image (its alt), a link destination followed by a
 * title, a link definition, an HTML tag with alt/title/aria-label. Open across the parse boundary
 * of a cut text, it is plain text to the parser there, but not on the page.
 */
const HIDING_OPENER = /!\[(?!\])|\]\([^()\s]*\s+["'(]|^ {0,3}\[[^\]\n]*\]:|<[A-Za-z][^<>]*\s(?:alt|title|aria-label)\s*=/gim;
const BLANK_LINE = /\n[ \t]*\n/g;
/**
 * Where to cut `parsed` (the sanitised first `limit + CUT_MARGIN` characters of a longer text) so
 * that nothing kept can belong to a construct still open at the parse boundary: such a construct
 * lies in one paragraph (no blank line inside it), the one that reaches the boundary. Its first
 * opener before `limit`, if any, is where the kept text ends.
 */
function safeCut(parsed, limit) {
    let paragraph = 0;
    BLANK_LINE.lastIndex = 0;
    for (let blank = BLANK_LINE.exec(parsed); blank !== null; blank = BLANK_LINE.exec(parsed)) {
        if (blank.index + blank[0].length > limit)
            return limit; // the paragraph at the cut ends before the boundary
        paragraph = blank.index + blank[0].length;
    }
    HIDING_OPENER.lastIndex = paragraph;
    const opener = HIDING_OPENER.exec(parsed);
    return opener !== null && opener.index < limit ? opener.index : limit;
}
/**
 * Makes untrusted text (tool outputs, step results, event text) safe to show a model: removes what
 * a person reviewing it would not see \u2014 HTML comments, zero-width, bidi-control and Unicode tag
 * characters, image alt text, link and definition titles, unused link definitions and
 * alt/title attributes \u2014 and caps the length. What
 * remains is what the page shows, so an instruction cannot hide in it.
 */
function sanitizeUntrusted(text, options = {}) {
    // Invisible characters are gone first, so `<!\u200B--` cannot dodge the comment rule.
    let out = removeHtmlComments(text.replace(invisible_characters/* INVISIBLE */.kH, ''));
    const limit = options.maxChars ?? UNTRUSTED_CHAR_LIMIT;
    const length = out.length;
    // Only what can be shown is parsed (with some room, so a construct across the cut is still seen whole).
    if (length > limit)
        out = out.slice(0, limit + CUT_MARGIN);
    out = removeHiddenMarkdown(out);
    let previous;
    do {
        previous = out;
        out = out.replace(HIDDEN_ATTRIBUTE, '$1');
    } while (out !== previous);
    if (out.length <= limit)
        return out;
    options.onCut?.(Math.max(length, out.length));
    const keep = length > limit + CUT_MARGIN ? safeCut(out, limit) : limit;
    // `\u2026` right at the cut, where the redactor looks for the start of a known secret a cut leaves.
    return `${out.slice(0, keep)}\u2026\n[cut: ${(0,group_digits/* groupDigits */.K)(Math.max(length, out.length) - keep)} more characters]`;
}
/**
 * `sanitizeUntrusted` applied to every string inside a JSON-like value (object keys included),
 * before it is encoded: in JSON text, quotes are `\"` and line breaks `\n`, so hidden Markdown in
 * a field (a pull request's body) would no longer parse as Markdown and would pass unseen.
 */
function sanitizeUntrustedValue(value, options = {}) {
    const seen = new WeakSet();
    // Keys that collide once cleaned would collapse into one, the last winning: `{"decision": "reject",
    // "decision\u200b": "approve"}` read as approved to a judge, while code reading `.decision` gets reject.
    const cleanEntries = (entries) => {
        const taken = new Set();
        return entries.map(([key, inner]) => {
            const clean = sanitizeUntrusted(key, options);
            let shown = clean;
            for (let count = 2; taken.has(shown); count++)
                shown = `${clean} (${count})`;
            if (shown !== clean)
                options.onKeyCollision?.(clean);
            taken.add(shown);
            return [shown, walk(inner)];
        });
    };
    const walk = (item) => {
        if (typeof item === 'string')
            return sanitizeUntrusted(item, options);
        if (item === null || typeof item !== 'object')
            return item;
        const toJSON = item.toJSON;
        if (typeof toJSON === 'function')
            return walk(toJSON.call(item));
        if (seen.has(item))
            return '[Circular]';
        seen.add(item);
        const copy = Array.isArray(item) ? item.map(walk) : Object.fromEntries(cleanEntries(Object.entries(item)));
        seen.delete(item);
        return copy;
    };
    return walk(value);
}


/***/ }),

/***/ 79647:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  connectMcpServers: () => (/* binding */ connectMcpServers)
});

// UNUSED EXPORTS: MCP_DEFAULT_CALL_TIMEOUT_MS, MCP_DEFAULT_START_TIMEOUT_MS

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js + 31 modules
var esm_client = __webpack_require__(30063);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js + 10 modules
var streamableHttp = __webpack_require__(42931);
// EXTERNAL MODULE: ./lib/process/expand-env-references.js
var expand_env_references = __webpack_require__(76674);
// EXTERNAL MODULE: ./lib/tools/mcp/mcp-server-start-error.js
var mcp_server_start_error = __webpack_require__(71088);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-server-environment.js


/** Replaces `${env.NAME}` with the runner's variable; a variable that is not set stops the server's start, saying where. */
function expandServerEnv(template, runnerEnv, server, where) {
    return (0,expand_env_references/* expandEnvReferences */.Q)(template, runnerEnv, (name) => new mcp_server_start_error/* McpServerStartError */.K(server, `${where} reads \${env.${name}}, which is not set on the runner; set it in the workflow step's env:`));
}
/** The whole environment of a stdio MCP server: PATH and HOME, plus exactly what its `env:` names. */
function mcpServerEnvironment(server, config, runnerEnv) {
    const env = {};
    for (const name of ['PATH', 'HOME']) {
        const value = runnerEnv[name];
        if (value !== undefined)
            env[name] = value;
    }
    if (Array.isArray(config)) {
        for (const name of config) {
            const value = runnerEnv[name];
            if (value !== undefined)
                env[name] = value;
        }
    }
    else if (config !== undefined) {
        for (const [name, template] of Object.entries(config)) {
            env[name] = expandServerEnv(template, runnerEnv, server, `mcp_servers.${server}.env.${name}`);
        }
    }
    return env;
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

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(58500);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/shared/stdio.js
var stdio = __webpack_require__(6224);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./lib/process/kill-marked-processes.js
var kill_marked_processes = __webpack_require__(1326);
// EXTERNAL MODULE: ./lib/process/kill-process-group.js
var kill_process_group = __webpack_require__(46747);
// EXTERNAL MODULE: ./lib/process/tail-buffer.js
var tail_buffer = __webpack_require__(69542);
;// CONCATENATED MODULE: ./lib/tools/mcp/process-group-stdio-transport.js








/** How long a server gets to exit after its stdin closes and after SIGTERM, before the next step. */
const GRACE_MS = 1000;
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
    #readBuffer = new stdio/* ReadBuffer */.pt({ maxBufferSize: MCP_MESSAGE_LIMIT_BYTES });
    /** Called when the server sent a message over MCP_MESSAGE_LIMIT_BYTES, before it is stopped. */
    onOversized;
    #child;
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
        const child = (0,external_node_child_process_.spawn)(this.#server.command, [...this.#server.args], {
            env: { ...this.#server.env, [kill_marked_processes/* PROCESS_MARKER_VARIABLE */.oe]: this.#marker },
            cwd: this.#server.cwd,
            stdio: ['pipe', 'pipe', 'pipe'],
            detached: process.platform !== 'win32',
            shell: false,
            windowsHide: true,
        });
        this.#child = child;
        child.stdout?.on('data', (chunk) => {
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
                if (message === null)
                    break;
                this.onmessage?.(message);
            }
        });
        child.stderr?.on('data', (chunk) => this.stderr.push(chunk));
        this.#stderrClosed = child.stderr ? (0,external_node_events_.once)(child.stderr, 'close').then(() => undefined, () => undefined) : Promise.resolve();
        child.stdin?.on('error', (error) => this.onerror?.(error));
        // A server that exits on its own leaves nothing running: its group and what detached from it go too.
        child.on('exit', () => {
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
                reject(error);
            });
        });
    }
    async send(message) {
        const stdin = this.#child?.stdin;
        if (!stdin || stdin.destroyed)
            throw new Error('the MCP server is not running');
        if (!stdin.write((0,stdio/* serializeMessage */.Ex)(message)))
            await (0,external_node_events_.once)(stdin, 'drain');
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
    /** Ends the server and its process group: stdin closed, then SIGTERM, then SIGKILL; waits for the exit. */
    async close() {
        const child = this.#child;
        if (!child || child.exitCode !== null || child.signalCode !== null) {
            if (child)
                (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
            return;
        }
        const exited = (0,external_node_events_.once)(child, 'exit').then(() => true);
        const within = (ms) => Promise.race([exited, (0,promises_.setTimeout)(ms, false, { ref: false })]);
        child.stdin?.end();
        if (!(await within(GRACE_MS))) {
            (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGTERM');
            if (!(await within(GRACE_MS))) {
                (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
                await exited;
            }
        }
        // The leader is gone; anything it left behind in its group goes too, and what left the group (setsid).
        (0,kill_process_group/* killProcessGroup */.$)(child, 'SIGKILL');
        await (0,kill_marked_processes/* whenEnded */.Dq)((0,kill_marked_processes/* killMarkedProcesses */._l)(this.#marker));
        // A process that escaped both (no /proc to find it by) may still hold the pipes: ours close now,
        // so the run is not kept alive by them.
        child.stdout?.destroy();
        child.stderr?.destroy();
        child.stdin?.destroy();
        this.#readBuffer.clear();
    }
}

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-server-session.js







/** The most tools one server may list. */
const MAX_LISTED_TOOLS = 1_000;
/** The most tools read from one server whose tools the plan names (mcp_servers.<name>.tools): only those are kept. */
const MAX_LISTED_TOOLS_WITH_ALLOWLIST = 10_000;
/**
 * `body` passed through until more than `limit` bytes have come: then the server's stream is
 * cancelled, `onOver` is told, and the body errors. The SDK reads an HTTP server's answer whole (or
 * an event stream without end) before anything can look at its size; a stdio server's messages are
 * held to the same limit by its read buffer.
 */
function limitedBody(body, limit, onOver) {
    const reader = body.getReader();
    let seen = 0;
    return new ReadableStream({
        async pull(controller) {
            let chunk;
            try {
                chunk = await reader.read();
            }
            catch (error) {
                controller.error(error);
                return;
            }
            if (chunk.done)
                return controller.close();
            seen += chunk.value.byteLength;
            if (seen <= limit)
                return controller.enqueue(chunk.value);
            await reader.cancel().catch(() => undefined);
            onOver();
            controller.error(new Error(`the MCP server sent an answer over ${limit / 1024 / 1024} MiB; it was cut off`));
        },
        cancel: (reason) => reader.cancel(reason),
    });
}
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
    #oversizedWith = 0;
    #oversizedStops = 0;
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
        const client = new esm_client/* Client */.K({ name: 'plan-runner', version: '1' }, { capabilities: {} });
        client.onclose = () => {
            // A server that exits on its own is reconnected on the next call; its process group goes now.
            if (this.#client === client)
                this.#client = undefined;
            if (transport instanceof ProcessGroupStdioTransport)
                void transport.close();
        };
        try {
            await client.connect(transport, { signal: limits.signal, timeout: limits.timeoutMs });
        }
        catch (error) {
            if (this.#transport === transport)
                this.#transport = undefined;
            await client.close().catch(() => undefined);
            await transport.close().catch(() => undefined);
            limits.signal.throwIfAborted();
            const stderr = transport instanceof ProcessGroupStdioTransport ? await transport.stderrText() : undefined;
            const reason = error instanceof Error ? error.message : String(error);
            throw new mcp_server_start_error/* McpServerStartError */.K(this.name, reason, { stderr, cause: error });
        }
        this.#client = client;
        return client;
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
            const response = await fetch(input, init);
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
            return new Response(limitedBody(response.body, MCP_MESSAGE_LIMIT_BYTES, onOver), { status: response.status, statusText: response.statusText, headers: response.headers });
        };
        return new streamableHttp/* StreamableHTTPClientTransport */.j(new URL(url), { requestInit: { headers: expanded }, fetch: limited });
    }
    /**
     * The tools the server lists (following pagination), within one `timeoutMs` for the whole list. Without
     * an allowlist at most MAX_LISTED_TOOLS; with one, only the tools it names are kept, of at most
     * MAX_LISTED_TOOLS_WITH_ALLOWLIST listed: a server that always answers with another page must not hold
     * the run for ever. `names`: the first 100 names listed, for messages.
     */
    async listTools(limits, allowlist) {
        const client = await this.connect(limits);
        const signal = AbortSignal.any([limits.signal, AbortSignal.timeout(limits.timeoutMs)]);
        const cap = allowlist === undefined ? MAX_LISTED_TOOLS : MAX_LISTED_TOOLS_WITH_ALLOWLIST;
        const tools = [];
        const names = [];
        let total = 0;
        let cursor;
        do {
            let page;
            try {
                page = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout: limits.timeoutMs });
            }
            catch (error) {
                if (!limits.signal.aborted && signal.aborted)
                    throw new Error(`it was still listing its tools after ${limits.timeoutMs / 1000} s (${total} so far)`, { cause: error });
                throw error;
            }
            total += page.tools.length;
            if (total > cap) {
                throw new Error(allowlist === undefined
                    ? `it lists more than ${(0,group_digits/* groupDigits */.K)(cap)} tools, more than plan-runner reads from one server without a list of those the plan uses; name them in mcp_servers.${this.name}.tools`
                    : `it lists more than ${(0,group_digits/* groupDigits */.K)(cap)} tools, more than plan-runner reads from one server`);
            }
            for (const tool of page.tools) {
                if (names.length < 100)
                    names.push(tool.name);
                if (allowlist === undefined || allowlist.has(tool.name))
                    tools.push(tool);
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
        this.#inFlight++;
        try {
            const client = await this.connect(limits);
            const result = await client.callTool({ name: tool, arguments: args }, undefined, {
                signal: limits.signal,
                timeout: limits.timeoutMs,
            });
            return result;
        }
        catch (error) {
            if (this.#oversizedStops !== stops && this.#oversizedWith === 1)
                throw new McpAnswerTooLargeError(this.name, MCP_MESSAGE_LIMIT_BYTES, { cause: error });
            throw error;
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
        if (transport instanceof streamableHttp/* StreamableHTTPClientTransport */.j)
            await transport.terminateSession().catch(() => undefined);
        await client?.close().catch(() => undefined);
        await transport?.close().catch(() => undefined);
    }
}

// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/types.js
var types = __webpack_require__(63846);
// EXTERNAL MODULE: ./lib/tools/tool-output-too-large-error.js
var tool_output_too_large_error = __webpack_require__(35493);
// EXTERNAL MODULE: ./lib/core/step-error.js
var step_error = __webpack_require__(1938);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool-error.js

/** An MCP server answered a tool call with `isError`: permanent unless the server marks it transient. */
class McpToolError extends step_error/* StepError */.z {
    server;
    constructor(options) {
        const trimmed = options.text.trim();
        // `\u2026` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
        const text = trimmed === '' ? 'no details given' : trimmed.length > 2000 ? `${trimmed.slice(0, 2000)}\u2026` : trimmed;
        super(`${options.toolName}: MCP server '${options.server}' reported an error: ${text}`, options);
        this.server = options.server;
    }
}

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-transport-error.js

/** A call to an MCP server got no usable answer (connection lost, timeout, server crashed). Transient. */
class McpTransportError extends step_error/* StepError */.z {
    server;
    constructor(options) {
        super(`${options.toolName}: calling MCP server '${options.server}' failed: ${options.detail}`, {
            transient: options.transient ?? true,
            toolName: options.toolName,
            cause: options.cause,
        });
        this.server = options.server;
    }
}

// EXTERNAL MODULE: ./lib/tools/files/format-bytes.js
var format_bytes = __webpack_require__(37958);
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

// EXTERNAL MODULE: ./lib/security/sanitize-untrusted.js + 1 modules
var sanitize_untrusted = __webpack_require__(38521);
// EXTERNAL MODULE: ./lib/core/parse-json.js
var parse_json = __webpack_require__(70695);
// EXTERNAL MODULE: ./lib/core/exceeds-depth.js
var exceeds_depth = __webpack_require__(35878);
// EXTERNAL MODULE: ./lib/tools/tool-result-too-deep-error.js
var tool_result_too_deep_error = __webpack_require__(57048);
;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool.js










/** The longest description of a server's tool that prompts show. */
const MAX_DESCRIPTION_CHARS = 2000;
/** How deep a server's input schema may nest (JSON levels); `connectMcpServers` refuses a deeper one. */
const MAX_MCP_SCHEMA_DEPTH = 64;
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
 * cleaned without changing what the server accepts, so `connectMcpServers` refuses the tool.
 */
function hiddenTextInSchema(schema, at = '') {
    if (typeof schema === 'string')
        return SMUGGLING.test(schema) ? at || '(the schema)' : undefined;
    if (schema === null || typeof schema !== 'object')
        return undefined;
    for (const [key, value] of Object.entries(schema)) {
        // The path names the key it found, with the hidden characters shown as `?`.
        const shown = key.replace(/\uDB40[\uDC00-\uDC7F]|[\u202A-\u202E\u2066-\u2069]/g, '?').replaceAll('<!--', '<!?-').slice(0, 60);
        const here = Array.isArray(schema) ? `${at}[${key}]` : at ? `${at}.${shown}` : shown;
        if (!Array.isArray(schema) && SMUGGLING.test(key))
            return here;
        if (!Array.isArray(schema) && ANNOTATIONS.has(key))
            continue;
        const found = hiddenTextInSchema(value, here);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/**
 * `schema` with what a reader would not see left out of the text that only describes (`description`,
 * `title`, `$comment`, `examples`, `default`), at every depth, each string cut to `MAX_DESCRIPTION_CHARS`:
 * an agent's prompt and the planner's tool list hold a tool's input schema whole. What a validator
 * reads (`enum`, `pattern`, property names) stays as the server wrote it (see `hiddenTextInSchema`).
 */
function cleanSchemaTexts(schema) {
    if (schema === null || typeof schema !== 'object')
        return schema;
    if (Array.isArray(schema))
        return schema.map(cleanSchemaTexts);
    return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, ANNOTATIONS.has(key) ? (0,sanitize_untrusted/* sanitizeUntrustedValue */.de)(value, { maxChars: MAX_DESCRIPTION_CHARS }) : cleanSchemaTexts(value)]));
}
/** JSON-RPC errors that mean the call never got a usable answer; anything else the server said on purpose. */
const TRANSIENT_CODES = new Set([types/* ErrorCode */.O4.ConnectionClosed, types/* ErrorCode */.O4.RequestTimeout]);
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
        description: `${(0,sanitize_untrusted/* sanitizeUntrusted */._2)(tool.description ?? tool.title ?? tool.name, { maxChars: MAX_DESCRIPTION_CHARS })} (tool '${tool.name}' of MCP server '${session.name}')`,
        inputSchema: cleanSchemaTexts(tool.inputSchema),
        sideEffects: tool.annotations?.readOnlyHint !== true,
        timeoutSeconds: timeoutMs / 1000,
        async execute(args, ctx) {
            let result;
            try {
                result = await session.callTool(tool.name, args, { signal: ctx.signal, timeoutMs });
            }
            catch (error) {
                ctx.signal.throwIfAborted();
                if (error instanceof McpAnswerTooLargeError)
                    throw new tool_output_too_large_error/* ToolOutputTooLargeError */.Z({ toolName: name, limitBytes: error.limitBytes, answered: true });
                const detail = error instanceof Error ? error.message : String(error);
                const transient = !(error instanceof types/* McpError */.Nh) || TRANSIENT_CODES.has(error.code);
                if (transient)
                    throw new McpTransportError({ toolName: name, server: session.name, detail, cause: error });
                throw new McpToolError({ toolName: name, server: session.name, text: detail, transient: false });
            }
            if (result.isError === true) {
                throw new McpToolError({
                    toolName: name,
                    server: session.name,
                    text: mcpResultText(result.content),
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

;// CONCATENATED MODULE: ./lib/tools/mcp/mcp-tool-name.js
/** The registry name of an MCP tool: `<server>__<tool>`, made a valid function name (^[a-zA-Z0-9_-]{1,64}$). */
function mcpToolName(server, tool) {
    return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

;// CONCATENATED MODULE: ./lib/tools/mcp/connect-mcp-servers.js






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
        const reason = `listing its tools failed: ${error instanceof Error ? error.message : String(error)}`;
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
 * Starts every configured MCP server, lists its tools once (within `timeoutMs`) and returns them
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
    const limits = { signal: options.signal, timeoutMs };
    const listed = await Promise.allSettled(sessions.map((session) => listServerTools(session, config[session.name]?.tools, limits)));
    const failure = listed.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined || options.signal.aborted) {
        options.signal.removeEventListener('abort', onAbort);
        await closeAll();
        options.signal.throwIfAborted();
        throw failure.reason;
    }
    const tools = [];
    const owners = new Map();
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
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${tool.name}' and ${earlier} both become '${name}'; leave one out with a tools: allowlist`, { started: true });
            }
            if ((0,exceeds_depth/* exceedsDepth */.R)(tool.inputSchema, MAX_MCP_SCHEMA_DEPTH)) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${tool.name}' has an input schema nested more than ${MAX_MCP_SCHEMA_DEPTH} levels deep, which no tool needs; leave it out with a tools: allowlist`, { started: true });
            }
            const hidden = hiddenTextInSchema(tool.inputSchema);
            if (hidden !== undefined) {
                options.signal.removeEventListener('abort', onAbort);
                await closeAll();
                throw new mcp_server_start_error/* McpServerStartError */.K(session.name, `its tool '${tool.name}' has hidden text (Unicode tag characters, bidi controls or an HTML comment) in its input schema at ${hidden}, where it cannot be cleaned without changing what the server accepts; leave the tool out with a tools: allowlist`, { started: true });
            }
            owners.set(name, `tool '${tool.name}' of '${session.name}'`);
            sessionOf.set(name, session);
            tools.push(mcpTool({ name, session, tool, timeoutMs: callTimeoutMs }));
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
