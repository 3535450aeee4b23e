export const id = 918;
export const ids = [918];
export const modules = {

/***/ 58918:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   validateCommand: () => (/* binding */ validateCommand)
/* harmony export */ });
/* unused harmony export describeValidPlan */
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(80083);
/* harmony import */ var _core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(74700);
/* harmony import */ var _plan_plan_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(36487);
/* harmony import */ var _plan_steps_needing_model_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2229);
/* harmony import */ var _job_load_plan_with_servers_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1481);





function plural(count, word) {
    return `${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_1__/* .groupDigits */ .K)(count)} ${word}${count === 1 ? '' : 's'}`;
}
/** One line that says what a valid plan holds: steps, tools, goals, and whether it needs a model. */
function describeValidPlan(plan) {
    const goals = plan.source.goals ?? [];
    const steps = (0,_plan_steps_needing_model_js__WEBPACK_IMPORTED_MODULE_2__/* .stepsNeedingModel */ .vB)(plan.steps).map((step) => step.key);
    const judged = goals.filter((goal) => goal.judge !== undefined).length;
    // "(steps: none)" for a plan whose judge goals alone need one said nothing of why.
    const why = [steps.length > 0 ? `steps: ${steps.join(', ')}` : undefined, judged > 0 ? `${plural(judged, 'judge goal')}` : undefined].filter((part) => part !== undefined);
    const needsModel = plan.steps.length === 0 ? 'a model writes the steps' : why.length > 0 ? `needs a model (${why.join('; ')})` : 'no model needed';
    return `${plural(plan.steps.length, 'step')}, ${plural(plan.tools.size, 'tool')}, ${plural(goals.length, 'goal')}; ${needsModel}`;
}
/**
 * `plan-runner validate <file>\u2026`: prints "ok" lines or compiler-style errors; true when all are
 * valid. A plan's MCP servers are started to list their tools, and ended before the next file.
 */
async function validateCommand(files, out, options = {}) {
    let allValid = true;
    const signal = options.signal ?? new AbortController().signal;
    // The values the plans give their MCP servers under secret names: a server that fails to start can print
    // them in the stderr its error quotes (found by an adversarial pass). The redactor loads only for an error.
    const learned = [];
    const env = options.env ?? process.env;
    for (const [index, file] of files.entries()) {
        // A cancel while a plan's MCP servers start ends them and throws: that file and the rest are not validated.
        const result = signal.aborted
            ? undefined
            : await (0,_job_load_plan_with_servers_js__WEBPACK_IMPORTED_MODULE_0__/* .loadPlanWithServers */ .G)(file, {
                signal,
                cwd: options.cwd ?? process.cwd(),
                env,
                ...(options.mcpStartTimeoutMs !== undefined && { timeoutMs: options.mcpStartTimeoutMs }),
                learnSecrets: (values) => learned.push(...values),
            }).catch((error) => {
                if (signal.aborted)
                    return undefined;
                throw error;
            });
        if (!result) {
            out(`cancelled (${String(signal.reason)}): ${plural(files.length - index, 'file')} not validated`);
            return false;
        }
        if (result.ok) {
            await result.servers?.close();
            // The file name as the error lines show it (formatPlanError): an ESC in it moved the cursor (adversarial pass).
            out(`ok ${(0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__/* .visibleControls */ .x)(file)}: ${describeValidPlan(result.plan)}`);
        }
        else {
            allValid = false;
            const redact = (await Promise.all(/* import() */[__webpack_require__.e(396), __webpack_require__.e(135)]).then(__webpack_require__.bind(__webpack_require__, 85135))).validateRedactor(env, learned);
            for (const error of result.errors)
                out(redact((0,_plan_plan_error_js__WEBPACK_IMPORTED_MODULE_4__/* .formatPlanError */ .R)(error)));
            out(`${(0,_core_visible_controls_js__WEBPACK_IMPORTED_MODULE_3__/* .visibleControls */ .x)(file)}: ${plural((0,_plan_plan_error_js__WEBPACK_IMPORTED_MODULE_4__/* .problemCount */ .b)(result.errors), 'error')}`);
        }
    }
    return allValid;
}


/***/ })

};
