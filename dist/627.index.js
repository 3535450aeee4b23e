export const id = 627;
export const ids = [627];
export const modules = {

/***/ 23627:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RENDERED_MARKS: () => (/* binding */ RENDERED_MARKS),
/* harmony export */   pageSpacing: () => (/* binding */ pageSpacing),
/* harmony export */   renderedText: () => (/* binding */ renderedText)
/* harmony export */ });
/* harmony import */ var decode_named_character_reference__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(37126);
/* harmony import */ var _core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5709);
/* harmony import */ var _without_html_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(22220);



/**
 * A character reference, its `;` optional and its digits as many as written: a browser reads `&#75`, `&#0000000075;`
 * and `&shyIA` (`&shy`, then `IA`) in an HTML block, which GitHub passes to the page as HTML.
 */
const ENTITY = /&(?:#(\d+)|#[xX]([0-9A-Fa-f]+)|([A-Za-z][A-Za-z0-9]{0,31}));?/g;
/** The longest of the names HTML reads without a `;` (`curren`, `frac12`). */
const LONGEST_LEGACY_NAME = 6;
/** A link's or image's reference, `][k]`: a page shows the text before it only (`[AK][k]IA` reads AKIA). */
const REFERENCE = /\]\[[^\][\n]*\]/g;
/** Brackets and the `!` of an image: a page shows the link text between them joined to what is around. */
const BRACKETS = /!?\[|\]/g;
/** Markdown's emphasis, strikethrough, code and escape marks: a page shows the letters between them joined. */
const MARKS = /[*_~`\\]/g;
/** The marks and brackets `renderedText` drops. */
const RENDERED_MARKS = '*_~`\\[]';
function decodeEntity(entity, decimal, hex, name) {
    if (name !== undefined) {
        const whole = (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_1__/* .decodeNamedCharacterReference */ .s)(name);
        if (whole !== false)
            return whole;
        // A browser reads a legacy name (`shy`, `frac12`) before the letters after it: the longest that names a
        // character here, the rest as text.
        for (let length = Math.min(name.length - 1, LONGEST_LEGACY_NAME); length > 0; length--) {
            const decoded = (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_1__/* .decodeNamedCharacterReference */ .s)(name.slice(0, length));
            if (decoded !== false)
                return decoded + entity.slice(length + 1);
        }
        return entity;
    }
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
}
/**
 * `text` without its links' and images' destinations and titles, `](\u2026)`, which a page does not show: `[AK](x)IA`
 * reads AKIA. A destination may hold parentheses that balance (`[AK](x(y))IA`, `[AK](x "(t)")IA`; found by a hunt
 * of the goal kinds), so each line's parentheses are paired in one pass (an escaped one, `\(`, is none), and a `](`
 * whose `(` has a pair on its line ends there.
 */
function withoutDestinations(text) {
    if (!text.includes(']('))
        return text;
    const pairs = new Map();
    const open = [];
    for (let index = 0; index < text.length; index++) {
        const char = text.charCodeAt(index);
        if (char === 0x0a)
            open.length = 0;
        else if (char === 0x5c && text.charCodeAt(index + 1) !== 0x0a)
            index++;
        else if (char === 0x28)
            open.push(index);
        else if (char === 0x29 && open.length > 0)
            pairs.set(open.pop(), index);
    }
    let out = '';
    let kept = 0;
    for (let at = text.indexOf('](', kept); at >= 0; at = text.indexOf('](', at + 1)) {
        const end = pairs.get(at + 1);
        if (end === undefined || at < kept)
            continue;
        out += text.slice(kept, at + 1);
        kept = end + 1;
    }
    return out + text.slice(kept);
}
/**
 * `text` as the letters a rendered page (a PR comment, the summary) shows them: invisible characters
 * removed and compatibility forms folded (`visibleText`), HTML comments and tags removed, character
 * references decoded, links' destinations and brackets dropped, and the marks of emphasis,
 * strikethrough, code and escapes dropped. `AK<!-- -->IA`, `A&#75;IA`, `AK**IA**`, `AK<b></b>IA` and
 * `[AK](x)IA` all show `AKIA`; blanks and single line breaks are one space (`pageSpacing`). It removes more than a page does, never less:
 * for a check that text does not appear, what it finds is what a reader may see. The marks and brackets
 * in `keep` stay: those of the text looked for (`AWS_SECRET`), which a reading without them never finds.
 */
function renderedText(text, keep = '') {
    // A function only where a mark is kept: one for each mark of 16 MiB of emphasis took 0.45 s more.
    const drop = (marks) => (keep.includes(marks.at(-1)) ? marks.at(-1) : '');
    const withoutMarks = (from, marks) => (keep === '' ? from.replace(marks, '') : from.replace(marks, drop));
    const untagged = withoutDestinations((0,_without_html_js__WEBPACK_IMPORTED_MODULE_2__.withoutHtml)((0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleText */ .Q6)(text)).replace(REFERENCE, ''));
    const plain = withoutMarks(withoutMarks(untagged, BRACKETS).replace(ENTITY, decodeEntity), MARKS);
    // A decoded reference may be a compatibility form or an invisible character itself (`&Kfr;`, `&#8203;`).
    return pageSpacing((0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleText */ .Q6)(plain));
}
/**
 * Spacing as a page shows it: a run of blanks is one space, and so is a single line break (a paragraph's lines join);
 * a blank line still ends a paragraph. `DO  NOT MERGE` and `DO\nNOT MERGE` show "DO NOT MERGE" (found by a hunt of the
 * goal kinds: `not_contains: DO NOT MERGE` passed them). A code block keeps its spacing on a page: read joined there too,
 * more is found than a page shows, never less. `needle`: the text looked for, read the same way.
 */
function pageSpacing(text) {
    return text.replace(/[^\S\n]+/g, ' ').replace(/(^|[^\n]) ?\n ?(?=[^\n])/g, '$1 ');
}


/***/ })

};
