export const id = 15;
export const ids = [15];
export const modules = {

/***/ 27015:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   unspacedWords: () => (/* binding */ unspacedWords)
/* harmony export */ });
let segmenter;
/**
 * The words Unicode's word boundaries find in `token`, which ICU's dictionaries draw for the scripts written without
 * spaces (`\u6211\u4eec\u4eca\u5929\u53bb\u516c\u56ed`: \u6211\u4eec, \u4eca\u5929, \u53bb, \u516c\u56ed; `\u79c1\u306f\u6771\u4eac\u306b\u4f4f\u3093\u3067\u3044\u307e\u3059`, 8). Its own module, loaded by the checks
 * that count words: a segmenter starts ICU's word data, which the action's start need not load.
 */
function unspacedWords(token) {
    segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
    let count = 0;
    for (const segment of segmenter.segment(token))
        if (segment.isWordLike === true)
            count++;
    return count;
}


/***/ })

};
