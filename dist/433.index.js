export const id = 433;
export const ids = [433];
export const modules = {

/***/ 13433:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishKilledRun: () => (/* binding */ finishKilledRun)
/* harmony export */ });
/* unused harmony exports KILLED_REASON, KILLED_JUDGING_REASON, killedRunEnd */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _core_run_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(90422);
/* harmony import */ var _core_usage_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76940);
/* harmony import */ var _report_final_report_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(24824);
/* harmony import */ var _core_run_usage_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(82796);
/* harmony import */ var _report_format_duration_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(74360);
/* harmony import */ var _run_fan_out_part_js__WEBPACK_IMPORTED_MODULE_19__ = __webpack_require__(19243);
/* harmony import */ var _run_read_resume_trace_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(62935);
/* harmony import */ var _report_summary_render_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(69535);
/* harmony import */ var _check_run_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(49474);
/* harmony import */ var _check_run_name_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(29676);
/* harmony import */ var _check_run_output_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(10962);
/* harmony import */ var _job_failure_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(7182);
/* harmony import */ var _admit_run_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(5272);
/* harmony import */ var _comment_target_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(30157);
/* harmony import */ var _live_comment_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(71274);
/* harmony import */ var _report_paths_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(87469);
/* harmony import */ var _write_report_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(72896);
/* harmony import */ var _core_hide_cut_fragments_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(99674);
/* harmony import */ var _core_cut_text_js__WEBPACK_IMPORTED_MODULE_20__ = __webpack_require__(86919);
/* harmony import */ var _trace_started_js__WEBPACK_IMPORTED_MODULE_21__ = __webpack_require__(68871);
/* harmony import */ var _left_escalation_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(56347);






















const KILLED_REASON = 'the main step ended before the run did (killed on cancel, timeout or out of memory, or crashed); what completed is in the trace';
const KILLED_JUDGING_REASON = 'the main step ended while the goals were checked (killed on cancel, timeout or out of memory, or crashed): they were not checked';
/** The most of a damaged trace's problem the report of a run whose record is not known quotes. */
const MAX_PROBLEM_CHARS = 400;
/**
 * The end a killed run never wrote: each step still running failed, each not started skipped, and
 * the run cancelled at its last event. Nested runs are ended the same way, inside their step. With
 * `scope` (a prepare or shard job of a fanned-out run), a step outside it is another job's to start
 * and is left as it is, as the live run leaves it: skipped, it would show \u23ed\ufe0f in the comment the jobs
 * share until the merge job's last write, over the merge job's own \u23f3.
 */
function killedRunEnd(record, scope) {
    const at = record.lastAt;
    const ended = [];
    for (const step of record.steps.values()) {
        const stepKey = step.key;
        for (const [index, item] of (step.items ?? []).entries()) {
            if (item.state === 'in_progress')
                ended.push({ type: 'item_failed', stepKey, index, error: 'the main step ended while this item ran', transient: true, durationMs: 0, usage: _core_usage_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_USAGE */ .y, at });
        }
        if (step.nested)
            for (const event of killedRunEnd(step.nested))
                ended.push({ type: 'nested_event', stepKey, event, at });
        if (step.state === 'in_progress') {
            // How long it ran is known only up to the trace's last event: the figure is a lower bound, and says so
            // (found by an adversarial pass: `\u00b7 11 ms` for a step killed after 300 ms read as its time).
            const ran = step.startedAt === undefined ? 0 : at - step.startedAt;
            // Its model use up to the kill, as the trace's `model_used` events charged it (found by a review: 0).
            ended.push({ type: 'step_failed', stepKey, error: `the main step ended while this step ran (${(0,_report_format_duration_js__WEBPACK_IMPORTED_MODULE_18__/* .formatDuration */ .a)(ran)} or more: the trace ends there)`, transient: true, durationMs: ran, usage: (0,_core_run_usage_js__WEBPACK_IMPORTED_MODULE_4__/* .stepUsageSoFar */ .D)(step), at });
        }
        else if ((step.state === 'pending' || step.state === 'waiting') && (scope?.has(stepKey) ?? true)) {
            ended.push({ type: 'step_skipped', stepKey, reason: 'the main step ended before this step completed (the trace may not show its start)', at });
        }
    }
    ended.push({ type: 'run_finished', status: 'cancelled', durationMs: at, usage: (0,_core_run_usage_js__WEBPACK_IMPORTED_MODULE_4__/* .runUsage */ .l)(record), reason: KILLED_REASON, at });
    return ended;
}
/**
 * What the trace a main step left still needs for an end: a run cut off mid-run, the end
 * `killedRunEnd` gives; one whose steps succeeded but whose goals were never checked, cancelled (a gate
 * whose goals were not checked does not pass); one that ended otherwise (its goals checked, failed, escalated,
 * paused for approval, a fanned-out part, which checks none), nothing: the main step only did not report it.
 */
