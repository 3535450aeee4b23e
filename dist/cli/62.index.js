export const id = 62;
export const ids = [62];
export const modules = {

/***/ 76094:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ askForText)
/* harmony export */ });
/* harmony import */ var _core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5709);
/* harmony import */ var _build_step_messages_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(95676);
/* harmony import */ var _complete_for_step_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(69547);
/* harmony import */ var _cut_off_answer_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(17437);
/* harmony import */ var _empty_answer_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(35362);
/* harmony import */ var _step_model_settings_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(13643);






/** One model call answering the step in text, from its context; the text is the step's result. */
async function askForText(ctx, instruction) {
    const client = (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_2__/* .requireModel */ .n)(ctx);
    const { model, temperature, agentSystem } = (0,_step_model_settings_js__WEBPACK_IMPORTED_MODULE_5__/* .stepModelSettings */ .j)(ctx, client);
    const messages = (0,_build_step_messages_js__WEBPACK_IMPORTED_MODULE_1__/* .buildStepMessages */ .v)(ctx, instruction, { agentSystem });
    const response = await (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_2__/* .completeForStep */ .X)(ctx, client, { model, messages, ...(temperature !== undefined ? { temperature } : {}) });
    const choice = response.choices[0];
    const text = choice?.message.content;
    (0,_cut_off_answer_error_js__WEBPACK_IMPORTED_MODULE_3__/* .refuseCutOff */ .g)(ctx.step.key, choice, (0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .hasVisibleText */ .uA)(text));
    if (!(0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_0__/* .hasVisibleText */ .uA)(text))
        throw _empty_answer_error_js__WEBPACK_IMPORTED_MODULE_4__/* .EmptyAnswerError */ .k.of(ctx.step.key, choice);
    return text;
}


/***/ }),

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
