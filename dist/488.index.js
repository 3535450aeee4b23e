export const id = 488;
export const ids = [488];
export const modules = {

/***/ 68994:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gl: () => (/* binding */ linksDisagree),
/* harmony export */   OC: () => (/* binding */ destinationsDisagree),
/* harmony export */   Rl: () => (/* binding */ MAX_BRACKET_LOOKBACK),
/* harmony export */   aT: () => (/* binding */ cellsDisagree),
/* harmony export */   fv: () => (/* binding */ unlinkedAsOnGitHub),
/* harmony export */   tD: () => (/* binding */ bracketLookback)
/* harmony export */ });
/* harmony import */ var _text_positions_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(89858);
/**
 * Reading Markdown as GitHub links URLs in running text, with its brackets as written. Where micromark
 * and cmark-gfm (GitHub's renderer) decide such a URL differently, the URL may swallow what follows it
 * on one side only (a backtick that opens a code span, a footnote's reference), and what the page hides
 * would be read. Found by an adversarial review; each rule names what it keeps equal.
 */

/**
 * The work of micromark's look back for an open `[` (`previousUnbalanced`, which GitHub's rule that no URL
 * links inside brackets needs) beyond which stray brackets are made plain for the parse, and the text read
 * as past a limit: 16 KiB of `w ` after one `[` took 1.0 s, 32 KiB 6.5 s, and 32 KiB of `<+` 4.5 s, about
 * 8\u20139 ns per unit of `bracketLookback`. Ordinary text stays far below: its open brackets close within a line.
 */
const MAX_BRACKET_LOOKBACK = 10_000_000;
/**
 * An upper bound on how far micromark looks back, in characters: from each character (where a URL or an
 * address may start: a word, a `+`, `-`, `.` or `_`, an `h` after a digit) to the nearest `[` still open
 * before it in its paragraph. A `]` closes the last `[` only with no backtick or `<` between them, which
 * could hide it in code or HTML.
 */
function bracketLookback(text) {
    let cost = 0;
    for (const paragraph of text.split(_text_positions_js__WEBPACK_IMPORTED_MODULE_0__/* .BLANK_LINE */ .Ib)) {
        const open = [];
        // Where the last backtick or `<` was: a `]` after it may be inside code or HTML.
        let unsure = -1;
        let slashes = 0;
        for (let at = 0; at < paragraph.length; at++) {
            const char = paragraph[at];
            const escaped = slashes % 2 === 1;
            slashes = char === '\\' ? slashes + 1 : 0;
            if (char === '`' || char === '<')
                unsure = at;
            else if (char === '[' && !escaped)
                open.push(at);
            else if (char === ']' && !escaped && open.length > 0 && unsure < open.at(-1))
                open.pop();
            else if (open.length > 0)
                cost += at - open.at(-1);
        }
    }
    return cost;
}
/**
 * `text` with each `www.` GitHub links in no case made plain, one character for one (`\uff57ww.`), where
 * micromark would link it: cmark-gfm links only a lower-case `www.`, and only at a line's start or after a
 * space or one of `*_~(`, where micromark also takes one after `[` or `]`.
 */
function unlinkedAsOnGitHub(text) {
    return text.replace(/(?<![A-Za-z0-9])[wW](?=[wW]{2}\.)/g, (w, at) => text.startsWith('www.', at) && text[at - 1] !== '[' && text[at - 1] !== ']' ? w : '\uFF57');
}
/**
 * Where micromark and cmark-gfm may decide a URL GitHub links in text differently, so that one of them
 * swallows what the other reads as markup (a backtick, a bracket) up to the next ASCII space: an `ftp://`
 * URL (micromark links none); a domain with `_` GitHub accepts after 10 dots; `www.` then an address's `@`
 * (micromark reads an address); a URL holding a character beyond ASCII (cmark-gfm reads domains byte by
 * byte and ends URLs at ASCII spaces only), a backslash, or a `]` then `(` or `[` (micromark ends it
 * there); `www.` after a vertical tab or form feed (a space to cmark-gfm only). Where the text has one, it
 * is read as past a limit, taking out by its shape what the page may hide.
 */