function endOfLeftRun(left, settings) {
    const part = settings.fanOut?.part;
    if (left.status === undefined)
        return killedRunEnd(left, part && left.plan ? (0,_run_fan_out_part_js__WEBPACK_IMPORTED_MODULE_19__/* .fanOutScope */ .q)(left.plan.steps, part) : undefined);
    // As `finalStatus` decides it, a cancel while the goals were checked replaces only a success: an escalated run killed
    // then was reported cancelled, and no one was told of its escalation (found by a hunt).
    if (left.status !== 'succeeded' || left.goals !== undefined || part === 'prepare' || part === 'shard')
        return [];
    return [{ type: 'run_finished', status: 'cancelled', durationMs: left.lastAt, usage: (0,_core_run_usage_js__WEBPACK_IMPORTED_MODULE_4__/* .runUsage */ .l)(left), reason: KILLED_JUDGING_REASON, at: left.lastAt }];
}
/**
 * The post step's part in a killed run's report: a main step killed mid-run (SIGKILL, the runner's
 * last resort on cancel and on timeout-minutes; an out-of-memory kill) wrote no summary and left
 * the PR comment (and a check run) at \u23f3. From the trace it left, this writes the summary and the
 * report file, finishes the comment and completes the check run, ending the run where the trace
 * ends (`endOfLeftRun`). The trace stays as it was, for a resume. Never throws; true when it wrote
 * the end.
 */
