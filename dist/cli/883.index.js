export const id = 883;
export const ids = [883];
export const modules = {

/***/ 57883:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runAggregateStep: () => (/* binding */ runAggregateStep)
/* harmony export */ });
/* harmony import */ var _ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76094);

/** An `aggregate` step: the model combines the results of the step's `inputs` as the description asks. */
function runAggregateStep(ctx) {
    const inputs = ctx.step.inputs.length > 0 ? ctx.step.inputs.map((key) => `step ${key}`).join(', ') : 'the steps above';
    return (0,_ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__/* .askForText */ .W)(ctx, `Combine the results of ${inputs} as this step asks. Use only what the results say. Reply with the combined result only.`);
}


/***/ })

};
