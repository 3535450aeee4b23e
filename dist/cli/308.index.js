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
/* harmony import */ var _step_model_settings_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(13643);
/* harmony import */ var _validate_tool_arguments_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(14481);
/* harmony import */ var _parse_tool_arguments_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(30914);
/* harmony import */ var _cut_off_answer_error_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(17437);
/* harmony import */ var _core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5709);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(86919);
/* harmony import */ var _core_stable_hash_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(66297);










const short = (text) => (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_8__/* .cutText */ .IN)(text, 201);
/** Reads the tool call out of a response and validates it; on failure, also the messages that tell the model why. */
function readAttempt(tool, response) {
    const message = response.choices[0]?.message;
    const call = message?.tool_calls?.find((c) => c.type === 'function' && c.function.name === tool.name);
    if (!call || call.type !== 'function') {
        // A call of another name (a server that writes `functions.x`, `X` or `x ` for a tool `x`) is named: "it answered:
        // """ read as if the model had called nothing (found by an adversarial pass).
        const other = message?.tool_calls?.find((c) => c.type === 'function');
        const said = message?.refusal
            ? `it refused: ${JSON.stringify(short(message.refusal))}`
            : other?.type === 'function'
                ? `it called ${JSON.stringify(short(other.function.name))} instead, a tool it was not offered`
                : `it answered: ${JSON.stringify(short(message?.content ?? ''))}`;
        const error = `the model did not call '${tool.name}' (${said})`;
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
    // Parallel calls of the tool ("fetch W10 and W11") are not one call: the first ran alone and the step was \u2705 with
    // the others dropped unsaid (found by an adversarial pass). The same call sent twice is one call, however its
    // arguments are written (a space more, keys in another order: found by a review).
    const asked = message.tool_calls.filter((c) => c.type === 'function' && c.function.name === tool.name);
    const read = (text) => {
        const parsed = (0,_parse_tool_arguments_js__WEBPACK_IMPORTED_MODULE_4__/* .parseToolArguments */ .o)(text);
        return parsed.ok ? `args ${(0,_core_stable_hash_js__WEBPACK_IMPORTED_MODULE_7__/* .stableHash */ .c6)(parsed.args)}` : `text ${text}`;
    };
    const first = read(call.function.arguments);
    if (asked.some((c) => c.type === 'function' && c !== call && read(c.function.arguments) !== first)) {
        return fail(`it called '${tool.name}' ${asked.length} times in one answer with different arguments, and none was run: this step makes exactly one call, so call it once with the arguments the whole step needs`);
    }
    const parsed = (0,_parse_tool_arguments_js__WEBPACK_IMPORTED_MODULE_4__/* .parseToolArguments */ .o)(call.function.arguments);
    if (!parsed.ok)
        return fail(parsed.error);
    const checked = (0,_validate_tool_arguments_js__WEBPACK_IMPORTED_MODULE_3__/* .validateToolArguments */ .r)(tool, parsed.args);
    return checked.ok ? checked : fail(checked.error);
}
/**
 * For a `tool_call` step without `args`: one call offering exactly `tool` (tool_choice forced) with
 * the step's context; if the arguments are invalid, one more call showing the model the error; then
 * `InvalidToolArgumentsError` with both errors. An answer cut off (`finish_reason` length, content_filter) is not
 * asked again: the same limit or filter would stop the next (CutOffAnswerError, or EmptyAnswerError when it held nothing).
 */
async function chooseToolArguments(ctx, tool) {
    const client = (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .requireModel */ .n)(ctx);
    const { model, temperature, agentSystem } = (0,_step_model_settings_js__WEBPACK_IMPORTED_MODULE_9__/* .stepModelSettings */ .j)(ctx, client);
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
        const response = await (0,_complete_for_step_js__WEBPACK_IMPORTED_MODULE_1__/* .completeForStep */ .X)(ctx, client, request(messages));
        // A cut-off call is a fragment (a `length` answer's call ran, side effects and all), and one cut off before any call is
        // no model that would not call the tool, to be asked again at the same limit (both found by an adversarial pass).
        const choice = response.choices[0];
        (0,_cut_off_answer_error_js__WEBPACK_IMPORTED_MODULE_5__/* .refuseCutOff */ .g)(ctx.step.key, choice, (0,_core_invisible_characters_js__WEBPACK_IMPORTED_MODULE_6__/* .hasVisibleText */ .uA)(choice?.message.content) || Boolean(choice?.message.tool_calls?.length));
        const result = readAttempt(tool, response);
        if (result.ok)
            return result.args;
        errors.push(result.error);
        messages = [...messages, ...result.reply];
    }
    throw new _invalid_tool_arguments_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InvalidToolArgumentsError */ .e({ stepKey: ctx.step.key, toolName: tool.name, chosenBy: 'model', errors });
}


/***/ }),

/***/ 30914:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ parseToolArguments)
/* harmony export */ });
/* harmony import */ var _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(70695);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);
/* harmony import */ var _core_parse_json_keeping_numbers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(28922);



/**
 * A model's tool-call argument string read as a value (`''` and `null` as `{}`: no arguments, as the answer reader
 * takes a missing or null `arguments`), or what was wrong with it, for the model. Valid JSON refused for its shape
 * (too deep, a key twice, a number a double does not hold) says so: "not valid JSON" had the model send it again.
 */
function parseToolArguments(text) {
    try {
        const args = (0,_core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(text === '' ? '{}' : text);
        // An id past 2^53 read as a double is another id: the tool ran on another object, and two ids that round alike
        // were one call to the agent's repeat check (found by an adversarial pass).
        const inexact = (0,_core_parse_json_keeping_numbers_js__WEBPACK_IMPORTED_MODULE_1__/* .firstInexactNumber */ .ol)(text);
        if (inexact)
            return { ok: false, error: `the arguments are refused: ${inexactNumberWhy(inexact)}` };
        // Servers that serialise no arguments as `"null"` (a tool without parameters) had every call refused, and the
        // model could not mend it (found by an adversarial pass).
        return { ok: true, args: args === null ? {} : args };
    }
    catch (error) {
        if (error instanceof _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .JsonTooDeepError */ .FY || error instanceof _core_parse_json_js__WEBPACK_IMPORTED_MODULE_0__/* .JsonDuplicateKeyError */ .bW)
            return { ok: false, error: `the arguments are refused: ${error.message}` };
        return { ok: false, error: `the arguments are not valid JSON: ${JSON.stringify((0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(text, 201))}` };
    }
}
/**
 * Why a number the arguments write is refused, worded as the plan check refuses such a literal (yaml-document.ts), less
 * the figure a whole number rounds to, which the plan check still prints of its author's own file: here it is most of the
 * digits a model wrote, and of a digits-only secret, which the redactor hides only whole, it showed 16 of 17 (found by a
 * secrets hunt). Infinity and 0 show nothing of what was written.
 */
function inexactNumberWhy({ written, read }) {
    const shown = (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(written, 101);
    const readAs = Number.isInteger(read) && read !== 0
        ? "a whole number past 2^53, which a tool's arguments do not hold exactly: the tool would be sent other digits"
        : `a number a double does not hold: JSON reads it as ${read}`;
    return `\`${shown}\` is ${readAs}; send it as a string ("${shown}") to keep it as written`;
}


/***/ })

};
