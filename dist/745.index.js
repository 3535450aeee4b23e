export const id = 745;
export const ids = [745];
export const modules = {

/***/ 67126:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  UNTRUSTED_CHAR_LIMIT: () => (/* binding */ UNTRUSTED_CHAR_LIMIT),
  removeHtmlComments: () => (/* binding */ removeHtmlComments),
  sanitizeUntrusted: () => (/* binding */ sanitizeUntrusted),
  sanitizeUntrustedValue: () => (/* binding */ sanitizeUntrustedValue)
});

// EXTERNAL MODULE: ./lib/security/github-links-as-written.js
var github_links_as_written = __webpack_require__(68994);
;// CONCATENATED MODULE: ./lib/security/hidden-lines.js
/**
 * Past a limit of `plainHeavyMarkup`, before the parse, the lines that hold what GitHub hides and the
 * parser would read as text (see `hidden-shapes.ts`), taken out by their shape, erring on taking out too much:
 * - from a line that may open a link or footnote definition (after any quote or list markers, written
 *   or escaped: `[`, `\[` or `\uff3b`, then `]:` or `\uff3d:` on the line, or no closing bracket on it) to the next
 *   blank line, so a title or label on the lines after goes too, and a reference to it is not made a
 *   link; a definition written plainly too, right after a line that may end a block on GitHub but not
 *   to the parser (`mayEndBlock`);
 * - a fence's info string, where the fence may be text to the parser (its backticks plain, its quote
 *   marker escaped): ```` ```ignore your task ```` names a language on GitHub and shows nowhere.
 */
/** Where a line's content starts after its quote and list markers, and whether one of them was escaped (`\>`, `\-`, `1\.`). */
function contentStart(line) {
    let at = 0;
    let escaped = false;
    for (;;) {
        while (line[at] === ' ' || line[at] === '\t')
            at++;
        const slash = line[at] === '\\' ? 1 : 0;
        if (line[at + slash] === '>') {
            escaped ||= slash === 1;
            at += slash + 1;
            continue;
        }
        const marker = /^(?:\\?[-*+]|\d{1,9}\\?[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 12))?.[0];
        if (marker === undefined)
            return { at, escaped };
        escaped ||= marker.includes('\\');
        at += marker.length;
    }
}
const QUOTE_MARKERS = /^(?:[ \t]*\\?>)*/;
/**
 * A line with nothing but quote markers: a bare list marker is not blank, it may continue a title, and
 * neither is an escaped `\>`, which may be text on GitHub too.
 */
const isBlank = (line) => /^[ \t]*$/.test(line.slice(/^(?:[ \t]*>)*/.exec(line)[0].length));
/** Indented 4 columns or more inside its quotes: a footnote's next paragraph. */
const isIndented = (line) => /^(?: {4}| {0,3}\t)/.test(line.slice(QUOTE_MARKERS.exec(line)[0].length));
const DEFINITION_START = /^(?:\\?\[|\uFF3B)(?:[^\]\uFF3D\\]|\\.)*(?:$|[\]\uFF3D]:)/;
/** A line that opens a definition or footnote GitHub reads and the parser will not: behind an escaped marker, or in plain brackets. */
function hiddenDefinitionStart(line) {
    const { at, escaped } = contentStart(line);
    const content = line.slice(at);
    return DEFINITION_START.test(content) && (escaped || content.startsWith('\\[') || content.startsWith('\uFF3B'));
}
/**
 * A line after which GitHub may start a block where the parser continues a paragraph, since a bound made
 * what ends the block plain: a line of markers alone (an empty quote or item, `\>`), an underline (`\===`),
 * a fence (\uff40\uff40\uff40), or one that may end an HTML block (`-->`, `?>`, `]]>`, `>`, behind a plain `\uff1c!`).
 */
