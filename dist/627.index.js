export const id = 627;
export const ids = [627];
export const modules = {

/***/ 23627:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderedText: () => (/* binding */ renderedText)
/* harmony export */ });
/* harmony import */ var decode_named_character_reference__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37126);
/* harmony import */ var _core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5709);


const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));/g;
const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
/** A link's or image's destination and title, `](\u2026)`, or its reference, `][k]`: a page shows the text before it only (`[AK](x)IA`, `[AK][k]IA` read AKIA). */
const DESTINATION = /\]\([^()\n]*\)|\]\[[^\][\n]*\]/g;
/** Brackets and the `!` of an image: a page shows the link text between them joined to what is around. */
const BRACKETS = /!?\[|\]/g;
/** Markdown's emphasis, strikethrough, code and escape marks: a page shows the letters between them joined. */
const MARKS = /[*_~`\\]/g;
function decodeEntity(entity, decimal, hex, name) {
    if (name !== undefined) {
        const decoded = (0,decode_named_character_reference__WEBPACK_IMPORTED_MODULE_0__/* .decodeNamedCharacterReference */ .s)(name);
        return decoded === false ? entity : decoded;
    }
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
}
/** `text` without its HTML comments, in one pass (a lazy pattern looked to the end for each unclosed `<!--`). */
function withoutComments(text) {
    if (!text.includes('<!--'))
        return text;
    let out = '';
    let at = 0;
    for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', at)) {
        out += text.slice(at, open);
        const close = text.indexOf('-->', open + 4);
        at = close < 0 ? text.length : close + 3;
    }
    return out + text.slice(at);
}
/**
 * `text` as the letters a rendered page (a PR comment, the summary) shows them: invisible characters
 * removed and compatibility forms folded (`visibleText`), HTML comments and tags removed, character
 * references decoded, links' destinations and brackets dropped, and the marks of emphasis,
 * strikethrough, code and escapes dropped. `AK<!-- -->IA`, `A&#75;IA`, `AK**IA**`, `AK<b></b>IA` and
 * `[AK](x)IA` all show `AKIA`. It removes more than a page does, never less:
 * for a check that text does not appear, what it finds is what a reader may see.
 */
function renderedText(text) {
    const plain = withoutComments((0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleText */ .Q6)(text)).replace(TAG, '').replace(DESTINATION, '').replace(BRACKETS, '').replace(ENTITY, decodeEntity).replace(MARKS, '');
    // A decoded reference may be a compatibility form or an invisible character itself (`&Kfr;`, `&#8203;`).
    return (0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_1__/* .visibleText */ .Q6)(plain);
}


/***/ })

};