async function finishKilledRun(settings, context) {
    const { io, redact } = context;
    // An evaluation writes no trace, no PR comment and no check run (run-eval-action.ts): there is nothing of its
    // to finish. Taken for a run of the plan, a killed one (timeout-minutes over its many runs) had "cancelled, it
    // left no trace" written over the plan's PR comment, or a comment made for it (found by an adversarial pass).
    if (settings.mode === 'eval') {
        io.info('The evaluation ended before it wrote its report (killed on cancel, timeout or out of memory, or crashed): the job log has the runs it finished.');
        return false;
    }
    const paths = (0,_report_paths_js__WEBPACK_IMPORTED_MODULE_14__/* .jobReportPaths */ .yD)(settings);
    // No trace (an output folder that could not be written, or that a step removed): what ran is not known,
    // and no step is made up; the run is reported cancelled, and a check run it left in progress is ended.
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(paths.trace))
        return endUnreadRun(settings, context, 'it left no trace');
    // Resumed in place and never opened by this run: the trace is the run it was to resume, whose end is not this one's.
    if ((0,_report_paths_js__WEBPACK_IMPORTED_MODULE_14__/* .resumesInPlace */ .ZD)(settings) && context.traceOpened !== true) {
        if (!context.reported)
            return finishUnstartedRun(settings, context, paths);
        return endUnreadRun(settings, context, 'its trace is the run it was to resume');
    }
    const read = await (0,_run_read_resume_trace_js__WEBPACK_IMPORTED_MODULE_5__/* .readResumeTrace */ .tR)(paths.trace);
    const parsed = read.ok ? (0,_run_read_resume_trace_js__WEBPACK_IMPORTED_MODULE_5__/* .traceEvents */ .B5)(read.trace) : read;
    if (!parsed.ok) {
        io.warning(`Could not read the trace the main step left (${parsed.problem}).`);
        // The problem quotes the trace (a trace_gap line's event, a key named twice): cut, so the report's own words stay whole.
        return endUnreadRun(settings, context, `its trace could not be read (${(0,_core_cut_text_js__WEBPACK_IMPORTED_MODULE_20__/* .cutText */ .IN)(parsed.problem, MAX_PROBLEM_CHARS)})`);
    }
    const { events } = parsed;
    // With its reports written, a run without a plan_created ended (a rejected plan, `mode: plan`) and was killed
    // while it published: its verdict is not in the trace, and none is made up (its check run is ended, saying so).
    if (!events.some((event) => event.type === 'plan_created')) {
        // The calls that wrote no plan yet, each in the trace as it was charged: this step's own, when its first line is.
        const planning = (0,_trace_started_js__WEBPACK_IMPORTED_MODULE_21__/* .traceStartedBy */ .c)(events[0], context.traceStarted) ? events.reduce(_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .applyEvent */ .Z8, (0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .newRunRecord */ .pB)()).spentOutsideSteps : undefined;
        if (!context.reported)
            return finishUnstartedRun(settings, context, paths, planning);
        return endUnreadRun(settings, context, 'its trace holds no run');
    }
    // Another step's run (a later step of this job ran the same plan, and wrote its trace here): not this one's to report.
    // So too when this step's run had no event (no `traceStarted`): killed before it, it wrote no line of this trace.
    if (!(0,_trace_started_js__WEBPACK_IMPORTED_MODULE_21__/* .traceStartedBy */ .c)(events[0], context.traceStarted)) {
        return endUnreadRun(settings, context, 'a later step of this job ran the same plan, whose trace, report file and PR comment replaced this run\'s (give each such step its own `run-key`)', true);
    }
    const left = events.reduce(_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .applyEvent */ .Z8, (0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .newRunRecord */ .pB)());
    const end = endOfLeftRun(left, settings);
    const all = [...events, ...end];
    const record = all.reduce(_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .applyEvent */ .Z8, (0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_1__/* .newRunRecord */ .pB)());
    const status = record.status ?? 'cancelled';
    const counts = `${record.steps.size} steps, ${[...record.steps.values()].filter((step) => step.state === 'completed').length} completed; ${status}`;
    io.warning(context.reported
        ? `The main step ended after it wrote the summary but before it finished publishing: finishing the PR comment and the check run from the trace it left (${counts}).`
        : `The main step ended before it wrote its reports: writing the summary and the PR comment from the trace it left (${counts}).`);
    // A kill after the goals were checked (while the comment finished or the state uploaded) keeps them:
    // the summary's table, the check run's text and the report file say what the main step decided.
    // As the main step shows them (the trace's are already so; a trace from elsewhere may not be).
    const goals = (record.goals ?? []).map((goal) => ({ ...goal, evidence: (0,_core_hide_cut_fragments_js__WEBPACK_IMPORTED_MODULE_16__/* .hideCutFragments */ .wJ)(redact(goal.evidence)) }));
    // Cut off mid-run, or while its goals were checked: a model request then in flight is in no figure, and the summary says so.
    const reportOf = (shown) => {
        const markdown = (0,_report_summary_render_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .renderSummary */ .Br)(shown, { redact, goals, fullRecordAt: `the trace file \`${paths.trace}\``, ...(settings.fanOut && { fannedOut: true }), ...(end.length > 0 && { killed: true }) });
        return { status: shown.status ?? 'cancelled', ...(shown.reason !== undefined && { reason: shown.reason }), goals, markdown, record: shown, planErrors: [], ...(shown.escalation && { escalation: shown.escalation }) };
    };
    const told = reportOf(record);
    const comment = await finishComment(settings, context, told, all);
    // As the main step decides it: a pause the comment does not show is failed, not left to an /approve that cannot find it.
    const unshown = await (0,_live_comment_js__WEBPACK_IMPORTED_MODULE_13__/* .unshownPause */ .zu)(told, comment);
    const report = unshown === undefined ? told : reportOf({ ...record, status: 'failed', reason: unshown });
    await completeLeftCheckRun(settings, context, report);
    if (!context.reported)
        await (0,_write_report_js__WEBPACK_IMPORTED_MODULE_15__/* .writeReport */ .u5)(report, paths.report, io, redact);
    if (!context.escalationTold)
        await (0,_left_escalation_js__WEBPACK_IMPORTED_MODULE_17__/* .tellLeftEscalation */ .Y)(settings, report, { ...context, commentKept: comment?.keptSuperseded() ?? false });
    return true;
}
/**
 * A main step killed before its run's plan (its MCP servers starting, the model writing the plan), and before its
 * reports, left a trace with no plan in it and an open check run: no step ran, and the run is reported cancelled,
 * its check run completed as such (a required check stuck in progress blocks merges). `planning`: what the calls
 * that wrote no plan yet cost, from the trace's `model_used` lines, which the report's cost table shows.
 */
