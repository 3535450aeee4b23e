export const id = 795;
export const ids = [795];
export const modules = {

/***/ 7795:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   planCommand: () => (/* binding */ planCommand)
/* harmony export */ });
/* harmony import */ var _plan_plan_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36487);
/* harmony import */ var _report_plan_preview_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(70490);
/* harmony import */ var _report_final_report_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(20864);
/* harmony import */ var _report_mermaid_graph_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(14260);
/* harmony import */ var _report_write_report_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(49443);
/* harmony import */ var _report_checklist_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(24578);
/* harmony import */ var _core_clock_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(91601);
/* harmony import */ var _job_run_job_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5173);
/* harmony import */ var _cli_job_settings_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(36296);
/* harmony import */ var _used_plan_files_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(41491);
/* harmony import */ var _check_output_paths_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(32417);











/**
 * `plan-runner plan`: writes the steps with the model when the plan has only a goal, validates
 * them, and prints the plan as a checklist and a Mermaid graph. Nothing runs. Returns the exit code.
 */
async function planCommand(args, signal, out = (text) => process.stdout.write(text)) {
    const env = process.env;
    const redact = (0,_cli_job_settings_js__WEBPACK_IMPORTED_MODULE_8__/* .cliRedactor */ .Vs)(args, env);
    if (!(0,_check_output_paths_js__WEBPACK_IMPORTED_MODULE_10__/* .checkOutputPaths */ .s)([['--summary', args.summary], ['--record', args.record]], [['the plan', args.file], ...(await (0,_used_plan_files_js__WEBPACK_IMPORTED_MODULE_9__/* .usedPlanFiles */ .I)(args.file)), ['--replay', args.replay]]))
        return 1;
    const outcome = await (0,_job_run_job_js__WEBPACK_IMPORTED_MODULE_7__/* .runJob */ .b)(await (0,_cli_job_settings_js__WEBPACK_IMPORTED_MODULE_8__/* .cliJobSettings */ .lA)(args, env, redact, 'plan'), { listeners: [], clock: _core_clock_js__WEBPACK_IMPORTED_MODULE_6__/* .systemClock */ .ml, signal, redact, warn: (message) => void process.stderr.write(`warning: ${message}\n`) });
    const report = (0,_report_final_report_js__WEBPACK_IMPORTED_MODULE_2__/* .finalReport */ .P)(outcome, { planFile: args.file, planPath: args.file, tracePath: '', redact });
    const unwritten = args.summary ? await (0,_report_write_report_file_js__WEBPACK_IMPORTED_MODULE_4__/* .writeReportFile */ .a)(args.summary, redact(report.markdown)) : undefined;
    if (unwritten)
        process.stderr.write(`plan-runner: ${unwritten.message}; choose another path with --summary FILE\n`);
    if (outcome.kind === 'rejected') {
        if (outcome.cancelled)
            process.stderr.write(`plan-runner: cancelled while ${outcome.cancelled}\n`);
        for (const error of outcome.errors)
            process.stderr.write(`${(0,_plan_plan_error_js__WEBPACK_IMPORTED_MODULE_0__/* .redactedPlanError */ .wh)(error, redact)}\n`);
        // A rejected plan the model wrote is in the summary: without --summary (or one not written) it is here,
        // as the summary would hold it; it was lost (found by an adversarial pass).
        if (outcome.rejectedPlan && (!args.summary || unwritten))
            out(`\n${redact(report.markdown)}`);
        return outcome.badInputs ? 2 : 1;
    }
    if (outcome.kind !== 'planned')
        return 1;
    const { plan } = outcome;
    const origin = outcome.written ? `written by the model (${outcome.usage.modelCalls} call${outcome.usage.modelCalls === 1 ? '' : 's'}) and validated` : 'valid';
    // The name is the plan's own text, maybe from someone else's pull request: one line, controls shown, as the checklist shows it.
    out(`${(0,_report_checklist_js__WEBPACK_IMPORTED_MODULE_5__/* .oneLogLine */ .Hr)(redact(plan.name))}: ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, ${origin}; nothing was run\n`);
    out(`${(0,_report_plan_preview_js__WEBPACK_IMPORTED_MODULE_1__/* .planPreviewLines */ .Xv)(plan, redact).join('\n')}\n\n`);
    out(`${(0,_report_mermaid_graph_js__WEBPACK_IMPORTED_MODULE_3__/* .renderMermaidGraph */ .gf)((0,_report_plan_preview_js__WEBPACK_IMPORTED_MODULE_1__/* .plannedRecord */ .w9)(plan), redact)}\n`);
    // Written, and shown, though the calls that wrote it passed a limit: that fails the command as it fails a run.
    if (outcome.stopped)
        process.stderr.write(`plan-runner: ${redact(outcome.stopped.message)}\n`);
    return unwritten || outcome.stopped ? 1 : 0;
}


/***/ })

};
