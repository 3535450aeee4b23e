export const id = 527;
export const ids = [527];
export const modules = {

/***/ 61154:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nh: () => (/* binding */ nodesOf),
/* harmony export */   a2: () => (/* binding */ markdownTree),
/* harmony export */   ct: () => (/* binding */ applyEdits),
/* harmony export */   ee: () => (/* binding */ spanOf)
/* harmony export */ });
/* unused harmony exports MAX_MARKUP, MAX_HTML_OPENERS, MAX_UNDERLINES, MAX_LINE_NESTING, MAX_CONTAINER_END_COST, plainHeavyMarkup */
/* harmony import */ var mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(14249);
/* harmony import */ var mdast_util_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(55756);
/* harmony import */ var mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(66807);
/* harmony import */ var mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(37421);
/* harmony import */ var micromark_extension_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7042);
/* harmony import */ var micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(22429);
/* harmony import */ var micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(57749);







/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
const MAX_MARKUP = 2_000;
// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub shows a footnote's definition only where the text refers to it: the sanitiser must see them.
const FOOTNOTES = { extensions: [(0,micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_0__/* .gfmFootnote */ .r)(), NO_EMPHASIS], mdastExtensions: [(0,mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__/* .gfmFootnoteFromMarkdown */ .i)()] };
// GitHub's Markdown is CommonMark with the GFM extensions: tables and footnotes change the blocks (a
// table cell ends a code span, a footnote's indented lines are not code), and URLs GitHub links in
// running text can swallow what follows them (a backtick that opened a code span). Without the tree
// transform that finds more such URLs in text: its links have no position to rewrite, and callers
// look for URLs in text nodes themselves. Strikethrough decides nothing here.
const BLOCKS = { extensions: [(0,micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_2__/* .gfmTable */ .x)(), (0,micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_0__/* .gfmFootnote */ .r)(), NO_EMPHASIS], mdastExtensions: [(0,mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_3__/* .gfmTableFromMarkdown */ .c)(), (0,mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__/* .gfmFootnoteFromMarkdown */ .i)()] };
const GITHUB = {
    extensions: [(0,micromark_extension_gfm_table__WEBPACK_IMPORTED_MODULE_2__/* .gfmTable */ .x)(), (0,micromark_extension_gfm_footnote__WEBPACK_IMPORTED_MODULE_0__/* .gfmFootnote */ .r)(), (0,micromark_extension_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_4__/* .gfmAutolinkLiteral */ .$)(), NO_EMPHASIS],
    mdastExtensions: [(0,mdast_util_gfm_table__WEBPACK_IMPORTED_MODULE_3__/* .gfmTableFromMarkdown */ .c)(), (0,mdast_util_gfm_footnote__WEBPACK_IMPORTED_MODULE_1__/* .gfmFootnoteFromMarkdown */ .i)(), { ...(0,mdast_util_gfm_autolink_literal__WEBPACK_IMPORTED_MODULE_5__/* .gfmAutolinkLiteralFromMarkdown */ .C)(), transforms: [] }],
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
/**
 * The work of ending block quotes, list items and footnote definitions (`containerEndCost`) beyond which
 * the marker that opens each line is escaped: micromark spends 0.05\u20130.25 s on this much. Ordinary text
 * stays below: a 32 KiB changelog whose 193 lists each end before a heading costs 160,000, 100 KiB of
 * another 230,000.
 */
const MAX_CONTAINER_END_COST = 400_000;
const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
/** Where the first non-space character of a line is, and how many container markers open it. */
function leadingMarkers(line) {
    let at = 0;
    let column = 0;
    let markers = 0;
    let first = -1;
    // A tab reaches the next multiple of 4 columns: `+\t+\t\u2026` nests a list at each `+`.
    const space = () => {
        column = line[at] === '\t' ? column + 4 - (column % 4) : column + 1;
        at++;
    };
    for (;;) {
        const from = column;
        while ((line[at] === ' ' || line[at] === '\t') && column - from < 4)
            space();
        if (first < 0)
            first = at;
        const list = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/.exec(line.slice(at, at + 11))?.[0];
        // A footnote's label opens a container too, and any spaces may follow it.
        const note = footnoteAt(line, at);
        if (line[at] === '>')
            space();
        else if (list) {
            // The marker, and the space or tab after it.
            for (let char = 0; char <= list.length; char++)
                space();
        }
        else if (note > 0) {
            at += note;
            column += note;
            while (line[at] === ' ' || line[at] === '\t')
                space();
        }
        else
            break;
        markers++;
    }
    return { first, markers };
}
/** `line` with each tab made the spaces to the next multiple of 4 columns, as CommonMark counts them. */
function columns(line) {
    if (!line.includes('\t'))
        return line;
    let out = '';
    for (const char of line)
        out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
    return out;
}
/** Where the spaces from `at` end, at most `max` of them. */
function afterSpaces(line, at, max) {
    let end = at;
    while (end < line.length && end - at < max && line[end] === ' ')
        end++;
    return end;
}
const BREAKS = { '*': /^(?:\* *){3,}$/, '-': /^(?:- *){3,}$/ };
/** A list item's marker at `at` in a line of `columns`: how far its content starts, and whether the item is empty. */
function listItemAt(line, at) {
    if (!/[-*+\d]/.test(line[at] ?? ''))
        return undefined;
    const marker = /^(?:[-*+]|\d{1,9}[.)])(?= |$)/.exec(line.slice(at, at + 11))?.[0];
    // `* * *` and `- - -` are thematic breaks.
    const rule = marker === '*' || marker === '-' ? BREAKS[marker] : undefined;
    if (marker === undefined || rule?.test(line.slice(at)))
        return undefined;
    const after = at + marker.length;
    if (afterSpaces(line, after, Infinity) === line.length)
        return { width: marker.length + 1, empty: true };
    const spaces = afterSpaces(line, after, 5) - after;
    return { width: marker.length + (spaces <= 4 ? spaces : 1), empty: false };
}
/** How long the label and colon of a footnote definition at `at` are (GitHub's footnotes hold blocks too), or 0. */
function footnoteAt(line, at) {
    if (line[at] !== '[' || line[at + 1] !== '^')
        return 0;
    // As micromark reads the label: no space or `[`, a backslash escapes only `[`, `\` and `]`, at most 999 characters.
    const label = /^\[\^(?:[^\][\\ \t]|\\[[\\\]]|\\(?![[\\\]]))+\]:/.exec(line.slice(at, at + 1010))?.[0];
    return label !== undefined && label.length <= 999 + 4 ? label.length : 0;
}
const opensContainer = (line, at) => line[at] === '>' || listItemAt(line, at) !== undefined || footnoteAt(line, at) > 0;
/** A line that ends a paragraph, and any code or HTML before it, wherever it stands: a fence, an ATX heading, a thematic break. */
const INTERRUPT = /^ {0,3}(?:`{3,}[^`]*|~{3,}.*|#{1,6}(?: .*)?|(?:\* *){3,}|(?:- *){3,}|(?:_ *){3,})$/;
/** Text that can only continue a paragraph: not blank, not code, no marker of a block or a table. */
const PLAIN = /^ {0,3}[^\s`~<#=*_+>-][^|]*$/;
/**
 * At each line that ends a block quote, list item or footnote definition without opening another
 * (`> a` then a blank line; `- > a` then `- > b`), micromark moves the ends' events before the line
 * by copying every event of the text so far (`EditMap.consume` in its document tokenizer): 16 KiB
 * of `>\n\n` took 13.8 s. This is their sum, counted as the lines and container markers before each
 * such end (a footnote's label three times; micromark copies up to 10 events for each).
 *
 * The containers are followed as micromark follows them, line by line, without reading the blocks in
 * them: a line that may be a paragraph's lazy continuation (`> a` then `b`) or may end the quote
 * counts an end for each container it may end, once, and they stay open. It counts at least the ends
 * micromark makes (checked against micromark on random and repeated shapes), and on ordinary text
 * about as many.
 */
function containerEndCost(lines) {
    const open = [];
    let cost = 0;
    let seen = 0;
    /** Opens the containers whose markers start at `at`, and returns where the line's content starts. */
    const opened = (line, from) => {
        for (let at = from;;) {
            const start = afterSpaces(line, at, 3);
            const item = listItemAt(line, start);
            const note = footnoteAt(line, start);
            let content;
            if (line[start] === '>')
                content = line[start + 1] === ' ' ? start + 2 : start + 1;
            else if (item)
                content = Math.min(line.length, start + item.width);
            else if (note > 0)
                content = afterSpaces(line, start + note, Infinity);
            else
                return at;
            open.push({ kind: line[start] === '>' ? 'quote' : item ? 'item' : 'note', size: item ? start - at + item.width : 0, blankStart: item?.empty ?? false, further: false, counted: false });
            // A footnote's label makes three times the events of another marker.
            seen += note > 0 ? 3 : 1;
            at = content;
        }
    };
    let blankBefore = true;
    for (const given of lines) {
        seen++;
        const line = columns(given);
        // Where the line's text ends: only spaces are blank to micromark (tabs are spaces here).
        let lastText = line.length;
        while (lastText > 0 && line[lastText - 1] === ' ')
            lastText--;
        const afterBlank = blankBefore;
        blankBefore = lastText === 0;
        let at = 0;
        let continued = 0;
        for (; continued < open.length; continued++, seen++) {
            const container = open[continued];
            const blank = at >= lastText;
            if (container.kind === 'quote') {
                const start = afterSpaces(line, at, 3);
                if (line[start] !== '>')
                    break;
                at = line[start + 1] === ' ' ? start + 2 : start + 1;
                // Perhaps a new quote, where micromark ended the one whose end was counted.
                container.counted = false;
            }
            else if (container.kind === 'note') {
                if (blank)
                    continue;
                if (afterSpaces(line, at, 4) - at < 4)
                    break;
                at += 4;
            }
            else if (blank) {
                container.further ||= container.blankStart;
                at = afterSpaces(line, at, container.size);
            }
            else if (!container.further && afterSpaces(line, at, container.size) - at >= container.size) {
                container.blankStart = false;
                at += container.size;
            }
            else {
                const start = afterSpaces(line, at, 3);
                const item = listItemAt(line, start);
                container.blankStart = item?.empty ?? false;
                container.further = false;
                if (!item)
                    break;
                // The next item of this list: what the last one held ends.
                if (open.length > continued + 1)
                    cost += seen;
                open.length = continued + 1;
                container.size = start - at + item.width;
                container.counted = false;
                at = Math.min(line.length, start + item.width);
                continued++;
                seen++;
                break;
            }
        }
        if (continued < open.length) {
            const start = afterSpaces(line, at, 3);
            if (opensContainer(line, start))
                open.length = continued;
            else if (afterBlank || start >= lastText || INTERRUPT.test(line.slice(at))) {
                // No paragraph for the line to continue: the containers end.
                cost += seen;
                open.length = continued;
            }
            else {
                // A paragraph's lazy continuation, or the containers' end: each counts an end, once, and stays open.
                const plain = PLAIN.test(line.slice(at));
                for (const container of open.slice(continued)) {
                    if (plain && container.counted)
                        continue;
                    cost += seen;
                    container.counted = true;
                }
                if (!plain)
                    for (const container of open.slice(0, continued))
                        container.counted = false;
                continue;
            }
        }
        const depth = open.length;
        const content = line.slice(opened(line, at));
        // After anything but a paragraph's text, no paragraph may be left for a later line to continue.
        if (open.length !== depth || !PLAIN.test(content))
            for (const container of open)
                container.counted = false;
    }
    return cost;
}
/**
 * `text` with markup whose parse would not take linear time made plain (micromark's costs grow with
 * the square of these; each case took seconds at 16\u201332 KiB):
 * - past MAX_MARKUP brackets, every `[` and `]` becomes its fullwidth form (\uff3b \uff3d), which Markdown
 *   reads as text (escaping them instead made as many escape tokens, which cost the same); past
 *   MAX_MARKUP table pipes, every `|` (\uff5c);
 * - past MAX_UNDERLINES lines that could underline a setext heading, each is escaped;
 * - a line opened by more than MAX_LINE_NESTING quote or list markers has its first escaped;
 * - past MAX_CONTAINER_END_COST of ending quotes, list items and footnotes, the marker that opens
 *   each line is escaped (`\>`, `\-`, `1\.`, `\[^a]:`), so the text holds none.
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
    const lines = parts.filter((_, i) => i % 2 === 0);
    if (containerEndCost(lines) > MAX_CONTAINER_END_COST) {
        for (let i = 0; i < parts.length; i += 2) {
            const line = parts[i];
            const first = line.search(/[^ \t]/);
            const start = first < 0 ? -1 : columns(line.slice(0, first)).length;
            if (start < 0 || start > 3 || !opensContainer(columns(line), start))
                continue;
            // `>`, a bullet or a footnote's `[` escaped where it stands; an ordered item's `1.` at its `.` or `)`.
            const at = first + (/^\d+/.exec(line.slice(first))?.[0].length ?? 0);
            parts[i] = `${line.slice(0, at)}\\${line.slice(at)}`;
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
    if (flavour === 'commonmark' || flavour === 'commonmark+footnotes') {
        const source = plainHeavyMarkup(text);
        return { source, tree: (0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__/* .fromMarkdown */ .Y)(source, flavour === 'commonmark' ? COMMONMARK : FOOTNOTES) };
    }
    const source = withoutStrayBrackets(plainHeavyMarkup(text));
    return { source, tree: (0,mdast_util_from_markdown__WEBPACK_IMPORTED_MODULE_6__/* .fromMarkdown */ .Y)(source, GITHUB) };
}


/***/ }),

/***/ 13527:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   neutraliseOutbound: () => (/* binding */ neutraliseOutbound),
/* harmony export */   neutraliseRendered: () => (/* binding */ neutraliseRendered)
/* harmony export */ });
/* unused harmony export MAX_PARSED_CHARS */
/* harmony import */ var _core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(71874);
/* harmony import */ var _core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(74700);
/* harmony import */ var _markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61154);
/* harmony import */ var _url_allow_list_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1400);




/** U+200B after `@` or `#`: GitHub no longer sees a mention or a reference, a reader sees no change. */
const BREAK = '\u200B';
/**
 * An address standing on its own (after a space or a parenthesis, before a space or the end, one
 * `@`), kept as written; or any other `@` before a letter or digit, which GitHub may read as a
 * mention, even right after a word: a link's text ends where the next text node starts. An address
 * kept ends its local part in a letter, digit or `_`: GitHub reads `@name` after any other character
 * as a mention when `.` and a non-word character follow the name (`-@octocat.-.com` notified octocat).
 */
const MENTION_OR_ADDRESS = /(?<=^|[\s(])[A-Za-z0-9._+-]*[A-Za-z0-9_]@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]+(?=[).,;:!?]*(?:\s|$))|@(?=[A-Za-z0-9])/g;
/** Passes over text whose rewriting keeps making something live (HTML whose text is Markdown, and so on). */
const MAX_PASSES = 4;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
// Processing instructions, declarations and CDATA are HTML to CommonMark too.
const HTML_OTHER = /<\?[\s\S]*?(?:\?>|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![A-Za-z][^>]*>?/g;
/** A URL GitHub may link in running text (more than it does: text around it decides, and this looks at none). */
const TEXT_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<]*/gi;
const HAS_TEXT_URL = new RegExp(TEXT_URL.source, 'i');
/** The ASCII punctuation that can start or close Markdown (escaped, it means nothing); `@`, `.`, `/` and `:` cannot alone. */
const PUNCTUATION = /[\\`*_[\]<>!&|~()#+\-=$]/g;
/** What GitHub leaves out of a URL at its end: the sentence's punctuation. */
const TRAILING = '.,;:!?\'")]';
function withoutTrailing(url) {
    let end = url.length;
    while (end > 0 && TRAILING.includes(url[end - 1]))
        end--;
    return url.slice(0, end);
}
/**
 * Whether a link's target is under an allowed prefix. A target is read as a browser reads what
 * GitHub writes, which is not how Node's URL reads the Markdown: GitHub percent-encodes a backslash
 * that Node takes for a slash (`https://github.com\o\r\x@evil.test` is evil.test to a browser),
 * and a browser drops the zero-width space put after an `@`. So a target with a backslash, an `@`,
 * whitespace or any character outside printable ASCII is never allowed.
 */
function allowed(target, prefixes) {
    if (target.startsWith('#') && !target.startsWith('#/') && /^[!-~]*$/.test(target))
        return true; // an anchor on the same page
    if (!/^[!-~]*$/.test(target) || target.includes('\\') || target.includes('@'))
        return false;
    let url;
    try {
        url = new URL(target);
    }
    catch {
        return false; // relative or malformed: could point anywhere on github.com
    }
    if (url.username !== '' || url.password !== '')
        return false;
    return prefixes.some((prefix) => {
        try {
            return (0,_url_allow_list_js__WEBPACK_IMPORTED_MODULE_1__/* .isUnderPrefix */ .R)(url, new URL(prefix));
        }
        catch {
            return false;
        }
    });
}
function stripHtml(text) {
    let out = text;
    let before;
    do {
        before = out;
        out = out.replace(HTML_COMMENT, '').replace(HTML_OTHER, '').replace(HTML_TAG, '');
    } while (out !== before);
    return out;
}
/** What a link, image or definition whose URL is not allowed becomes: its URL as code (a link keeps its label before it). */
function replacement(node, source, text, policy) {
    if (node.type !== 'link')
        return (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineCode */ .t)(node.url);
    // An autolink (`<https://\u2026>`, or a bare URL GitHub links): the URL as code.
    if (!source.startsWith('['))
        return (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineCode */ .t)(source.replace(/^<|>$/g, ''));
    const first = node.children.length > 0 ? (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__/* .spanOf */ .ee)(node.children[0]) : undefined;
    const last = node.children.length > 0 ? (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__/* .spanOf */ .ee)(node.children.at(-1)) : undefined;
    const label = first && last ? text.slice(first.start, last.end) : '';
    // The label is Markdown too (an image inside a link): it goes through the same rules on its own.
    return `${rewritten(label, policy)} (${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineCode */ .t)(node.url)})`;
}
/** Characters of a URL kept as written; a URL with any other, or with a second URL inside, is shown as code. */
const PLAIN_URL = /^(?:https?:\/\/|www\.)[A-Za-z0-9\-._~/?#=&%+]*$/;
function keptUrl(url, prefixes) {
    if (!PLAIN_URL.test(url) || /(?:\/\/|www\.)/i.test(url.replace(/^(?:https?:\/\/|www\.)/i, '')))
        return false;
    return allowed(url.startsWith('www.') ? `http://${url}` : url, prefixes);
}
/**
 * A text node written back from its value (entities and escapes already read) with every URL in it
 * as code and all else escaped: nothing in it can become live, and no backtick is left to open a
 * code span. (Mentions the value reveals are broken after the pass, with everything else.)
 */
function inertText(value, prefixes) {
    let out = '';
    let at = 0;
    for (const match of value.matchAll(TEXT_URL)) {
        const url = withoutTrailing(match[0]);
        out += value.slice(at, match.index).replace(PUNCTUATION, '\\$&');
        out += keptUrl(url, prefixes) ? url : (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineCode */ .t)(url);
        at = match.index + url.length;
    }
    return out + value.slice(at).replace(PUNCTUATION, '\\$&');
}
/**
 * Whether a text node must be written back by `inertText`: it holds a URL, a backtick (cmark-gfm
 * reads no later code span of a length after a run of that length without a closer, and micromark
 * does: unmatched backticks are escaped), or a character reference (`&#x40;admin` renders as a
 * mention the raw text did not show).
 */
function needsRewrite(value, source) {
    return HAS_TEXT_URL.test(value) || value.includes('`') || /&#?[A-Za-z0-9]+;/.test(source);
}
/** The character after `end` in `text` ends a URL for cmark-gfm too: whitespace, `<`, or nothing. */
function endsUrl(text, end) {
    let at = end;
    while (at < text.length && TRAILING.includes(text[at]))
        at++;
    // ASCII whitespace only: a no-break or ideographic space, a form feed or U+2028 do not end it there.
    return at >= text.length || ' \t\r\n<'.includes(text[at]);
}
/**
 * One pass: every live construct GitHub would render from `given` that the policy does not allow,
 * rewritten. URLs GitHub links in text without a tree node of their own are found by TEXT_URL.
 */
function pass(given, policy) {
    const prefixes = policy.allowUrls ?? [];
    const { source: text, tree } = (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__/* .markdownTree */ .a2)(given, 'github');
    const edits = [];
    // An explicit stack: Markdown nests as deep as its writer likes, and recursion ran out of stack at 8,000 levels.
    const stack = [{ node: tree, inLink: false }];
    while (stack.length > 0) {
        const { node, inLink } = stack.pop();
        const span = (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__/* .spanOf */ .ee)(node);
        if (node.type === 'code' || node.type === 'inlineCode')
            continue; // shown as written
        if (node.type === 'text' && span && !inLink) {
            if (needsRewrite(node.value, text.slice(span.start, span.end)))
                edits.push({ ...span, text: inertText(node.value, prefixes) });
            continue;
        }
        if (node.type === 'html' && span) {
            // What is not a tag or comment to take out is shown as text.
            const stripped = stripHtml(node.value);
            edits.push({ ...span, text: stripped === node.value ? node.value.replace(/</g, '\\<') : stripped });
            continue;
        }
        if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && span) {
            const source = text.slice(span.start, span.end);
            const literal = node.type === 'link' && !source.startsWith('[') && !source.startsWith('<');
            // An address GitHub links by itself (`a@b.test`) stays as written; `www.x@evil.test` is a link to evil.test there.
            const address = literal && node.url === `mailto:${source}` && !/^www\./i.test(source);
            // A URL GitHub links by itself ends, for cmark-gfm, only at whitespace or `<`: where micromark ended it sooner, it is code.
            const kept = allowed(node.url, prefixes) && (!literal || (keptUrl(source, prefixes) && endsUrl(text, span.end)));
            if (!address && !kept) {
                edits.push({ ...span, text: replacement(node, source, text, policy) });
                continue;
            }
        }
        // Text inside a reference link is still read: cmark-gfm may not resolve a label micromark does (Unicode case folding).
        const linked = inLink || node.type === 'link';
        if ('children' in node)
            for (const child of node.children.toReversed())
                stack.push({ node: child, inLink: linked });
    }
    return (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_0__/* .applyEdits */ .ct)(text, edits);
}
/**
 * `text` rewritten until GitHub would render nothing the policy does not allow: a rewrite can make
 * something live that was not (HTML whose text is a link), so passes repeat until one changes
 * nothing. Text still changing after MAX_PASSES is shown whole as code.
 */
function rewritten(text, policy) {
    try {
        let out = text;
        // MAX_PASSES that change something, and one more that must change nothing.
        for (let count = 0; count <= MAX_PASSES; count++) {
            // Mentions are broken again after each pass: taking out HTML can join an `@` to the name after it.
            const next = breakMentions(pass(out, policy), policy);
            if (next === out)
                return out;
            out = next;
        }
        return `${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .fencedBlock */ .z)(text, 'text')}\n`;
    }
    catch {
        // A parse that fails (text nested past what the parser's own stack holds) leaves nothing to trust.
        return `${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .fencedBlock */ .z)(text, 'text')}\n`;
    }
}
/**
 * Text longer than this is not parsed: a parse of text anyone wrote takes time that grows faster
 * than its length on some shapes (escapes between words, with autolinked URLs), and runs on the
 * event loop. 16 KiB of the worst shapes found parse in about 0.1 s.
 */
const MAX_PARSED_CHARS = 16_384;
function breakMentions(text, policy) {
    // Breaking a mention can change what GitHub links around it (an address that no longer is one), so before any parse.
    let out = text;
    if (!policy.allowMentions)
        out = out.replace(MENTION_OR_ADDRESS, (match) => (match === '@' ? `@${BREAK}` : match));
    if (!policy.allowReferences)
        out = out.replace(/#(?=\d)/g, `#${BREAK}`).replace(/\b(GH-)(?=\d)/gi, `$1${BREAK}`);
    return out;
}
/**
 * Text the model or a tool wrote, made safe to post on GitHub, decided on the Markdown as GitHub
 * parses it (CommonMark with GFM): HTML removed, links, images, autolinked URLs and link definitions
 * whose URL is not under an allowed prefix turned into plain code (no link, no tracking image), code
 * left as written, and \u2014 unless the policy allows them \u2014 `@mentions` and `#123`/`GH-123` references
 * broken with an invisible U+200B so nobody is notified and no issue is linked, everywhere, since
 * the page GitHub renders must not reopen any of them. Text longer than MAX_PARSED_CHARS is posted
 * whole as a code block, on a line of its own.
 */
function neutraliseOutbound(text, policy = {}) {
    const broken = breakMentions((0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__/* .visibleControls */ .x)(text), policy);
    return broken.length > MAX_PARSED_CHARS ? `\n${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_2__/* .fencedBlock */ .z)(broken, 'text')}\n` : rewritten(broken, policy);
}
/**
 * Markdown plan-runner's own renderers made (the live comment, the check run), whose pieces from the
 * run are escaped where they are placed: mentions and references broken as `neutraliseOutbound`
 * does, and, up to MAX_PARSED_CHARS, rewritten by the same rules as a second line of defence;
 * longer, left as the renderers made it.
 */
function neutraliseRendered(text, policy = {}) {
    const broken = breakMentions((0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__/* .visibleControls */ .x)(text), policy);
    return broken.length > MAX_PARSED_CHARS ? broken : rewritten(broken, policy);
}


/***/ })

};
