export const id = 526;
export const ids = [526];
export const modules = {

/***/ 20964:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _: () => (/* binding */ PLANNER_PURPOSE),
  writePlan: () => (/* binding */ writePlan)
});

// EXTERNAL MODULE: ./lib/core/error-text.js
var error_text = __webpack_require__(7437);
// EXTERNAL MODULE: ./lib/llm/ask-for-json.js
var ask_for_json = __webpack_require__(95835);
// EXTERNAL MODULE: ./lib/planner/plan-prompt.js
var plan_prompt = __webpack_require__(87620);
// EXTERNAL MODULE: ./lib/planner/planner-model.js
var planner_model = __webpack_require__(94608);
// EXTERNAL MODULE: ./lib/planner/read-step-list.js
var read_step_list = __webpack_require__(64886);
// EXTERNAL MODULE: ./lib/planner/step-list-format.js
var step_list_format = __webpack_require__(12489);
;// CONCATENATED MODULE: ./lib/planner/tool-step-rule.js
/** True when a model-written plan must call a tool: `planner.require_tools`, by default whenever the plan offers tools. */
function requiresToolStep(plan) {
    return plan.source.planner?.require_tools ?? plan.tools.size > 0;
}
/**
 * The planner rule `require_tools`: a plan a model wrote for a goal that has tools must use one \u2014
 * a `tool_call` step, or an `agent` step with tools \u2014 or it only talks about the work. Undefined
 * when the plan passes.
 */
function toolStepProblem(plan, written) {
    if (!requiresToolStep(plan))
        return undefined;
    const callsTool = written.steps.some((step) => step.type === 'tool_call' || (step.type === 'agent' && (step.tools?.length ?? 0) > 0));
    if (callsTool)
        return undefined;
    return {
        path: 'steps',
        message: 'the plan calls no tool, but tools are available for this goal (planner.require_tools): add a tool_call step, or an agent step with tools, for the part of the work a tool does',
    };
}

// EXTERNAL MODULE: ./lib/planner/validate-model-steps.js
var validate_model_steps = __webpack_require__(84082);
;// CONCATENATED MODULE: ./lib/planner/write-plan.js








/** The purpose label of planner calls, in record/replay files and errors. */
const PLANNER_PURPOSE = 'planner';
function judge(plan, answer) {
    const list = (0,read_step_list/* readStepList */.n)(answer);
    if (!list.ok)
        return { attempt: { answer, errors: [{ path: '', message: list.problem }] } };
    const checked = (0,validate_model_steps/* validateModelSteps */.$)(plan, list.steps);
    const noTool = checked.ok ? toolStepProblem(plan, checked.plan) : undefined;
    if (noTool)
        return { attempt: { answer, steps: list.steps, errors: [noTool] } };
    if (checked.ok)
        return { attempt: { answer, steps: list.steps, errors: [] }, plan: checked.plan };
    return { attempt: { answer, steps: list.steps, errors: checked.errors } };
}
/**
 * Writes the steps of a plan that has a goal but no `workflow_sequence`: one planner call (goal,
 * goal checks, tools), validated like a file plus the hard-coded-value rule; when that fails, one
 * repair call showing the model the errors. Never throws: a failed call is a rejection too.
 */
async function writePlan(plan, options) {
    const attempts = [];
    let messages = (0,plan_prompt/* planMessages */.Qq)(plan, options.inputs);
    for (let call = 0; call < 2; call += 1) {
        let answer;
        try {
            answer = await (0,ask_for_json/* askForJson */.T)(options.model, { ...(0,planner_model/* plannerModel */.e)(plan, options.model), messages, response_format: (0,step_list_format/* stepListResponseFormat */.Jt)() }, PLANNER_PURPOSE, options.signal);
        }
        catch (error) {
            const failed = { path: '', message: `the planner's model call failed: ${(0,error_text/* errorText */.k)(error)}` };
            return { ok: false, attempts, errors: [failed] };
        }
        const judged = judge(plan, answer);
        attempts.push(judged.attempt);
        if (judged.plan)
            return { ok: true, plan: judged.plan, attempts };
        messages = [...messages, ...(0,plan_prompt/* repairMessages */.YD)(answer, judged.attempt.errors)];
    }
    return { ok: false, attempts, errors: attempts.at(-1).errors };
}


/***/ }),

/***/ 45707:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $T: () => (/* binding */ RESULT_CHAR_LIMIT),
/* harmony export */   C6: () => (/* binding */ promptValue),
/* harmony export */   OD: () => (/* binding */ dataBlockInRoom),
/* harmony export */   U8: () => (/* binding */ fitBlocks),
/* harmony export */   e2: () => (/* binding */ promptExcerpt),
/* harmony export */   g4: () => (/* binding */ dataBlock),
/* harmony export */   jG: () => (/* binding */ promptData),
/* harmony export */   zT: () => (/* binding */ missingResultText)
/* harmony export */ });
/* unused harmony export promptText */
/* harmony import */ var _security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67126);
/* harmony import */ var _core_cut_note_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(30068);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80083);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(86919);




/** Results longer than this many characters are cut in prompts (the trace keeps them whole). */
const RESULT_CHAR_LIMIT = 8_000;
/**
 * Text read raw is sanitised whole (raw, the sanitiser reads all of it in any case), and the caller cuts it and
 * counts what it left out on the whole: the sanitiser's own cut at `UNTRUSTED_CHAR_LIMIT` came first, and a
 * 100,000-character result was said to have 24,031 more characters past the 8,000 shown (found by an adversarial pass).
 */
