export const id = 308;
export const ids = [308];
export const modules = {

/***/ 6308:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   chooseToolArguments: () => (/* binding */ chooseToolArguments)
/* harmony export */ });
/* harmony import */ var _build_step_messages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(95676);
/* harmony import */ var _complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(69547);
/* harmony import */ var _invalid_tool_arguments_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(40585);
/* harmony import */ var _step_model_settings_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(13643);
/* harmony import */ var _validate_tool_arguments_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(64532);





const short = (text) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);
/** Reads the tool call out of a response and validates it; on failure, also the messages that tell the model why. */
function readAttempt(tool, response) {
    const message = response.choices[0]?.message;
    const call = message?.tool_calls?.find((c) => c.type === 'function' && c.function.name === tool.name);
    if (!call || call.type !== 'function') {
        const error = `the model did not call '${tool.name}' (it answered: ${JSON.stringify(short(message?.content ?? ''))})`;
        const reply = [
            { role: 'assistant', content: message?.content ?? '' },
            { role: 'user', content: `You must call the tool '${tool.name}'. ${error}.` },
        ];
        return { ok: false, error, reply };
    }
    const echo = { role: 'assistant', content: message?.content ?? null, tool_calls: [call] };
    const fail = (error) => ({
        ok: false,
        error,
        reply: [echo, { role: 'tool', tool_call_id: call.id, content: `Invalid arguments, the tool was not run: ${error}\nCall '${tool.name}' again with arguments that match its schema.` }],
    });
    let args;
    try {
        args = JSON.parse(call.function.arguments);
    }
    catch {
        return fail(`the arguments are not valid JSON: ${JSON.stringify(short(call.function.arguments))}`);
    }
    const checked = (0,_validate_tool_arguments_js__WEBPACK_IMPORTED_MODULE_3__/* .validateToolArguments */ .r)(tool, args);
    return checked.ok ? checked : fail(checked.error);
}
/**
 * For a `tool_call` step without `args`: one call offering exactly `tool` (tool_choice forced) with
 * the step's context; if the arguments are invalid, one more call showing the model the error; then
 * `InvalidToolArgumentsError` with both errors.
 */
async function chooseToolArguments(ctx, tool) {
    const client = (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .requireModel */ .n)(ctx);
    const { model, temperature, agentSystem } = (0,_step_model_settings_js__WEBPACK_IMPORTED_MODULE_4__/* .stepModelSettings */ .j)(ctx, client);
    const instruction = `Call the tool '${tool.name}' to do this step. Take argument values from the goal, the inputs and the results above; do not invent them.`;
    let messages = (0,_build_step_messages_js__WEBPACK_IMPORTED_MODULE_0__/* .buildStepMessages */ .v)(ctx, instruction, { agentSystem });
    const request = (conversation) => ({
        model,
        messages: conversation,
        tools: [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: { ...tool.inputSchema } } }],
        tool_choice: { type: 'function', function: { name: tool.name } },
        ...(temperature !== undefined ? { temperature } : {}),
    });
    const errors = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
        const result = readAttempt(tool, await (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .completeForStep */ .X)(ctx, client, request(messages)));
        if (result.ok)
            return result.args;
        errors.push(result.error);
        messages = [...messages, ...result.reply];
    }
    throw new _invalid_tool_arguments_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidToolArgumentsError */ .e({ stepKey: ctx.step.key, toolName: tool.name, chosenBy: 'model', errors });
}


/***/ })

};