function mayEndBlock(line) {
    const { at } = contentStart(line);
    const content = line.slice(at);
    return (at > 0 && /^[ \t]*$/.test(content)) || /^\\?(?:=+|-+)[ \t]*$/.test(content) || /^(?:`{3}|~{3}|\uFF40{3})/.test(content) || content.includes('>');
}
/** `line` without the info string of the fence it may open (```` ```js ````, \uff40\uff40\uff40, `~~~`): a backtick fence's holds no backtick. */
function withoutFenceInfo(line) {
    const at = contentStart(line).at;
    const run = /^(?:`{3,}|~{3,}|\uFF40{3,})/.exec(line.slice(at))?.[0];
    if (run === undefined)
        return line;
    const info = line.slice(at + run.length);
    if (/^[ \t]*$/.test(info) || (run[0] !== '~' && /[`\uFF40]/.test(info)))
        return line;
    return line.slice(0, at + run.length);
}
function withoutHiddenLines(text) {
    const parts = text.split(/(\r\n|\r|\n)/);
    let dropping = false;
    let afterDropped = false;
    let afterBlockEnd = false;
    let out = '';
    for (let i = 0; i < parts.length; i += 2) {
        const line = parts[i];
        // A fence interrupts any paragraph, and dropping its line could leave a block open to swallow what follows.
        const fence = /^(?:`{3}|~{3}|\uFF40{3})/.test(line.slice(contentStart(line).at));
        if (fence) {
            afterDropped = false;
            dropping = false;
        }
        else if (isBlank(line)) {
            afterDropped ||= dropping;
            dropping = false;
        }
        else {
            // A footnote goes on with every indented paragraph after it.
            if (afterDropped && isIndented(line))
                dropping = true;
            afterDropped = false;
            dropping ||= hiddenDefinitionStart(line) || (afterBlockEnd && DEFINITION_START.test(line.slice(contentStart(line).at)));
        }
        afterBlockEnd = mayEndBlock(line);
        if (!dropping)
            out += withoutFenceInfo(line) + (parts[i + 1] ?? '');
    }
    return out;
}

// EXTERNAL MODULE: ./lib/security/markdown-tree.js + 5 modules
var markdown_tree = __webpack_require__(1488);
// EXTERNAL MODULE: ./lib/security/text-positions.js
var text_positions = __webpack_require__(89858);
;// CONCATENATED MODULE: ./lib/security/hidden-shapes.js


/**
 * Past a limit of `plainHeavyMarkup` the tree lacks constructs GitHub still reads in the text: its
 * brackets are fullwidth (\uff3b \uff3d) or the markers that open its lines escaped, so an image, a title or a
 * definition there is text to the parser, and hidden on the page. They are taken out by their shape
 * instead, taking out too much rather than too little, each character read a bounded number of times:
 * before the parse, by lines (`hidden-lines.ts`); after it (`withoutBracketHidden`), an image's alt
 * text, `!\uff3b\u2026\uff3d` to its matching bracket, and after `\uff3d(`, the title that follows a destination (`"\u2026"`,
 * `'\u2026'`, `(\u2026)`), to where it closes or to the end.
 */
// A title's `(` made plain past MAX_TITLE_SCAN (\uff08) still opens one on GitHub.
const TITLE_CLOSE = { '"': '"', "'": "'", '(': ')', '\uFF08': ')' };
const OPENS = new Set(['[', '\uFF3B']);
const CLOSES = new Set([']', '\uFF3D']);
/** What makes an image's alt text end elsewhere than its matching bracket: code, HTML, an autolink, a link. */
const UNSURE = new Set(['`', '\uFF40', '<', '\uFF1C']);
function withoutBracketHidden(text) {
    if (!text.includes(']') && !text.includes('\uFF3D'))
        return text;
    const space = (0,text_positions/* nextWhere */.V3)(text, (at) => (0,text_positions/* isSpace */.xC)(text[at]));
    const solid = (0,text_positions/* nextWhere */.V3)(text, (at) => !(0,text_positions/* isSpace */.xC)(text[at]));
    const angle = (0,text_positions/* nextWhere */.V3)(text, (at) => text[at] === '>' || text[at] === '\n' || text[at] === '\r');
    const unsure = new Int32Array(text.length + 1);
    // A link inside alt text (`](`) may hold a bracket in its destination too.
    for (let at = 0; at < text.length; at++)
        unsure[at + 1] = unsure[at] + (UNSURE.has(text[at]) || (text[at] === '(' && CLOSES.has(text[at - 1] ?? '')) ? 1 : 0);
    const paragraphEnd = (0,text_positions/* paragraphEnds */.ZR)(text);
    const edits = [];
    const open = [];
    // Where the last title taken out ended: a `](` inside it is part of it.
    let readTo = 0;
    let slashes = 0;
    for (let at = 0; at < text.length; at++) {
        const char = text[at];
        const escaped = slashes % 2 === 1;
        slashes = char === '\\' ? slashes + 1 : 0;
        if (char === '\n' || char === '\r') {
            if (paragraphEnd[at] === at)
                open.length = 0;
        }
        else if (OPENS.has(char) && !escaped)
            open.push({ at, image: text[at - 1] === '!' });
        else if (CLOSES.has(char) && !escaped) {
            const opener = open.pop();
            // Where the alt text holds code or HTML, GitHub may end it at a later bracket: all of it to the paragraph's end goes.
            if (opener?.image)
                edits.push({ start: opener.at + 1, end: unsure[at] > unsure[opener.at] ? paragraphEnd[at] : at, text: '' });
            // A full reference's label shows nowhere: `![alt][label]`, `[text][label]`.
            const label = OPENS.has(text[at + 1] ?? '') ? text.slice(at + 2, at + 1002).search(/[\]\uFF3D\n\r]/) : -1;
            if (label > 0)
                edits.push({ start: at + 2, end: at + 2 + label, text: '' });
            if (text[at + 1] === '(' && at >= readTo) {
                const title = titleAfter(at + 2);
                if (title) {
                    edits.push({ ...title, text: '' });
                    readTo = title.end;
                }
            }
        }
    }
    return (0,markdown_tree/* applyEdits */.ct)(text, edits);
    /** A resource's title (with the space before it) after its `(` at `from - 1`: to where it closes, or its paragraph's end. */
    function titleAfter(from) {
        let at = solid[from];
        if (text[at] === '<')
            at = angle[at] + 1;
        else {
            // The destination ends at a space; a `)` it leaves unbalanced ends the whole resource (read up to 1 KiB of it).
            const end = space[at];
            let depth = 0;
            for (let inside = at; inside < Math.min(end, at + 1024); inside++) {
                if (text[inside] === '(')
                    depth++;
                else if (text[inside] === ')' && --depth < 0)
                    return undefined;
                else if (text[inside] === '\\')
                    inside++;
            }
            at = end;
        }
        const start = at;
        at = solid[at];
        const close = TITLE_CLOSE[text[at] ?? ''];
        if (close === undefined || at === start)
            return undefined;
        const stop = paragraphEnd[at];
        let end = at + 1;
        while (end < stop && text[end] !== close)
            end += text[end] === '\\' ? 2 : 1;
        return { start, end: Math.min(end + 1, stop) };
    }
}

;// CONCATENATED MODULE: ./lib/security/hidden-markdown.js




/** A destination as Markdown reads it back: characters that would end or break it are percent-encoded. */
function destination(url) {
    return url.replace(/[\s()<>\\]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
/**
 * Markdown with what its rendered page does not show removed, found from the parsed tree (so
 * every way of writing it is covered, and code is left alone): image alt text and titles (inline
 * and reference images become `![](url)`), link titles, definitions (a reference link is made
 * inline: labels show nowhere), footnotes nothing refers to, fenced code's info strings, and a table
 * row's cells beyond its header's.
 * Everything else stays byte for byte as written.
 */
function removeHiddenMarkdown(given) {
    // Every construct concerned needs a bracket, a fence for an info string or a pipe for a table's extra cells:
    // most text is never parsed.
    if (!given.includes('[') && !given.includes('|') && !/`{3}|~{3}/.test(given))
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
    // A URL GitHub links in running text runs to the next space, over a backtick or a footnote's reference; without
    // one, GitHub's blocks alone read the same. Past MAX_AUTOLINK_SCAN, where such URLs are broken to be parsed, the
    // text is read without them, as past a limit: what they may hide is taken out by its shape.
    const urls = /www\.|:\/\//i.test(given);
    const first = (0,markdown_tree/* markdownTree */.a2)(given, urls ? 'github-as-written' : 'github-blocks', withoutHiddenLines);
    const { source: text, written, tree, bounded: limited } = first.urlsBroken ? (0,markdown_tree/* markdownTree */.a2)(given, 'github-blocks', withoutHiddenLines) : first;
    // Where micromark and cmark-gfm may read a URL, a cell or a destination otherwise, the text is read as past a
    // limit too: what the page may hide is taken out by its shape.
    const bounded = limited || first.urlsBroken || (urls && (0,github_links_as_written/* linksDisagree */.Gl)(given)) || (0,github_links_as_written/* cellsDisagree */.aT)(given) || (0,github_links_as_written/* destinationsDisagree */.OC)(given);
    const definitions = new Map();
    const notes = new Set();
    const shownNotes = new Set();
    const edits = [];
    const references = [];
    for (const node of (0,markdown_tree/* nodesOf */.Nh)(tree)) {
        // GitHub uses a label's first definition.
        if (node.type === 'definition' && !definitions.has(node.identifier))
            definitions.set(node.identifier, node);
        if (node.type === 'footnoteReference')
            references.push(node);
    }
    for (const node of references)
        if (refersOnGitHub(node.identifier, (0,markdown_tree/* spanOf */.ee)(node)))
            notes.add(node.identifier);
    /**
     * Whether GitHub reads a footnote reference micromark reads where micromark does, taking it for none where
     * they may differ: GitHub tries a link first (`[^x](u)`, `[^x][r]`, `[^x]` with a link definition `[ ^x]: u`),
     * reads code and autolinks in the label first, makes `[^a[^x]]` one reference, and folds case otherwise
     * beyond ASCII. A footnote nothing else refers to then goes.
     */
    function refersOnGitHub(identifier, at) {
        if (!at || definitions.has(`^${identifier}`))
            return false;
        const label = text.slice(at.start, at.end);
        const after = text.slice(at.end, at.end + 2);
        return !/[`<]|[^\x00-\x7F]/.test(label) && !after.startsWith('(') && !after.startsWith(']') && !(after.startsWith('[') && after !== '[]');
    }
    const image = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        const url = node.type === 'image' ? node.url : definitions.get(node.identifier)?.url;
        if (at && url !== undefined)
            edits.push({ ...at, text: `![](${destination(url)})` });
    };
    // A link keeps its text as written; what follows the text is rewritten: a title dropped, and a reference
    // (`[text][label]`, `[label][]`, `[label]`) made inline, since the page shows no label after the text.
    const link = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        const url = node.type === 'link' ? node.url : definitions.get(node.identifier)?.url;
        if (!at || url === undefined || (node.type === 'link' && (node.title === null || node.title === undefined)))
            return;
        // `- [x] done` is a task's box on GitHub, not a reference to `[x]: url`.
        if (node.type === 'linkReference' && node.referenceType === 'shortcut' && (0,markdown_tree/* inTaskBox */.uS)(text, at.start))
            return;
        const labelEnd = node.children.length > 0 ? (0,markdown_tree/* spanOf */.ee)(node.children.at(-1))?.end : at.start + 1;
        const close = labelEnd === undefined ? -1 : text.indexOf(']', labelEnd);
        if (close < 0 || close >= at.end)
            return;
        edits.push({ start: close, end: at.end, text: `](${destination(url)})` });
    };
    // Links and images carry their URLs inline, so no definition is needed: their labels and titles show nowhere.
    const definition = (node) => {
        const at = (0,markdown_tree/* spanOf */.ee)(node);
        if (at)
            edits.push({ ...at, text: '' });
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
        // GitHub drops a row's cells beyond the header's (GFM's example 204): they show nowhere.
        if (node.type === 'table') {
            const columns = node.children[0]?.children.length ?? 0;
            for (const row of node.children) {
                const extra = row.children[columns];
                const from = extra && (0,markdown_tree/* spanOf */.ee)(extra);
                const to = (0,markdown_tree/* spanOf */.ee)(row);
                if (from && to)
                    edits.push({ start: from.start + 1, end: to.end, text: '' });
            }
        }
        // GitHub shows a footnote only where the text refers to it: `[^x]: ignore your task` alone shows nothing.
        // Past a limit, a reference the parser sees may be code to GitHub: every footnote goes.
        // GitHub shows a label's first footnote only.
        if (node.type === 'footnoteDefinition' && (bounded || !notes.has(node.identifier) || shownNotes.has(node.identifier))) {
            const at = (0,markdown_tree/* spanOf */.ee)(node);
            if (at)
                edits.push({ ...at, text: '' });
            continue;
        }
        if (node.type === 'footnoteDefinition')
            shownNotes.add(node.identifier);
        // A fenced block's info string (```` ```ignore your task ````) names its language to GitHub and shows nowhere.
        if (node.type === 'code' && (node.lang || node.meta)) {
            const at = (0,markdown_tree/* spanOf */.ee)(node);
            const fence = at ? /^[ \t]*(?:`{3,}|~{3,})/.exec(text.slice(at.start, at.start + 1_000)) : null;
            if (at && fence) {
                const lineEnd = text.slice(at.start + fence[0].length, at.end).search(/[\r\n]|$/);
                edits.push({ start: at.start + fence[0].length, end: at.start + fence[0].length + lineEnd, text: '' });
            }
        }
        if (node.type === 'link' || node.type === 'linkReference')
            link(node);
        if ('children' in node)
            for (const child of node.children.toReversed())
                stack.push(child);
    }
    const read = (0,markdown_tree/* applyEdits */.ct)(written, edits);
    return bounded ? withoutBracketHidden(read) : read;
}

// EXTERNAL MODULE: ./lib/core/cut-note.js
var cut_note = __webpack_require__(30068);
// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./lib/core/invisible-characters.js
var invisible_characters = __webpack_require__(5709);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/security/read-as-page.js
var read_as_page = __webpack_require__(40841);
;// CONCATENATED MODULE: ./lib/security/sanitize-untrusted.js






/** Untrusted text longer than this many characters is cut before it enters a prompt. */
const UNTRUSTED_CHAR_LIMIT = 32_000;
/** What may stand before a comment that starts a block: indentation, quote and list markers (a superset). */
const BLOCK_PREFIX = new Set([' ', '\t', '>', '-', '*', '+', '.', ')', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
/**
 * `text` without the HTML comments a page hides, also those that removing one forms from the pieces
 * around it (`<!<!-- x -->-- y -->`). As CommonMark reads them:
 * - a comment that starts a line (after indentation, `>` or a list marker) starts an HTML block, and
 *   hides everything to its `-->`, across blank lines, or to the end of the text when none follows;
 * - a comment inside a line hides only up to a `-->` in the same paragraph: one opened and never
 *   closed, or closed after the paragraph ends (a blank line, a heading, a list item, a quote or a
 *   fence), is shown as it is written, and stays. Removing everything after it hid a whole paragraph a
 *   reader sees from a judge (`it opens <!-- and never closes`);
 * - except in a line of an HTML block (one that started with a tag, `<div>`, and runs to a blank line),
 *   where a browser reads the raw `<!--` as a comment to its `-->` or the end of the page.
 * Where CommonMark is not followed exactly (code spans and blocks, the prefix set), more is removed,
 * never less. Lines may end in CRLF, as text from GitHub's web editor does.
 * One pass, in time linear in the text: removing them again until nothing changed took the square of
 * its length (224 KB of nested comments: 13 s of a blocked event loop).
 * With `shown`, each comment the page hides is replaced by what it returns for it instead.
 */
function removeHtmlComments(text, shown) {
    // Only a comment in the text as given can start a removal: without one, the text stays as it is.
    if (!text.includes('<!--'))
        return text;
    const out = [];
    // Where the current line of `out` starts, and its first character that cannot stand before a block.
    let lineStart = 0;
    let firstInLine = Number.POSITIVE_INFINITY;
    // The current line belongs to an HTML block: a line whose first character past the prefix is `<`
    // started one, and a blank line ends it.
    let inHtmlBlock = false;
    let lineHasText = false;
    // The next `-->` and the next blank line at or after `at` (`text.length` for none): both only move
    // forward, each looked for again only once `at` has passed it, so the pass stays linear.
    let close = -1;
    let blank = -1;
    const paragraphEnd = /\n(?:[ \t]*\r?\n| {0,3}(?:#{1,6}[ \t\r\n]|>|```|~~~|[-*+][ \t]|1[.)][ \t]))/g;
    let at = 0;
    while (at < text.length) {
        const char = text[at];
        out.push(char);
        at++;
        if (char === '\n') {
            if (!lineHasText)
                inHtmlBlock = false;
            lineStart = out.length;
            firstInLine = Number.POSITIVE_INFINITY;
            lineHasText = false;
        }
        else {
            if (char !== ' ' && char !== '\t' && char !== '\r')
                lineHasText = true;
            if (firstInLine === Number.POSITIVE_INFINITY && !BLOCK_PREFIX.has(char)) {
                firstInLine = out.length - 1;
                if (char === '<')
                    inHtmlBlock = true;
            }
        }
        // An opener just completed, from what was kept before and this character: drop it and the comment.
        if (char === '-' && out.length >= 4 && out[out.length - 2] === '-' && out[out.length - 3] === '!' && out[out.length - 4] === '<') {
            const opener = out.length - 4;
            if (close < at) {
                close = text.indexOf('-->', at);
                if (close === -1)
                    close = text.length;
            }
            const startsBlock = (opener >= lineStart && firstInLine >= opener) || inHtmlBlock;
            if (!startsBlock) {
                if (blank < at) {
                    paragraphEnd.lastIndex = at;
                    blank = paragraphEnd.exec(text)?.index ?? text.length;
                }
                // Not closed in its paragraph: text the page shows.
                if (close >= blank)
                    continue;
            }
            const end = close === text.length ? text.length : close + 3;
            const comment = shown && out.slice(opener).join('') + text.slice(at, end);
            out.length = opener;
            // One element of `out`, never read character by character: the scan goes on as if the comment were gone.
            if (comment)
                out.push(shown(comment));
            if (firstInLine >= opener)
                firstInLine = Number.POSITIVE_INFINITY;
            at = end;
        }
    }
    return out.join('');
}
// The attributes of HTML tags, whose values show nowhere on the page (`alt`, `title`, `aria-label`, `data-x`,
// any other), but for `href` and `src`, where a link or an image points.
const HIDDEN_ATTRIBUTE = /(<[A-Za-z][^<>]*?)\s(?!(?:href|src)\s*=)[A-Za-z_:][-A-Za-z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const CUT_MARGIN = 2_000;
/**
 * Where a construct that hides text begins: an image (its alt), a link destination followed by a
 * title, a link definition, an HTML tag with an attribute but `href` or `src`. Open across the parse boundary
 * of a cut text, it is plain text to the parser there, but not on the page.
 */
const HIDING_OPENER = /!\[(?!\])|\]\([^()\s]*\s+["'(]|^ {0,3}\[[^\]\n]*\]:|<[A-Za-z][^<>]*\s(?!(?:href|src)\s*=)[A-Za-z_:][-A-Za-z0-9_:.]*\s*=/gim;
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
 * An HTML comment as a raw reading shows it: labelled as hidden on a page, its text kept. The label's
 * brackets form no Markdown (a `[\u2026]` label before `(url "title")` read as a link), and the text it labels
 * holds none of them (`sanitizeUntrusted` makes the text's own plain first), so it cannot end the label
 * early. An opener inside is shown defused.
 */
function labelHiddenComment(comment) {
    const inner = comment.slice(4, comment.endsWith('-->') && comment.length >= 7 ? -3 : undefined);
    return `\u27E6hidden HTML comment:${inner.replaceAll('<!--', '<!\u2010\u2010')}\u27E7`;
}
/**
 * Makes untrusted text (tool outputs, step results, event text) safe to show a model, read `raw` or
 * `rendered` (`SanitizeOptions.read`), and caps its length. Raw, nothing a reader of the text sees is
 * removed, so code cannot hide from a reviewer, and what a page would hide is marked; rendered, what
 * remains is what the page shows, so an instruction cannot hide in it.
 */
function sanitizeUntrusted(text, options = {}) {
    const limit = options.maxChars ?? UNTRUSTED_CHAR_LIMIT;
    // Invisible characters are gone first, so `<!\u200B--` cannot dodge the comment rule.
    const visible = text.replace(invisible_characters/* INVISIBLE */.kH, '');
    if (options.read !== 'rendered') {
        // A `\u27e6` or `\u27e7` the text holds is shown as a plain bracket: `\u27e6hidden HTML comment: <script \u2026> \u27e7` written
        // in a diff read as a comment's label, of code that runs (found by a review). Every label is ours, so
        // raw text is read once (`promptData`, `dataBlock(\u2026, clean)`): read again, ours would be defused.
        const out = removeHtmlComments(visible.replace(/[\u27E6\u27E7]/g, (bracket) => (bracket === '\u27E6' ? '[' : ']')), labelHiddenComment);
        if (out.length <= limit)
            return out;
        options.onCut?.(out.length);
        const kept = out.slice(0, (0,cut_text/* keptUnits */.ai)(out, limit));
        // `\u2026` right at the cut, where the redactor looks for the start of a known secret a cut leaves.
        return `${kept}\u2026\n${(0,cut_note/* cutNote */.n)(`${(0,group_digits/* groupDigits */.K)(out.length - kept.length)} more characters`)}`;
    }
    let out = removeHtmlComments(visible);
    const length = out.length;
    // Only what can be shown is parsed (with some room, so a construct across the cut is still seen whole).
    if (length > limit)
        out = out.slice(0, (0,cut_text/* keptUnits */.ai)(out, limit + CUT_MARGIN));
    // A text not read whole is cut with a note even when what was read fits once its hidden parts are gone: returned
    // bare, the rest was dropped unsaid, and a judge passed a pull request on the part (found by an adversarial pass).
    const whole = out.length === length;
    out = removeHiddenMarkdown(out);
    let previous;
    do {
        previous = out;
        out = out.replace(HIDDEN_ATTRIBUTE, '$1');
    } while (out !== previous);
    if (whole && out.length <= limit)
        return out;
    options.onCut?.(Math.max(length, out.length));
    const kept = out.slice(0, (0,cut_text/* keptUnits */.ai)(out, whole ? limit : safeCut(out, limit)));
    // `\u2026` right at the cut, where the redactor looks for the start of a known secret a cut leaves.
    return `${kept}\u2026\n${(0,cut_note/* cutNote */.n)(`${(0,group_digits/* groupDigits */.K)(Math.max(length, out.length) - kept.length)} more characters`)}`;
}
/**
 * `sanitizeUntrusted` applied to every string inside a JSON-like value (object keys included),
 * before it is encoded: in JSON text, quotes are `\"` and line breaks `\n`, so hidden Markdown in
 * a field (a pull request's body, read `rendered`) would no longer parse as Markdown and would pass unseen.
 */
function sanitizeUntrustedValue(value, options = {}) {
    const seen = new WeakSet();
    // Keys that collide once cleaned would collapse into one, the last winning: `{"decision": "reject",
    // "decision\u200b": "approve"}` read as approved to a judge, while code reading `.decision` gets reject.
    const cleanEntries = (entries, issue) => {
        const taken = new Set();
        // The next number to try for each cleaned key: counting from 2 each time made 32,000 keys that
        // differ only in invisible characters cost half a billion lookups (72 s on the event loop).
        const nextCount = new Map();
        return entries.map(([key, inner]) => {
            const clean = sanitizeUntrusted(key, options);
            let shown = clean;
            let count = nextCount.get(clean) ?? 2;
            while (taken.has(shown))
                shown = `${clean} (${count++})`;
            if (shown !== clean) {
                nextCount.set(clean, count);
                options.onKeyCollision?.(clean);
            }
            taken.add(shown);
            return [shown, issue && key === 'body' && typeof inner === 'string' ? sanitizeUntrusted(inner, { ...options, read: 'rendered' }) : walk(inner)];
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
        const copy = Array.isArray(item) ? item.map(walk) : Object.fromEntries(cleanEntries(Object.entries(item), (0,read_as_page/* readsAsPage */.v)(item)));
        seen.delete(item);
        return copy;
    };
    return walk(value);
}


/***/ })

};