const WHOLE = { maxChars: Number.POSITIVE_INFINITY };
/**
 * A result as prompt text: strings as they are (`dataBlock` sanitises them), anything else as
 * compact JSON whose strings were sanitised before encoding (encoded, hidden Markdown no longer parses;
 * a pull request's or an issue's body is read as GitHub renders it).
 */
function promptText(result) {
    if (typeof result === 'string')
        return result;
    try {
        return JSON.stringify((0,_security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.sanitizeUntrustedValue)(result)) ?? String(result);
    }
    catch {
        return String(result);
    }
}
/** `clean` text cut to `limit` characters, with a visible note saying how much is missing and where it is. */
function cutClean(clean, limit, where) {
    if (clean.length <= limit)
        return clean;
    const kept = clean.slice(0, (0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_1__/* .keptUnits */ .ai)(clean, limit));
    // The kept text ends with `\u2026` right where it was cut: the redactor hides the start of a known secret a cut leaves there.
    return `${kept}\u2026\n${(0,_core_cut_note_js__WEBPACK_IMPORTED_MODULE_2__/* .cutNote */ .n)(`${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(clean.length - kept.length)} more characters; ${where}`)}`;
}
/**
 * Untrusted prompt text sanitised and then cut to `limit` characters, with a visible note saying how
 * much is missing and where it is. Always in that order: a cut made first can leave hidden text
 * (an image's alt, a link's title) open across the cut, where the sanitiser no longer sees it.
 */
function promptExcerpt(text, limit = RESULT_CHAR_LIMIT) {
    return cutClean((0,_security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.sanitizeUntrusted)(text, WHOLE), limit, 'full result in the trace');
}
/**
 * A value (a result, an input, an item) as clean prompt text, cut to `limit`: a string sanitised, anything
 * else as `promptText` makes it, each of its strings sanitised once. Never sanitised twice: read again, a
 * comment's label was taken for visible text by the second reading, and visible text for a label (found
 * by a review). What it returns goes into `dataBlock(\u2026, clean = true)`.
 */
function promptData(value, limit = RESULT_CHAR_LIMIT, where = 'full result in the trace') {
    return cutClean(typeof value === 'string' ? (0,_security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.sanitizeUntrusted)(value, WHOLE) : promptText(value), limit, where);
}
/**
 * What the data block of a step's result says when the step has none (it failed or was skipped), and why: told plainly,
 * so the model writes around the gap instead of inventing the missing input. Raw text, for `dataBlock` to sanitise.
 */
function missingResultText(why) {
    return why === undefined ? '(no result)' : `(no result: this input is missing because ${why}; work without it and say what is missing)`;
}
function attribute(value) {
    return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');
}
/**
 * Wraps untrusted text in a `<data \u2026>` block labelled with `labels`, sanitised first (read raw:
 * `sanitizeUntrusted`) unless it is `clean` already (made by `promptExcerpt` or `promptData`).
 * Secrets are not this function's job: the run's model client redacts every prompt.
 * A closing tag inside the text is defused, so tool output cannot end the block early and pose as
 * instructions.
 */
function dataBlock(labels, content, clean = false) {
    const attributes = Object.entries(labels)
        .filter((entry) => entry[1] !== undefined)
        .map(([name, value]) => ` ${name}="${attribute((0,_security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.sanitizeUntrusted)(value, { maxChars: 500, read: 'rendered' }))}"`)
        .join('');
    // Escaped visibly (not with invisible characters, which the input sanitiser strips).
    // Text `promptExcerpt` made is clean (`clean`): read again, a label's own lines (a `<b>` starting one)
    // changed how the text after it read, and a visible paragraph was labelled hidden (found by a review).
    // With blanks too (`</ data>`, `< /data>`), which a model may read as the same tag (found by an adversarial pass).
    // Each `<` reads on over the blanks after it once each way: linear.
    const body = (clean ? content : (0,_security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.sanitizeUntrusted)(content)).replace(/<((?:\s*\/)?\s*data\b)/gi, '&lt;$1');
    return `<data${attributes}>\n${body}\n</data>`;
}
/**
 * The blocks of the items that fit in `limit` characters of a prompt, by item: taken in `priority` order,
 * each if its block still fits in what is left (a later, shorter one may come where an earlier one did not).
 */
function fitBlocks(priority, blockOf, limit) {
    const shown = new Map();
    let room = limit;
    for (const item of priority) {
        const block = blockOf(item);
        if (block.length > room)
            continue;
        shown.set(item, block);
        room -= block.length;
    }
    return shown;
}
/**
 * The data block of `clean` text (made by `promptData` with no limit) in at most `room` characters: the text cut to
 * `limit`, and further as far as the room needs, but to no fewer than `least` characters, even when that does not fit.
 */
function dataBlockInRoom(labels, clean, sizes, where = 'full value in the trace') {
    let kept = Math.min(sizes.limit, clean.length);
    let block = dataBlock(labels, cutClean(clean, kept, where), true);
    // Each pass cuts what the block is over by: the wrapper, the cut note and defused tags come on top of the text.
    while (block.length > sizes.room && kept > sizes.least) {
        kept = Math.max(sizes.least, kept - (block.length - sizes.room));
        block = dataBlock(labels, cutClean(clean, kept, where), true);
    }
    return block;
}
/** Inputs and items as prompt text: whole up to what untrusted text may take (`UNTRUSTED_CHAR_LIMIT`). */
function promptValue(value) {
    return promptData(value, _security_sanitize_untrusted_js__WEBPACK_IMPORTED_MODULE_0__.UNTRUSTED_CHAR_LIMIT, 'full value in the trace');
}


/***/ })

};
