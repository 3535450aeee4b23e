export const id = 527;
export const ids = [527];
export const modules = {

/***/ 71874:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ inlineCode),
/* harmony export */   z: () => (/* binding */ fencedBlock)
/* harmony export */ });
/* harmony import */ var _visible_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74700);

function longestRun(text, char) {
    if (!text.includes(char))
        return 0;
    let longest = 0;
    for (const match of text.matchAll(char === '`' ? /`+/g : /~+/g))
        longest = Math.max(longest, match[0].length);
    return longest;
}
/**
 * A fenced code block whose fence is longer than any backtick run in `text`, so the content can
 * never close it (results are data and must not escape into the page). Control characters and bidi
 * overrides show as symbols, as on the log: a code block is shown, and an override reorders it there too.
 */
function fencedBlock(text, language = '') {
    const shown = (0,_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(text);
    const fence = '`'.repeat(Math.max(3, longestRun(shown, '`') + 1));
    const body = shown.endsWith('\n') ? shown : `${shown}\n`;
    return `${fence}${language}\n${body}${fence}`;
}
/** An inline code span that survives backticks in `text` (and keeps it on one line), control characters shown as in `fencedBlock`. */
function inlineCode(text) {
    const flat = (0,_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?|\n/g, ' ') : text);
    const ticks = '`'.repeat(longestRun(flat, '`') + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
    return `${ticks}${pad}${flat}${pad}${ticks}`;
}


/***/ }),

/***/ 13527:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   neutraliseOutbound: () => (/* binding */ neutraliseOutbound),
/* harmony export */   neutraliseRendered: () => (/* binding */ neutraliseRendered),
/* harmony export */   neutraliseTitle: () => (/* binding */ neutraliseTitle)
/* harmony export */ });
/* unused harmony export MAX_PARSED_CHARS */
/* harmony import */ var _core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(71874);
/* harmony import */ var _core_visible_controls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(74700);
/* harmony import */ var _markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1488);
/* harmony import */ var _url_allow_list_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1400);




/** U+200B after `@` or `#`: GitHub no longer sees a mention or a reference, a reader sees no change. */
const BREAK = '\u200B';
/**
 * An address standing on its own (after a space or a parenthesis, before a space or the end, one
 * `@`), kept as written; or any other `@` before a letter or digit, which GitHub may read as a
 * mention, even right after a word: a link's text ends where the next text node starts. An address
 * kept ends its local part in a letter, digit or `_`: GitHub reads `@name` after any other character
 * as a mention when `.` and a non-word character follow the name (`-@octocat.-.com` notified octocat).
 */
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried only after a blank, a ( or a line's start, and its runs stop at the next: linear.
const MENTION_OR_ADDRESS = /(?<=^|[\s(])[A-Za-z0-9._+-]*[A-Za-z0-9_]@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]+(?=[).,;:!?]*(?:\s|$))|@(?=[A-Za-z0-9])/g;
/** Passes over text whose rewriting keeps making something live (HTML whose text is Markdown, and so on). */
const MAX_PASSES = 4;
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- lazy up to its end or the text's, where it matches: linear.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
// Processing instructions, declarations and CDATA are HTML to CommonMark too.
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- each part lazy up to its end or the text's, where it matches: linear.
const HTML_OTHER = /<\?[\s\S]*?(?:\?>|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![A-Za-z][^>]*>?/g;
/** A URL GitHub may link in running text (more than it does: text around it decides, and this looks at none). */
const TEXT_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<]*/gi;
const HAS_TEXT_URL = new RegExp(TEXT_URL.source, 'i');
/** The ASCII punctuation that can start or close Markdown (escaped, it means nothing); `@`, `.`, `/` and `:` cannot alone. */
const PUNCTUATION = /[\\`*_[\]<>!&|~()#+\-=$]/g;
/** What GitHub leaves out of a URL at its end: the sentence's punctuation, and marks of emphasis (GFM's `*`, `_`, `~`). */
const TRAILING = '.,;:!?\'")]*_~';
/** Marks of emphasis and strikethrough: nothing they make is live, and a text node holds them as written, since emphasis is not parsed. */
const EMPHASIS = '*_~';
/** What a backslash escapes in CommonMark: any ASCII punctuation. */
const ESCAPABLE = /[!-/:-@[-`{-~]/;
function withoutTrailing(url) {
    let end = url.length;
    while (end > 0 && TRAILING.includes(url[end - 1]))
        end--;
    return url.slice(0, end);
}
/** `/owner/name/issues/7` (or `pull`, `discussions`, and pages under them): GitHub reads the URL as a reference to that issue, as `owner/name#7`. */
const ISSUE_PATH = /^\/([^/]+\/[^/]+)\/(?:issues|pull|discussions)\/\d+(?:\/|$)/;
/**
 * Whether a link's target is under an allowed prefix, and, when it is an issue's or a pull request's page,
 * whether the policy lets a reference to it stay live: GitHub links and cross-references an issue from its
 * URL as from `#7`, so with references off `https://github.com/octo/demo/issues/7` notified issue 7. A target is read as a browser reads what
 * GitHub writes, which is not how Node's URL reads the Markdown: GitHub percent-encodes a backslash
 * that Node takes for a slash (`https://github.com\o\r\x@evil.test` is evil.test to a browser),
 * and a browser drops the zero-width space put after an `@`. So a target with a backslash, an `@`,
 * whitespace or any character outside printable ASCII is never allowed.
 */
function allowed(target, policy) {
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
    const repository = ISSUE_PATH.exec(url.pathname)?.[1]?.toLowerCase();
    if (repository !== undefined && !(policy.allowReferences === true && (policy.referenceRepos ?? []).some((name) => name.toLowerCase() === repository)))
        return false;
    return (policy.allowUrls ?? []).some((prefix) => {
        try {
            return (0,_url_allow_list_js__WEBPACK_IMPORTED_MODULE_3__/* .isUnderPrefix */ .R)(url, new URL(prefix));
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
        return (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .t)(node.url);
    // An autolink (`<https://\u2026>`, or a bare URL GitHub links): the URL as code.
    if (!source.startsWith('['))
        return (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .t)(source.replace(/^<|>$/g, ''));
    const first = node.children.length > 0 ? (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__/* .spanOf */ .ee)(node.children[0]) : undefined;
    const last = node.children.length > 0 ? (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__/* .spanOf */ .ee)(node.children.at(-1)) : undefined;
    const label = first && last ? text.slice(first.start, last.end) : '';
    // The label is Markdown too (an image inside a link): it goes through the same rules on its own.
    return `${rewritten(label, policy)} (${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .t)(node.url)})`;
}
/** Characters of a URL kept as written; a URL with any other, or with a second URL inside, is shown as code. */
const PLAIN_URL = /^(?:https?:\/\/|www\.)[A-Za-z0-9\-._~/?#=&%+]*$/;
function keptUrl(url, policy) {
    if (!PLAIN_URL.test(url) || /(?:\/\/|www\.)/i.test(url.replace(/^(?:https?:\/\/|www\.)/i, '')))
        return false;
    return allowed(url.startsWith('www.') ? `http://${url}` : url, policy);
}
/**
 * A text node written back from its value (entities and escapes already read) with every URL in it
 * as code and all else escaped: nothing in it can become live, and no backtick is left to open a
 * code span. (Mentions the value reveals are broken after the pass, with everything else.)
 */
function inertText(value, source, policy) {
    const escaped = escapesOf(value, source);
    // A mark of emphasis the source left bare stays bare: escaped, `**Finished: \u2026 https://\u2026**` showed its asterisks.
    const inert = (from, to) => value.slice(from, to).replace(PUNCTUATION, (mark, offset) => (escaped && EMPHASIS.includes(mark) && !escaped[from + offset] ? mark : `\\${mark}`));
    let out = '';
    let at = 0;
    for (const match of value.matchAll(TEXT_URL)) {
        const url = withoutTrailing(match[0]);
        out += inert(at, match.index);
        out += keptUrl(url, policy) ? url : (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineCode */ .t)(url);
        at = match.index + url.length;
    }
    return out + inert(at, value.length);
}
/**
 * For each character of a text node's value, whether its source wrote it escaped (`\*`): when the source is
 * the value with backslash escapes and nothing else (no character reference, no indent taken off a line);
 * else undefined, and every mark is escaped.
 */
function escapesOf(value, source) {
    const escaped = [];
    for (let at = 0; at < source.length; at++) {
        const slashed = source[at] === '\\' && at + 1 < source.length && ESCAPABLE.test(source[at + 1]);
        if (slashed)
            at++;
        if (source[at] !== value[escaped.length])
            return undefined;
        escaped.push(slashed);
    }
    return escaped.length === value.length ? escaped : undefined;
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
    const { source: text, tree } = (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__/* .markdownTree */ .a2)(given, 'github');
    const edits = [];
    // An explicit stack: Markdown nests as deep as its writer likes, and recursion ran out of stack at 8,000 levels.
    const stack = [{ node: tree, inLink: false }];
    while (stack.length > 0) {
        const { node, inLink } = stack.pop();
        const span = (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__/* .spanOf */ .ee)(node);
        if (node.type === 'code' || node.type === 'inlineCode')
            continue; // shown as written
        if (node.type === 'text' && span && !inLink) {
            const source = text.slice(span.start, span.end);
            if (needsRewrite(node.value, source))
                edits.push({ ...span, text: inertText(node.value, source, policy) });
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
            const kept = allowed(node.url, policy) && (!literal || (keptUrl(source, policy) && endsUrl(text, span.end)));
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
    return (0,_markdown_tree_js__WEBPACK_IMPORTED_MODULE_2__/* .applyEdits */ .ct)(text, edits);
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
        return `${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .fencedBlock */ .z)(text, 'text')}\n`;
    }
    catch {
        // A parse that fails (text nested past what the parser's own stack holds) leaves nothing to trust.
        return `${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .fencedBlock */ .z)(text, 'text')}\n`;
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
    else {
        const allowed = new Set((policy.referenceRepos ?? []).map((name) => name.toLowerCase()));
        out = out.replace(/#(?=\d)/g, (hash, at) => {
            const named = repositoryBefore(out, at);
            return named === undefined || allowed.has(named.toLowerCase()) ? hash : `#${BREAK}`;
        });
    }
    return out;
}
/**
 * The `owner/name` written right before `end` (a `#` GitHub may read as a reference to that repository's issue),
 * or undefined when none is. Looks back at most as far as the longest names, so a text of many `#` is linear.
 */
function repositoryBefore(text, end) {
    let slash = end;
    while (slash > 0 && end - slash < 100 && /[A-Za-z0-9._-]/.test(text[slash - 1]))
        slash--;
    if (slash === end || text[slash - 1] !== '/')
        return undefined;
    let start = slash - 1;
    while (start > 0 && slash - 1 - start < 39 && /[A-Za-z0-9-]/.test(text[start - 1]))
        start--;
    return start === slash - 1 ? undefined : text.slice(start, end);
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
    const broken = breakMentions((0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .x)(text), policy);
    return disarmAnswer(broken.length > MAX_PARSED_CHARS ? `\n${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_0__/* .fencedBlock */ .z)(broken, 'text')}\n` : rewritten(broken, policy));
}
/**
 * `text` whose first line that is not blank starts with `/approve` or `/reject` (in any case, as GitHub's
 * `startsWith` reads it), with that slash escaped: `\/approve` shows as `/approve` and answers no paused
 * run. A comment plan-runner posts through a personal access token is a person's, which starts workflows
 * and may approve: a model told to (a PR's text, a tool's output) approved another run that waited, with
 * `add_comment` (found by an adversarial pass).
 */
function disarmAnswer(text) {
    return text.replace(/^(\s*)\/(?=approve|reject)/i, '$1\\/');
}
/**
 * A title (an issue's, a check run's output), which GitHub shows as plain text, reading at most code spans and
 * references there: mentions and references broken as `neutraliseOutbound` does, controls shown and line breaks made
 * spaces, and nothing escaped or made plain, which a reader would see (`plan\-runner`, `\uff3bbeta\uff3d`).
 */
function neutraliseTitle(text, policy = {}) {
    return breakUrls(breakMentions((0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .x)(text.replace(/\r\n?|\n/g, ' ')), policy), policy);
}
/** A URL's scheme and `://` as a title may hold it. */
const URL_START = /\b(https?):\/\//gi;
/**
 * A title's URLs that a body's links may not keep (`allowed`), broken after the scheme (`https:\u200B//\u2026`): a title is plain text,
 * where a URL cannot be shown as code, and GitHub reads an issue's URL as the same reference as `#123` (found by a
 * hunt of GitHub writes: an escalation issue's title kept `https://github.com/o/r/issues/1` live).
 */
function breakUrls(text, policy) {
    return text.replace(URL_START, (start, scheme, at) => (allowed(text.slice(at, at + 2048).split(/\s/, 1)[0], policy) ? start : `${scheme}:${BREAK}//`));
}
/**
 * Markdown plan-runner's own renderers made (the live comment, the check run), whose pieces from the
 * run are escaped where they are placed: mentions and references broken as `neutraliseOutbound`
 * does, and, up to MAX_PARSED_CHARS, rewritten by the same rules as a second line of defence;
 * longer, left as the renderers made it.
 */
function neutraliseRendered(text, policy = {}) {
    const broken = breakMentions((0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleControls */ .x)(text), policy);
    return disarmAnswer(broken.length > MAX_PARSED_CHARS ? broken : rewritten(broken, policy));
}


/***/ })

};
