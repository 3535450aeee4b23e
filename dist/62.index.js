export const id = 62;
export const ids = [62];
export const modules = {

/***/ 36062:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runReasoningStep: () => (/* binding */ runReasoningStep)
/* harmony export */ });
/* harmony import */ var _ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76094);

/** A `reasoning` step: the model answers the description from the step's context; the text is the result. */
function runReasoningStep(ctx) {
    return (0,_ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__/* .askForText */ .W)(ctx, 'Do this step using the goal and the results above. Reply with the result of the step only.');
}


/***/ })

};