async function finishUnstartedRun(settings, context, paths, planning) {
    const { io, redact } = context;
    const outcome = { kind: 'rejected', errors: [], cancelled: 'the run was starting, when the main step ended (killed on cancel, timeout or out of memory, or crashed)', ...(planning && { usage: planning }) };
    const report = (0,_report_final_report_js__WEBPACK_IMPORTED_MODULE_3__/* .finalReport */ .P)(outcome, { planPath: settings.planPath, tracePath: paths.trace, redact });
    io.warning('The main step ended before its run started (while the plan was loaded or written): no step ran; the run is reported as cancelled.');
    await finishUnreadComment(settings, context, report);
    await completeLeftCheckRun(settings, context, report);
    await (0,_write_report_js__WEBPACK_IMPORTED_MODULE_15__/* .writeReport */ .u5)(report, paths.report, io, redact);
    return true;
}
/**
 * A killed main step whose run the post step cannot tell from its trace (missing, unreadable, or holding no
 * run of this step's): no step is made up, but the run is reported cancelled, saying its record is not known
 * here: in the summary and the report file, in the PR comment (left at \u23f3 before, found by a review), and in
 * the check run it left in progress (a required check stuck there blocks merges for good). When the main step
 * wrote its reports and was killed before it completed the check run (found by a review), the summary has
 * its verdict and stays; the check run, which does not, fails closed. True when it wrote the reports. `replaced`:
 * the trace is a later step's run of the same plan, whose PR comment and report file are left to it.
 */