function linksDisagree(text) {
    for (const match of text.matchAll(/(?:www\.|(?:https?|ftp):\/\/)[^ \t\r\n\v\f<]*/gi)) {
        const url = match[0];
        // Nothing in it for a URL to swallow; or not running text: a link's destination (`](https://\u2026`), an autolink
        // (`<https://\u2026`), a link's text (`[https://\u2026`, where neither parser links a URL inside the open bracket).
        if (!/[`[\]]/.test(url) || text.slice(match.index - 2, match.index) === '](' || /[<[]/.test(text[match.index - 1] ?? ''))
            continue;
        const www = /^www\./i.test(url);
        // micromark also ends a URL before a `]` that punctuation and then `(` or `[` follow, GitHub only at a space.
        if (/^ftp/i.test(url) || /[^\x00-\x7F]|\\/.test(url) || /\][!"')*,.:;?_~]*[[(]/.test(url))
            return true;
        if (www && (/^www\.[A-Za-z0-9+._-]*@/i.test(url) || /[\v\f]/.test(text[match.index - 1] ?? '')))
            return true;
        const domain = url.replace(/^(?:www\.|[a-z]+:\/\/)/i, '').split(/[/?#]/)[0];
        if (domain.includes('_') && domain.split('.').length > 10)
            return true;
    }
    return false;
}
/**
 * A table row's `\\|`: GitHub's cell scanner takes the longest run of escaped characters, so the pipe stays
 * in the cell, where micromark reads an escaped backslash and ends the cell. On a line with a bracket (an
 * image or a link the pipe may be inside), read as past a limit too.
 */
const cellsDisagree = (text) => text.includes('\\\\|') && text.split(/\r\n|\r|\n/).some((line) => line.includes('\\\\|') && line.includes('['));
/**
 * Link destinations cmark-gfm takes and micromark does not: one still inside a `(` where a space ends it
 * (`![alt](a( )`), or holding a control character. Read as past a limit too (a definition written so is
 * not covered: it reads as text).
 */
function destinationsDisagree(text) {
    if (/[\x00-\x08\x0E-\x1F\x7F]/.test(text))
        return true;
    for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 2)) {
        let depth = 0;
        for (let end = at + 2; end < Math.min(text.length, at + 1_026); end++) {
            const char = text[end];
            if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
                if (depth > 0)
                    return true;
                break;
            }
            if (char === '\\')
                end++;
            else if (char === '(')
                depth++;
            else if (char === ')' && --depth < 0)
                break;
        }
    }
    return false;
}


/***/ }),

/***/ 1488:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ct: () => (/* binding */ applyEdits),
  uS: () => (/* binding */ inTaskBox),
  a2: () => (/* binding */ markdownTree),
  Nh: () => (/* binding */ nodesOf),
  ee: () => (/* binding */ spanOf)
});

// EXTERNAL MODULE: ./node_modules/mdast-util-from-markdown/lib/index.js + 47 modules
var lib = __webpack_require__(14249);
// EXTERNAL MODULE: ./node_modules/mdast-util-gfm-autolink-literal/lib/index.js + 6 modules
var mdast_util_gfm_autolink_literal_lib = __webpack_require__(55756);
// EXTERNAL MODULE: ./node_modules/mdast-util-gfm-footnote/lib/index.js
var mdast_util_gfm_footnote_lib = __webpack_require__(66807);
// EXTERNAL MODULE: ./node_modules/mdast-util-gfm-table/lib/index.js
var mdast_util_gfm_table_lib = __webpack_require__(37421);
// EXTERNAL MODULE: ./node_modules/micromark-extension-gfm-autolink-literal/lib/syntax.js
var syntax = __webpack_require__(7042);
// EXTERNAL MODULE: ./node_modules/micromark-extension-gfm-footnote/lib/syntax.js
var lib_syntax = __webpack_require__(22429);
// EXTERNAL MODULE: ./node_modules/micromark-extension-gfm-table/lib/syntax.js + 2 modules
var micromark_extension_gfm_table_lib_syntax = __webpack_require__(57749);
;// CONCATENATED MODULE: ./lib/security/autolink-scan.js
/**
 * The work micromark's GitHub autolinks may do (`autolinkScanCost`) beyond which each `www.`,
 * `http://` and `https://` is broken by an invisible U+200B after its letters, so that neither
 * micromark nor GitHub links it: a URL's domain is read from each `www.` to the end of its word,
 * and at each dot, bracket or other punctuation the run of such characters after it is read to see
 * whether the URL ends there (16 KiB of `_www.a.b_c` took 1\u20135 s to post; one URL followed by 16 KiB
 * of `.`, `!`, `)` or `&a;` then a letter, 2\u20133 s).
 */
const MAX_AUTOLINK_SCAN = 200_000;
// Where micromark reads a URL's possible end: in its domain at `.` and `_`, in its path at these too.
const TRAIL_CHECKED = new Set('!"&\')*,.:;<?]_~');
const TRAILING = new Set('!"\')*,.:;?_~');
const URL_START = /www\.|https?:\/\//gi;
const URL_LETTERS = /www|https?/iy;
/** For each place in `word`, how long the run of characters that could end a URL (punctuation, `]`, `&name;`) from it is. */
function trailLengths(word) {
    const lengths = new Int32Array(word.length + 1);
    for (let at = word.length - 1; at >= 0; at--) {
        const char = word[at];
        if (TRAILING.has(char))
            lengths[at] = 1 + lengths[at + 1];
        else if (char === ']')
            lengths[at] = 1 + (word[at + 1] === '(' || word[at + 1] === '[' ? 0 : lengths[at + 1]);
        else if (char === '&') {
            let end = at + 1;
            while (end < word.length && /[A-Za-z]/.test(word[end]))
                end++;
            lengths[at] = word[end] === ';' && end > at + 1 ? end + 1 - at + lengths[end + 1] : end - at;
        }
    }
    return lengths;
}
/**
 * Where URLs GitHub would link by themselves may start in `word`: any `www.`, since where a quote's
 * `>`, a footnote's label or a table's `|` ends, a block's text starts with nothing before it (micromark
 * tries `www.` after nothing, a space or one of `(*_[]~`); `http://`, `https://` after no letter.
 */
function urlStarts(word) {
    const starts = [];
    for (const match of word.matchAll(URL_START)) {
        const www = match[0].length === 4;
        if (www || match.index === 0 || !/[A-Za-z]/.test(word[match.index - 1]))
            starts.push(match.index);
    }
    return starts;
}
/**
 * At least the characters micromark reads for GitHub's autolinked URLs: in each word (what lies
 * between whitespace, which ends every URL) where one may start, each start may read the rest of
 * the word, and each place where the URL may end, the run of ending characters after it.
 */
function autolinkScanCost(text) {
    if (!/www\.|https?:\/\//i.test(text))
        return 0;
    let cost = 0;
    for (const match of text.matchAll(/\S+/gu)) {
        const word = match[0];
        if (word.length < 4 || !/www\.|https?:\/\//i.test(word))
            continue;
        const starts = urlStarts(word).length;
        if (starts === 0)
            continue;
        const lengths = trailLengths(word);
        let trails = 0;
        for (let at = 0; at < word.length; at++)
            if (TRAIL_CHECKED.has(word[at]))
                trails += lengths[at];
        cost += starts * (word.length + trails);
    }
    return cost;
}
/** `text` with no URL GitHub links by itself once reading them would cost more than MAX_AUTOLINK_SCAN. */
function plainAutolinks(text) {
    if (autolinkScanCost(text) <= MAX_AUTOLINK_SCAN)
        return text;
    return text.replace(/\S+/gu, (word) => {
        const starts = /www\.|https?:\/\//i.test(word) ? urlStarts(word) : [];
        if (starts.length === 0)
            return word;
        let out = '';
        let at = 0;
        for (const start of starts) {
            URL_LETTERS.lastIndex = start;
            const letters = URL_LETTERS.exec(word)[0].length;
            out += `${word.slice(at, start + letters)}\u200B`;
            at = start + letters;
        }
        return out + word.slice(at);
    });
}

// EXTERNAL MODULE: ./lib/security/github-links-as-written.js
var github_links_as_written = __webpack_require__(68994);
// EXTERNAL MODULE: ./lib/security/text-positions.js
var text_positions = __webpack_require__(89858);
;// CONCATENATED MODULE: ./lib/security/code-span-scan.js

/**
 * The work micromark may do looking for the backticks that close code spans (`codeSpanScanCost`)
 * beyond which every backtick is made plain (fullwidth \uff40): an opening run of backticks is matched
 * only by a run of the same length, looked for to the end of its paragraph, so each unmatched one
 * reads the rest of it (16 KiB of `` \``a `` took 2\u201310 s to post, 34,000 characters 13 s to read).
 */
const MAX_CODE_SPAN_SCAN = 400_000;
const isAsciiPunctuation = (code) => (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
/**
 * At least the characters micromark reads looking for code spans' closing backticks: for each run
 * of backticks that may open one (a backslash escapes the first backtick of a run, not the rest),
 * how far the next run of the same length is (inside a code span a backslash escapes nothing), or
 * the end of its paragraph, taken as the next blank line. A paragraph micromark ends sooner (a
 * heading, a quote's end) only shortens its reads, and runs it never tries (in a link's
 * destination, in HTML) only remove some.
 */
function codeSpanScanCost(text) {
    if (!text.includes('`'))
        return 0;
    let cost = 0;
    let from = 0;
    for (const blank of text.matchAll(text_positions/* BLANK_LINE */.Ib)) {
        cost += paragraphCodeScan(text, from, blank.index);
        from = blank.index + blank[0].length;
    }
    return cost + paragraphCodeScan(text, from, text.length);
}
function paragraphCodeScan(text, from, end) {
    if (from >= end || !text.slice(from, end).includes('`'))
        return 0;
    // Runs as a code span's content reads them: each length's starts, in order.
    const runs = new Map();
    for (let at = from; at < end;) {
        if (text.charCodeAt(at) !== 96) {
            at++;
            continue;
        }
        const start = at;
        while (at < end && text.charCodeAt(at) === 96)
            at++;
        const size = at - start;
        const same = runs.get(size) ?? { starts: [], next: 0 };
        same.starts.push(start);
        runs.set(size, same);
    }
    let cost = 0;
    for (let at = from; at < end;) {
        const code = text.charCodeAt(at);
        if (code === 92 && at + 1 < end && isAsciiPunctuation(text.charCodeAt(at + 1))) {
            at += 2;
            continue;
        }
        if (code !== 96) {
            at++;
            continue;
        }
        const start = at;
        while (at < end && text.charCodeAt(at) === 96)
            at++;
        // After an escaped backtick, a shorter run than any its content holds (`` \`` `` opens one of 1, holds one of 2).
        const same = runs.get(at - start);
        while (same && same.next < same.starts.length && same.starts[same.next] < at)
            same.next++;
        cost += (same?.starts[same.next] ?? end) - start;
    }
    return cost;
}

;// CONCATENATED MODULE: ./lib/security/container-scan.js
/**
 * Block quotes, list items and footnote definitions followed line by line as micromark's document
 * tokenizer follows them, without parsing the blocks in them: how many markers open a line, and what
 * the containers' ends cost micromark (`containerEndCost`). `plain-markup.ts` escapes markers on these counts.
 */
/** A list item's marker, and the space or tab that must follow it. */
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/;
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
        const list = LIST_MARKER.exec(line.slice(at, at + 11))?.[0];
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
 *
 * A lazy line costs too: micromark looks for what it continues by reading back every event of the
 * paragraph so far (`writeToChild`), and 16 KiB of `a\n` after `> a` took 0.9\u20135.6 s. Each such line
 * adds the lines since the paragraph may have begun (since the last blank line, or the last line that
 * opened or ended a container, whichever came later), at half the weight of a line copied at an end:
 * reading back an event costs micromark 25\u201335 ns, copying one at an end 45\u2013110 ns.
 */
function containerEndCost(lines) {
    const open = [];
    let cost = 0;
    let seen = 0;
    // Lines micromark may read back at lazy lines, and the lines of the paragraph a lazy line may continue.
    let readBack = 0;
    let paragraph = 0;
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
        const before = open.length;
        // A line that opens or ends a container closes micromark's flow, and the paragraph in it.
        let closed = false;
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
                closed = true;
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
                readBack += paragraph;
                paragraph++;
                continue;
            }
        }
        const depth = open.length;
        const contentAt = opened(line, at);
        const content = line.slice(contentAt);
        // After anything but a paragraph's text, no paragraph may be left for a later line to continue.
        if (open.length !== depth || !PLAIN.test(content))
            for (const container of open)
                container.counted = false;
        if (closed || open.length !== before || open.length !== depth)
            paragraph = 0;
        paragraph = contentAt >= lastText ? 0 : paragraph + 1;
    }
    return cost + Math.floor(readBack / 2);
}
const UNDERLINE_RUN = /(?:=+|-+)[ \t]*$/y;
/**
 * Where the run of `=` or `-` starts on a line that could underline a setext heading, after any spaces
 * and quote or list markers (`===`, `> ---`, `- -`), or -1. Indented lines count too (code at the top,
 * an underline inside an item): the count may only be too high.
 */
function underlineAt(line) {
    for (let at = 0;;) {
        while (line[at] === ' ' || line[at] === '\t')
            at++;
        UNDERLINE_RUN.lastIndex = at;
        if (UNDERLINE_RUN.test(line))
            return at;
        if (line[at] === '>')
            at++;
        else {
            const list = LIST_MARKER.exec(line.slice(at, at + 11))?.[0];
            if (list === undefined)
                return -1;
            at += list.length;
        }
    }
}

;// CONCATENATED MODULE: ./lib/security/title-scan.js

/**
 * The work micromark may do reading link titles in parentheses (`parenTitleOpeners`) beyond which
 * each such title's `(` is made plain (fullwidth \uff08): a title opened by `(` ends only at a `)`, and is
 * looked for across lines to the end of its paragraph, so each of a thousand `[](b (` read the rest
 * of it (34,000 characters read for a prompt took 9.5 s, 16 KiB posted 3.9 s).
 */
const MAX_TITLE_SCAN = 400_000;
/**
 * Where a title in parentheses may open (`](destination (`), and at least the characters micromark
 * reads from each looking for its `)`: to the next one no backslash escapes, or to the paragraph's
 * end, taken as the next blank line. A destination is taken to run to the next space.
 */
function parenTitleOpeners(text) {
    const openers = [];
    if (!text.includes(']('))
        return { openers, cost: 0 };
    const escaped = new Uint8Array(text.length);
    for (let at = 1, slashes = text[0] === '\\' ? 1 : 0; at < text.length; at++) {
        escaped[at] = slashes % 2;
        slashes = text[at] === '\\' ? slashes + 1 : 0;
    }
    const nextSpace = (0,text_positions/* nextWhere */.V3)(text, (at) => (0,text_positions/* isSpace */.xC)(text[at]));
    const nextClose = (0,text_positions/* nextWhere */.V3)(text, (at) => text[at] === ')' && escaped[at] === 0);
    const nextBlank = (0,text_positions/* paragraphEnds */.ZR)(text);
    let cost = 0;
    for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 2)) {
        let next = at + 2;
        while (text[next] === ' ' || text[next] === '\t')
            next++;
        if (text[next] === '\r' || text[next] === '\n')
            next += text[next] === '\r' && text[next + 1] === '\n' ? 2 : 1;
        while (text[next] === ' ' || text[next] === '\t')
            next++;
        next = nextSpace[next];
        while ((0,text_positions/* isSpace */.xC)(text[next]) && next < nextBlank[at])
            next++;
        // A destination without spaces holds many `](`: each title is counted once.
        if (text[next] !== '(' || next <= (openers.at(-1) ?? -1))
            continue;
        openers.push(next);
        cost += Math.min(nextClose[next + 1], nextBlank[next]) - next;
    }
    return { openers, cost };
}

;// CONCATENATED MODULE: ./lib/security/plain-markup.js



/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
const MAX_MARKUP = 2_000;
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
/**
 * Setext underlines (`===`, `---` alone on a line, or after quote and list markers) beyond this many are
 * escaped: micromark copies every event of the blocks before each heading they make (`'>=\n'` repeated,
 * 24 KiB: 2.7 s; without markers, `a\n=\n`, the same).
 */
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
 * - past MAX_CODE_SPAN_SCAN of looking for code spans' ends, every backtick becomes fullwidth (\uff40);
 * - past MAX_TITLE_SCAN of looking for the ends of titles in parentheses, each such title's `(` (\uff08).
 * Text under the limits is unchanged, but for lines of only spaces, which are emptied.
 */
function plainHeavyMarkup(text) {
    return boundedMarkup(text).text;
}
/** `plainHeavyMarkup`'s text, and whether a limit was passed (not only blank lines emptied). */
function boundedMarkup(text) {
    let out = text;
    if (count(out, '[]') > MAX_MARKUP)
        out = out.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
    if (count(out, '|') > MAX_MARKUP)
        out = out.replaceAll('|', '\uFF5C');
    // Each unclosed `<?` or `<!` is looked for to the end of its paragraph: 16 KiB of `x <?` took 0.7 s.
    if ((out.match(/<[?!]/g)?.length ?? 0) > MAX_HTML_OPENERS)
        out = out.replace(/<(?=[?!])/g, '\uFF1C');
    if (codeSpanScanCost(out) > MAX_CODE_SPAN_SCAN)
        out = out.replaceAll('`', '\uFF40');
    const titles = parenTitleOpeners(out);
    if (titles.cost > MAX_TITLE_SCAN) {
        let plain = '';
        let from = 0;
        for (const at of titles.openers) {
            plain += `${out.slice(from, at)}\uFF08`;
            from = at + 1;
        }
        out = plain + out.slice(from);
    }
    let bounded = out !== text;
    if (!out.includes('\n') && !out.includes('\r') && out.length < 64)
        return { text: out, bounded };
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
    const underlineRuns = parts.map((part, i) => (i % 2 === 0 ? underlineAt(part) : -1));
    const underlines = underlineRuns.filter((at) => at >= 0).length;
    for (let i = 0; i < parts.length; i += 2) {
        const line = parts[i];
        const underline = underlines > MAX_UNDERLINES ? underlineRuns[i] : -1;
        const nesting = line.length > MAX_LINE_NESTING ? leadingMarkers(line) : undefined;
        const deep = nesting !== undefined && nesting.markers > MAX_LINE_NESTING;
        if (underline >= 0 || deep) {
            // A deep line is escaped at its first marker, which makes all of it text; an underline at its run (`>\=`, `- \-`).
            const first = deep ? nesting.first : underline;
            parts[i] = `${line.slice(0, first)}\\${line.slice(first)}`;
            changed = true;
            bounded = true;
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
            bounded = true;
        }
    }
    return { text: changed ? parts.join('') : out, bounded };
}

;// CONCATENATED MODULE: ./lib/security/markdown-tree.js










// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub's Markdown is CommonMark with the GFM extensions: tables and footnotes change the blocks (a
// table cell ends a code span, a footnote's indented lines are not code; GitHub shows a footnote only
// where the text refers to it), and URLs GitHub links in running text can swallow what follows them (a
// backtick that opened a code span, a footnote's reference). Without the tree transform that finds more
// such URLs in text: its links have no position to rewrite, and callers look for URLs in text nodes
// themselves. Strikethrough decides nothing here.
const BLOCKS = { extensions: [(0,micromark_extension_gfm_table_lib_syntax/* gfmTable */.x)(), (0,lib_syntax/* gfmFootnote */.r)(), NO_EMPHASIS], mdastExtensions: [(0,mdast_util_gfm_table_lib/* gfmTableFromMarkdown */.c)(), (0,mdast_util_gfm_footnote_lib/* gfmFootnoteFromMarkdown */.i)()] };
const GITHUB = {
    extensions: [(0,micromark_extension_gfm_table_lib_syntax/* gfmTable */.x)(), (0,lib_syntax/* gfmFootnote */.r)(), (0,syntax/* gfmAutolinkLiteral */.$)(), NO_EMPHASIS],
    mdastExtensions: [(0,mdast_util_gfm_table_lib/* gfmTableFromMarkdown */.c)(), (0,mdast_util_gfm_footnote_lib/* gfmFootnoteFromMarkdown */.i)(), { ...(0,mdast_util_gfm_autolink_literal_lib/* gfmAutolinkLiteralFromMarkdown */.C)(), transforms: [] }],
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
    for (const node of nodesOf((0,lib/* fromMarkdown */.Y)(source, BLOCKS))) {
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
/**
 * `text` parsed for its links, images, definitions, HTML and code, as CommonMark or as GitHub
 * renders it (`github`), in time that grows with its length whoever wrote it: emphasis is not
 * parsed, heavy markup is made plain first (`plainHeavyMarkup`) and, for GitHub, stray brackets
 * too; so `source` may differ from `text`.
 */
function markdownTree(text, 
/**
 * `github-blocks`: GitHub's blocks (tables, footnotes), without the URLs it links in running text.
 * `github-as-written`: GitHub's flavour with brackets as written, where the parse stays linear, so
 * that URLs are linked where GitHub links them (see `github-links-as-written.ts`); past that, as
 * `github` and `bounded`. Both are for reading what a page shows.
 */
flavour, 
/** Applied to the text before it is parsed when a limit of `plainHeavyMarkup` was passed. */
whenBounded = (source) => source) {
    const made = boundedMarkup(text);
    const asWritten = flavour === 'github-as-written';
    const strayPlain = !asWritten || (0,github_links_as_written/* bracketLookback */.tD)(made.text) > github_links_as_written/* MAX_BRACKET_LOOKBACK */.Rl;
    const reading = asWritten || flavour === 'github-blocks';
    const bounded = made.bounded || (asWritten && strayPlain);
    const plain = made.bounded ? whenBounded(made.text) : made.text;
    // A vertical tab or form feed is a space to cmark-gfm (between a definition's label and destination too), a
    // character to micromark; for reading, a space, one character for one: the tree's offsets hold for `written`.
    const spaced = reading ? plain.replace(/[\v\f]/g, ' ') : plain;
    if (flavour === 'commonmark' || flavour === 'github-blocks') {
        return { source: spaced, written: plain, bounded, urlsBroken: false, tree: (0,lib/* fromMarkdown */.Y)(spaced, flavour === 'commonmark' ? COMMONMARK : BLOCKS) };
    }
    const unstray = strayPlain ? withoutStrayBrackets(spaced) : spaced;
    const linked = asWritten ? (0,github_links_as_written/* unlinkedAsOnGitHub */.fv)(unstray) : unstray;
    const source = plainAutolinks(linked);
    const urlsBroken = source !== linked;
    return { source, written: urlsBroken ? source : plain, bounded, urlsBroken, tree: (0,lib/* fromMarkdown */.Y)(source, GITHUB) };
}


/***/ }),

/***/ 89858:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ib: () => (/* binding */ BLANK_LINE),
/* harmony export */   V3: () => (/* binding */ nextWhere),
/* harmony export */   ZR: () => (/* binding */ paragraphEnds),
/* harmony export */   xC: () => (/* binding */ isSpace)
/* harmony export */ });
/** The line ending before a blank line: where a Markdown paragraph ends, whatever else ends it sooner. */
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried from each line break only, whose blanks are after no other: linear.
const BLANK_LINE = /(?:\r\n|\r|\n)[ \t]*(?=\r\n|\r|\n|$)/g;
/** A space, tab or line ending: what ends a link's destination. */
const isSpace = (char) => char === ' ' || char === '\t' || char === '\n' || char === '\r';
/** For each place in `text`, the first place at or after it where `stops` holds (the text's length if none), in one pass. */
function nextWhere(text, stops) {
    const next = new Int32Array(text.length + 1);
    next[text.length] = text.length;
    for (let at = text.length - 1; at >= 0; at--)
        next[at] = stops(at) ? at : next[at + 1];
    return next;
}
/** For each place in `text`, where its paragraph ends: the next line ending before a blank line, or the text's end. */
function paragraphEnds(text) {
    const blank = new Uint8Array(text.length);
    for (const match of text.matchAll(BLANK_LINE))
        blank[match.index] = 1;
    return nextWhere(text, (at) => blank[at] === 1);
}


/***/ })

};
