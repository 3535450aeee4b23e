export const id = 62;
export const ids = [62];
export const modules = {

/***/ 6094:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ askForText)
/* harmony export */ });
/* harmony import */ var _build_step_messages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5676);
/* harmony import */ var _complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9547);
/* harmony import */ var _empty_answer_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5362);
/* harmony import */ var _step_model_settings_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3643);




/** One model call answering the step in text, from its context; the text is the step's result. */
async function askForText(ctx, instruction) {
    const client = (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .requireModel */ .n)(ctx);
    const { model, temperature, agentSystem } = (0,_step_model_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .stepModelSettings */ .j)(ctx, client);
    const messages = (0,_build_step_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .buildStepMessages */ .v)(ctx, instruction, { agentSystem });
    const response = await (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .completeForStep */ .X)(ctx, client, { model, messages, ...(temperature !== undefined ? { temperature } : {}) });
    const choice = response.choices[0];
    const text = choice?.message.content;
    if (!text?.trim()) {
        const reason = choice?.message.refusal ? `refused: ${choice.message.refusal}` : choice ? `finish reason ${choice.finish_reason}` : 'no choices';
        throw new _empty_answer_error_js__WEBPACK_IMPORTED_MODULE_2__/* .EmptyAnswerError */ .k({ stepKey: ctx.step.key, reason });
    }
    return text;
}


/***/ }),

/***/ 5362:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ EmptyAnswerError)
/* harmony export */ });
/* harmony import */ var _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1938);

/** The model answered a step with no text (an empty message, a refusal, or no choice at all). */
class EmptyAnswerError extends _core_step_error_js__WEBPACK_IMPORTED_MODULE_0__/* .StepError */ .z {
    stepKey;
    /** The refusal text or finish reason the endpoint gave, if any. */
    reason;
    constructor(options) {
        super(`Step ${options.stepKey}: the model returned no answer (${options.reason}). Rephrase the step's description or try another model.`, { transient: false });
        this.stepKey = options.stepKey;
        this.reason = options.reason;
    }
}


/***/ }),

/***/ 6062:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runReasoningStep: () => (/* binding */ runReasoningStep)
/* harmony export */ });
/* harmony import */ var _ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6094);

/** A `reasoning` step: the model answers the description from the step's context; the text is the result. */
function runReasoningStep(ctx) {
    return (0,_ask_for_text_js__WEBPACK_IMPORTED_MODULE_0__/* .askForText */ .W)(ctx, 'Do this step using the goal and the results above. Reply with the result of the step only.');
}


/***/ })

};