async function endUnreadRun(settings, context, why, replaced = false) {
    const { io, redact } = context;
    if (context.reported) {
        const reason = 'the main step wrote its reports (the job summary has its verdict) but ended before it completed this check run (killed on cancel, timeout or out of memory, or crashed)';
        await completeLeftCheckRun(settings, context, (0,_report_final_report_js__WEBPACK_IMPORTED_MODULE_3__/* .cancelledReport */ .u)(settings.planPath, reason, redact));
        return false;
    }
    const reason = `the main step ended before it wrote its reports (killed on cancel, timeout or out of memory, or crashed), and ${why}: what the run did is not known here, and the job log shows what it did until it ended`;
    const report = (0,_report_final_report_js__WEBPACK_IMPORTED_MODULE_3__/* .cancelledReport */ .u)(settings.planPath, reason, redact);
    io.warning(`The main step ended before it wrote its reports, and ${why}: the run is reported as cancelled, with no checklist.`);
    // `replaced`: the comment and the report file are the later step's, whose run they report.
    if (!replaced)
        await finishUnreadComment(settings, context, report);
    await completeLeftCheckRun(settings, context, report);
    if (replaced)
        await (0,_write_report_js__WEBPACK_IMPORTED_MODULE_15__/* .writeReportSummary */ .WT)(report, io);
    else
        await (0,_write_report_js__WEBPACK_IMPORTED_MODULE_15__/* .writeReport */ .u5)(report, (0,_report_paths_js__WEBPACK_IMPORTED_MODULE_14__/* .jobReportPaths */ .yD)(settings).report, io, redact);
    return true;
}
/** The PR comment's final body, drawn from `events` (none when the run's record is not known) and the report; the comment, once finished, if one was written to. */
async function finishComment(settings, context, report, events, leaveApproval = false) {
    const { io, redact } = context;
    try {
        // A read-only run (a fork's pull request, say) writes no comment (admitRun): nor does its post step, which
        // does not know what the main step was admitted as, and commented there with a token that can write
        // (pull_request_target, a comment on the pull request) (found by an adversarial pass). Asked as the main step
        // asks, and failing closed as it does.
        if ((0,_comment_target_js__WEBPACK_IMPORTED_MODULE_12__/* .commentTarget */ .lt)(settings).target) {
            const github = context.github ? { github: context.github } : {};
            // Nor for a run the main step would have refused (an outsider's comment or issue), ended before it could:
            // its post step wrote "cancelled" over the plan's comment there, or opened one (found by an adversarial hunt).
            const trigger = await (0,_admit_run_js__WEBPACK_IMPORTED_MODULE_11__/* .authorizeRun */ .zb)(settings, github);
            if (!trigger.allowed) {
                io.info(`No PR comment: who started this run may not start one (${trigger.reason}), so the main step wrote none.`);
                return undefined;
            }
            const readOnly = await (0,_admit_run_js__WEBPACK_IMPORTED_MODULE_11__/* .readOnlyReason */ .Lw)(settings, github);
            if (readOnly !== undefined) {
                io.info(`No PR comment: the run is read-only (${readOnly}).`);
                return undefined;
            }
        }
        const leave = leaveApproval && { leaveApproval, ...(context.answerRecorded && { answerRecorded: true }) };
        // An approved run's comment names its paused commit and is left to a newer commit's run, as the main step's is.
        const head = context.pausedHeadSha !== undefined && { headSha: context.pausedHeadSha };
        // As the main step's comment said it: the run it resumed, and what it reused (drawn from the record).
        const resumed = context.resumedFrom !== undefined && { resumedFrom: context.resumedFrom };
        const comment = await (0,_live_comment_js__WEBPACK_IMPORTED_MODULE_13__/* .liveComment */ .Oy)(settings, { github: context.github, io, redact, clock: context.clock, final: () => report, ...(context.commentIntervalMs !== undefined && { minIntervalMs: context.commentIntervalMs }), ...leave, ...head, ...resumed });
        for (const event of events)
            comment?.listener(event);
        await comment?.finish(report.goals);
        return comment;
    }
    catch (error) {
        io.warning(`Could not finish the PR comment: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
/**
 * The comment of a run whose record is not known says how it ended, over the live state it was left at. A
 * fanned-out run's jobs share one comment, which such a report replaces whole: a shard job's is left to the
 * others (the merge job writes the run's end). A prepare or merge job's end is the run's (no job writes after
 * a killed prepare job, which they need, nor after the merge job): its comment, left at \u23f3 for good before,
 * says the run was cancelled.
 * So is one that holds an approval (a run waits there, or an answer was recorded): the report has no marker,
 * and the main step may never have taken that comment over (a comment event's run killed before it refused).
 * But an `/approve` run that recorded its answer there took the comment over (`answerRecorded`): the paused
 * run no longer waits in it, and left as it was it showed \u23f3 for good (or the paused run's \u23f8\ufe0f, which no
 * `/approve` answers any more). Its report keeps the answer; a comment where a run waits again is still left.
 */
async function finishUnreadComment(settings, context, report) {
    if (settings.fanOut?.part !== 'shard')
        await finishComment(settings, context, report, [], true);
}
/** With `check-run: true`, the check run the killed step left in progress (a required check stuck there blocks merges) ends as the report does. */
async function completeLeftCheckRun(settings, context, report) {
    const [owner, repo] = settings.github.repository?.split('/') ?? [];
    const { runUrl } = settings.github;
    const headSha = context.pausedHeadSha ?? settings.github.headSha;
    // A prepare or shard job opens none (the merge job reports the goals).
    if (!settings.checkRun || (settings.fanOut && settings.fanOut.part !== 'merge') || !context.github || !owner || !repo || !headSha || !runUrl)
        return;
    const job = (0,_check_run_js__WEBPACK_IMPORTED_MODULE_7__/* .checkRunJob */ .j4)(settings.env);
    const check = await (0,_check_run_js__WEBPACK_IMPORTED_MODULE_7__/* .leftCheckRun */ .zT)(context.github, { owner, repo, name: await (0,_check_run_name_js__WEBPACK_IMPORTED_MODULE_8__/* .checkRunName */ .$)(settings), headSha, detailsUrl: runUrl, ...(context.checkRunId !== undefined && { id: context.checkRunId }), ...(job && { job }) }, context.io.warning, { clock: context.clock });
    if (!check)
        return;
    await check.complete(await (0,_check_run_output_js__WEBPACK_IMPORTED_MODULE_9__/* .checkRunResult */ .Vk)(report, (0,_job_failure_js__WEBPACK_IMPORTED_MODULE_10__/* .checkConclusion */ .G)(report, settings.failOnUnmetGoals), context.redact, runUrl, settings.github.repositoryUrl));
}


/***/ })

};
