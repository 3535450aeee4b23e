export const id = 864;
export const ids = [864];
export const modules = {

/***/ 71874:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ inlineCode),
/* harmony export */   z: () => (/* binding */ fencedBlock)
/* harmony export */ });
/* harmony import */ var _visible_controls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(74700);

function longestRun(text, char) {
    if (!text.includes(char))
        return 0;
    let longest = 0;
    for (const match of text.matchAll(char === '`' ? /`+/g : /~+/g))
        longest = Math.max(longest, match[0].length);
    return longest;
}
/**
 * A fenced code block whose fence is longer than any backtick run in `text`, so the content can
 * never close it (results are data and must not escape into the page). Control characters and bidi
 * overrides show as symbols, as on the log: a code block is shown, and an override reorders it there too.
 */
function fencedBlock(text, language = '') {
    const shown = (0,_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(text);
    const fence = '`'.repeat(Math.max(3, longestRun(shown, '`') + 1));
    const body = shown.endsWith('\n') ? shown : `${shown}\n`;
    return `${fence}${language}\n${body}${fence}`;
}
/** An inline code span that survives backticks in `text` (and keeps it on one line), control characters shown as in `fencedBlock`. */
function inlineCode(text) {
    const flat = (0,_visible_controls_js__WEBPACK_IMPORTED_MODULE_0__/* .visibleControls */ .x)(text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?|\n/g, ' ') : text);
    const ticks = '`'.repeat(longestRun(flat, '`') + 1);
    const pad = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
    return `${ticks}${pad}${flat}${pad}${ticks}`;
}


/***/ }),

/***/ 20864:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  P: () => (/* binding */ finalReport)
});

// UNUSED EXPORTS: cancelledReport

// EXTERNAL MODULE: ./lib/report/summary/summary-header.js
var summary_header = __webpack_require__(31675);
// EXTERNAL MODULE: ./lib/report/markdown/escape-markdown.js
var escape_markdown = __webpack_require__(60949);
// EXTERNAL MODULE: ./lib/core/code-fence.js
var code_fence = __webpack_require__(71874);
// EXTERNAL MODULE: ./lib/plan/plan-error.js
var plan_error = __webpack_require__(36487);
// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./lib/goals/final-status.js
var final_status = __webpack_require__(58983);
// EXTERNAL MODULE: ./lib/goals/goals-verdict.js
var goals_verdict = __webpack_require__(85692);
// EXTERNAL MODULE: ./lib/core/hide-cut-fragments.js
var hide_cut_fragments = __webpack_require__(99674);
;// CONCATENATED MODULE: ./lib/report/judged-record.js



/**
 * Why the goals failed the run: those judged unmet, then those that could not be evaluated, each named as
 * what it is. One nobody could check was said to be "not met", which its table row contradicted.
 */
function unmetReason(goals) {
    const unmet = (0,goals_verdict/* goalsVerdict */.AD)(goals).unmetRequired;
    const counted = (some, what) => `${some.length} required goal${some.length === 1 ? '' : 's'} ${what}: ${some.map((goal) => goal.name).join('; ')}`;
    const judged = unmet.filter((goal) => goal.outcome !== 'error');
    const unevaluated = unmet.filter((goal) => goal.outcome === 'error');
    return [...(judged.length > 0 ? [counted(judged, 'not met')] : []), ...(unevaluated.length > 0 ? [counted(unevaluated, 'could not be evaluated')] : [])].join(' \u2014 ');
}
/**
 * The run's record as the goals judged it: the final status (a succeeded run whose required goals
 * are unmet is `goals-unmet`, with the reason), and the goals with their evidence redacted. Every
 * report renders from this, so none can show "succeeded" beside an unmet goal.
 */
function judgedRecord(record, status, goals, redact) {
    // Evidence is an excerpt of the result, cut before any redactor saw it: redact it, then hide cut token fragments.
    const shown = goals.map((goal) => ({ ...goal, evidence: (0,hide_cut_fragments/* hideCutFragments */.wJ)(redact(goal.evidence)) }));
    // A run cancelled on its own says why; one cancelled only while its goals were checked has no reason yet.
    const reason = status === 'goals-unmet' ? unmetReason(shown) : status === 'cancelled' && record.reason === undefined ? final_status/* CANCELLED_WHILE_JUDGING */.$ : record.reason;
    return { record: { ...record, status, ...(reason === undefined ? {} : { reason }) }, goals: shown, ...(reason === undefined ? {} : { reason }) };
}

// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
;// CONCATENATED MODULE: ./lib/report/rejected-plan-markdown.js





// The path quotes keys the model wrote, backticks included: a code span no key can close.
function errorLine(error, redact) {
    return `- ${error.path ? `${(0,code_fence/* inlineCode */.t)(redact(error.path))}: ` : ''}${(0,escape_markdown/* escapeMarkdown */.FV)(redact(error.message))}`;
}
function shown(attempt) {
    if (attempt.steps)
        return { text: JSON.stringify({ steps: attempt.steps }, null, 2), language: 'json' };
    return { text: attempt.answer || '(empty answer)', language: 'text' };
}
/**
 * The model's rejected plan for the job summary: each answer (the plan, then the repair) with the
 * errors validation found, so a reader sees what the model proposed and why nothing ran.
 */
function renderRejectedPlan(rejected, redact) {
    const count = rejected.attempts.length;
    const lines = [
        '### The plan the model wrote',
        '',
        count > 1
            ? 'The planner wrote a plan, was shown what was wrong with it, and wrote it again; neither passed validation, so no step ran.'
            : 'The planner wrote a plan that did not pass validation, and no step ran.',
    ];
    rejected.attempts.forEach((attempt, index) => {
        const { text, language } = shown(attempt);
        const title = count > 1 ? (index === 0 ? 'First answer' : 'After the repair call') : 'Answer';
        const problems = (0,plan_error/* problemCount */.bS)(attempt.errors);
        lines.push('', `#### ${title} \u2014 ${(0,group_digits/* groupDigits */.K)(problems)} problem${problems === 1 ? '' : 's'}`, '', (0,code_fence/* fencedBlock */.z)(redact(text), language), '');
        (0,push_all/* pushAll */.i)(lines, attempt.errors.map((error) => errorLine(error, redact)));
    });
    return `${lines.join('\n')}\n`;
}

// EXTERNAL MODULE: ./lib/report/plan-preview.js
var plan_preview = __webpack_require__(70490);
// EXTERNAL MODULE: ./lib/report/summary/render-summary.js + 5 modules
var render_summary = __webpack_require__(26022);
// EXTERNAL MODULE: ./lib/report/summary/summary-cost.js + 2 modules
var summary_cost = __webpack_require__(32372);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/is-inside.js
var is_inside = __webpack_require__(99500);
;// CONCATENATED MODULE: ./lib/report/rejected-report.js






/**
 * The same errors with `file` relative to the workspace, as annotations and readers want it. The loader names a
 * used plan's file from the working directory; with `root` (the workspace), it is named from there, as GitHub
 * finds it, wherever the process was started.
 */
function relativePlanErrors(errors, absolutePlanFile, planPath, root) {
    return errors.map((error) => {
        if (error.file === undefined)
            return error;
        if (error.file === absolutePlanFile)
            return { ...error, file: planPath };
        const file = external_node_path_.resolve(error.file);
        return root !== undefined && file !== root && (0,is_inside/* isInside */.F)(root, file) ? { ...error, file: external_node_path_.relative(root, file).split(external_node_path_.sep).join('/') } : error;
    });
}
/** Plan errors as annotation input: on their file and line, the path inside the plan in the message. */
function planFileErrors(errors, planPath) {
    return errors.map((error) => ({
        ...(error.internal ? { internal: true } : { file: error.file ?? planPath }),
        ...(error.line !== undefined ? { line: error.line } : {}),
        ...(error.column !== undefined ? { column: error.column } : {}),
        message: error.path ? `${error.message} (at ${error.path})` : error.message,
        ...(error.setup && { setup: true }),
        ...(error.standsFor !== undefined && { standsFor: error.standsFor }),
    }));
}
function rejected_report_errorLine(error, redact) {
    const where = [error.file, error.line, error.line === undefined ? undefined : error.column].filter((part) => part !== undefined).join(':');
    const at = error.path ? ` (at ${(0,code_fence/* inlineCode */.t)(error.path)})` : '';
    return `- ${where ? `${(0,code_fence/* inlineCode */.t)(where)} \u2014 ` : ''}${(0,escape_markdown/* escapeMarkdown */.FV)(redact(error.message))}${at}`;
}
/** The one-line title of a job that plan-runner's own error stopped (the reason, the check run's title). */
const INTERNAL_ERROR_TITLE = 'plan-runner stopped with an internal error';
/** What such a job says of itself: not a rejected plan, steps may have run, and what to do. */
const INTERNAL_ERROR_STATUS = `${INTERNAL_ERROR_TITLE}, which is not a problem of the plan; steps may have run before it (the log and the trace say which). Re-run the job; if it happens again, report it with the log.`;
/**
 * The Markdown for a job that stopped before any step ran: which plan, and every problem with
 * its file and line, so the summary and the comment say what to fix. Or, for plan-runner's own failure
 * (`isInternalFailure`), which may come after steps ran, that it was one and what it said.
 */
function renderRejectedReport(errors, planPath, redact) {
    const count = (0,plan_error/* problemCount */.bS)(errors);
    const status = (0,plan_error/* isInternalFailure */.WP)(errors)
        ? INTERNAL_ERROR_STATUS
        : `${(0,plan_error/* refusedWhat */.xw)(errors)} before any step ran (${(0,group_digits/* groupDigits */.K)(count)} problem${count === 1 ? '' : 's'}). Fix ${count === 1 ? 'it' : 'them'} and run again.`;
    return [
        `## \u274c plan-runner: ${(0,code_fence/* inlineCode */.t)(planPath)}`,
        '',
        `**Status:** failed \u2014 ${status}`,
        '',
        ...errors.map((error) => rejected_report_errorLine(error, redact)),
        '',
    ].join('\n');
}

;// CONCATENATED MODULE: ./lib/report/final-report.js











/** The note that opens a report whose trace could not be written whole. */
function traceLostNote(tracePath, redact) {
    return [
        '> [!WARNING]',
        `> **The trace is incomplete:** ${(0,code_fence/* inlineCode */.t)(redact(tracePath))} could not be written whole (see the log), so results this summary`,
        '> cuts are in no file, and no run can resume from this one.',
        '',
        '',
    ].join('\n');
}
/** A report where no step ran still says what the model's planning used, and how many of its requests were abandoned. */
function withAbandoned(markdown, usage) {
    const cost = usage && (0,summary_cost/* renderPlanningCost */.p_)(usage);
    return cost ? `${markdown.trimEnd()}\n\n${cost}\n` : markdown;
}
/**
 * The final word on a job: its status (a rejected plan is `failed`), goals, the record with the
 * status after goals, and the summary Markdown.
 */
function finalReport(outcome, given) {
    // Found by an adversarial pass: with the trace unwritten, the summary said the full results were in it.
    const notes = `${given.traceLost ? traceLostNote(given.tracePath, given.redact) : ''}${given.notes ?? ''}`;
    const context = { ...given, ...(notes && { notes }) };
    const report = reportOf(outcome, context);
    return context.notes ? { ...report, markdown: `${context.notes}${report.markdown}` } : report;
}
/**
 * A run cancelled with no record to show: its name (the plan's, else its file) and why, in words. The reason is
 * shown as the summary's status lines show theirs (found by an adversarial pass: a damaged trace's problem,
 * which quotes the trace, put its own headings, links and HTML in the job summary and the PR comment).
 */
function cancelledReport(name, reason, redact, usage) {
    return {
        status: 'cancelled',
        reason,
        goals: [],
        markdown: withAbandoned(`## ${(0,summary_header/* statusIcon */.I8)('cancelled')} plan-runner: ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(redact(name))}\n\n**Status:** ${(0,summary_header/* reasonText */.uV)(reason, redact)}.\n`, usage),
        planErrors: [],
        ...(usage && { usage }),
    };
}
function reportOf(outcome, context) {
    // The notes come before the report in the job summary, in its room.
    const roomAfterNotes = render_summary/* SUMMARY_ROOM_BYTES */.Xy - (context.notes ? Buffer.byteLength(context.notes) : 0);
    if (outcome.kind === 'rejected' && outcome.cancelled) {
        return cancelledReport(outcome.plan?.name ?? context.planPath, `cancelled while ${outcome.cancelled}; no step ran`, context.redact, outcome.usage);
    }
    if (outcome.kind === 'rejected') {
        const planErrors = relativePlanErrors(outcome.errors, context.planFile, context.planPath, context.root);
        // As the summary counts them: an "and N more" line stands for N problems.
        const problems = (0,plan_error/* problemCount */.bS)(planErrors);
        return {
            status: 'failed',
            reason: (0,plan_error/* isInternalFailure */.WP)(planErrors) ? INTERNAL_ERROR_TITLE : `the plan was rejected (${(0,group_digits/* groupDigits */.K)(problems)} problem${problems === 1 ? '' : 's'})`,
            goals: [],
            markdown: withAbandoned([renderRejectedReport(planErrors, context.planPath, context.redact), ...(outcome.rejectedPlan ? [renderRejectedPlan(outcome.rejectedPlan, context.redact)] : [])].join('\n\n'), outcome.usage),
            planErrors,
            ...(outcome.usage && { usage: outcome.usage }),
        };
    }
    if (outcome.kind === 'planned') {
        // mode: plan \u2014 the plan was written and validated; nothing ran. A budget its writing passed fails the job, the plan still shown.
        const stop = outcome.stopped;
        const after = context.failedAfter;
        // Above the plan, with the planning's cost: after it, a cut end (the comment's, a long plan's summary) took them (found by a caps hunt).
        const statusLine = stop
            ? `**Status:** ${stop.status} \u2014 ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(stop.message)}; the model's calls that wrote the plan passed it.`
            : after !== undefined
                ? `**Status:** failed \u2014 ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(context.redact(after))}.`
                : undefined;
        const cost = (0,summary_cost/* renderPlanningCost */.p_)(outcome.usage);
        const markdown = (0,plan_preview/* renderPlanPreview */.UM)(outcome.plan, {
            redact: context.redact,
            written: outcome.written,
            ...(statusLine && { status: statusLine }),
            ...(cost && { cost }),
            maxBytes: roomAfterNotes,
            ...(context.frozenPlanWritten && { fullPlanAt: 'the frozen plan file (the `plan-file` output)' }),
        });
        const status = stop ? stop.status : after !== undefined ? 'failed' : 'succeeded';
        const reason = stop?.message ?? after;
        return { status, ...(reason !== undefined && { reason }), goals: [], markdown, planErrors: [], usage: outcome.usage };
    }
    const lost = context.failedAfter !== undefined && (outcome.status === 'succeeded' || outcome.status === 'awaiting-approval');
    const ran = lost ? { ...outcome.run.record, reason: context.failedAfter } : outcome.run.record;
    const status = lost ? 'failed' : outcome.status;
    const { record, goals, reason } = judgedRecord(ran, status, outcome.goals, context.redact);
    const limits = outcome.plan.limits;
    const markdown = (0,render_summary/* renderSummary */.Br)(record, {
        redact: context.redact,
        goals,
        limits: { maxModelCalls: limits.max_model_calls, maxTokens: limits.max_tokens, maxCostUsd: limits.max_cost_usd },
        fullRecordAt: context.traceLost ? 'no file (the trace could not be written)' : `the trace file \`${context.tracePath}\``,
        maxBytes: roomAfterNotes,
        ...(context.fannedOut && { fannedOut: true }),
    });
    return {
        status,
        ...(reason === undefined ? {} : { reason }),
        goals,
        markdown,
        record,
        planErrors: [],
        ...(outcome.run.finalResult === undefined ? {} : { finalResult: outcome.run.finalResult }),
        ...(outcome.run.escalation ? { escalation: outcome.run.escalation } : {}),
    };
}


/***/ }),

/***/ 52895:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ goalLogLine),
/* harmony export */   Lb: () => (/* binding */ renderGoalsTable),
/* harmony export */   l$: () => (/* binding */ goalsHeadline),
/* harmony export */   zB: () => (/* binding */ goalListItem)
/* harmony export */ });
/* unused harmony exports goalIcon, evidenceBeside */
/* harmony import */ var _markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(60949);
/* harmony import */ var _cut_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86919);
/* harmony import */ var _checklist_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(24578);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(80083);




/** \u2705 met, \u274c unmet, \u26a0\ufe0f unmet warning, \u2754 could not evaluate. */
function goalIcon(goal) {
    if (goal.outcome === 'met')
        return '\u2705';
    if (goal.outcome === 'error')
        return '\u2754';
    return goal.severity === 'warning' ? '\u26a0\ufe0f' : '\u274c';
}
/** A goal's line in the job log and on the CLI's stdout: one line, however many its evidence has. */
function goalLogLine(goal) {
    return `${goalIcon(goal)} goal: ${(0,_checklist_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLogLine */ .Hr)(`${goal.name} \u2014 ${goal.evidence}`)}`;
}
function goalVerdict(goal) {
    if (goal.outcome === 'met')
        return 'met';
    if (goal.outcome === 'error')
        return 'could not evaluate';
    return goal.severity === 'warning' ? 'unmet (warning)' : 'unmet';
}
/** A goal as a Markdown list item (a used plan's goals under its step): icon, name, severity and outcome, evidence. */
function goalListItem(goal, redact, maxEvidence = 300) {
    const name = (0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(redact(goal.name), 200));
    return `- ${goalIcon(goal)} ${name} (${goal.severity}, ${goal.outcome === 'error' ? 'could not evaluate' : goal.outcome}): ${(0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(redact(evidenceBeside(goal)), maxEvidence))}`;
}
/**
 * A goal's evidence beside its outcome: a goal that could not be evaluated says so in its evidence too
 * (`could not evaluate: \u2026`), which the outcome beside it already says (found by a new-user walkthrough).
 */
function evidenceBeside(goal) {
    return goal.outcome === 'error' ? goal.evidence.replace(/^could not evaluate: /, '') : goal.evidence;
}
/** `2/3 goals met` (warnings counted with the rest). */
function goalsHeadline(goals) {
    return `${goals.filter((g) => g.outcome === 'met').length}/${goals.length} goals met`;
}
/**
 * The goals as a Markdown table; evidence is redacted, cut to `maxEvidence` and escaped. With more
 * goals than `maxRows`, or rows over `maxBytes` of UTF-8, the required ones not met are kept first, then
 * the warnings not met (the table keeps the plan's order), and a line after the table says how many were
 * left out and where they are.
 */
function renderGoalsTable(goals, redact, maxEvidence = 500, maxRows = Number.POSITIVE_INFINITY, restAt = 'the job summary', maxBytes = Number.POSITIVE_INFINITY) {
    const rowOf = (goal) => {
        const cells = [
            goalIcon(goal),
            (0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(redact(goal.name), 200)),
            goal.severity,
            goalVerdict(goal),
            (0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(redact(evidenceBeside(goal)), maxEvidence)),
        ];
        return `| ${cells.join(' | ')} |`;
    };
    const head = ['|  | Goal | Severity | Outcome | Evidence |', '| --- | --- | --- | --- | --- |'];
    // The required goals not met first: they are what failed the job.
    const notMet = [...goals.filter((goal) => goal.outcome !== 'met' && goal.severity === 'required'), ...goals.filter((goal) => goal.outcome !== 'met' && goal.severity !== 'required')];
    const rows = new Map();
    // A row is at most ~750 characters, but three bytes each in Japanese: 500 rows of it were 1 MB, past the summary's cap.
    let room = maxBytes - Buffer.byteLength(head.join('\n')) - NOTE_BYTES - Buffer.byteLength(restAt);
    for (const goal of [...notMet, ...goals.filter((goal) => goal.outcome === 'met')]) {
        if (rows.size >= maxRows)
            break;
        const row = rowOf(goal);
        room -= Buffer.byteLength(row) + 1;
        if (room < 0)
            break;
        rows.set(goal, row);
    }
    let note = '';
    if (rows.size < goals.length) {
        const left = goals.length - rows.size;
        const leftNotMet = notMet.filter((goal) => !rows.has(goal)).length;
        note = `\n\n_\u2026 ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_3__/* .groupDigits */ .K)(left)} more goal${left === 1 ? '' : 's'} (${leftNotMet === 0 ? 'all met' : `${leftNotMet} not met`}) in ${restAt}._`;
    }
    return [...head, ...goals.filter((goal) => rows.has(goal)).map((goal) => rows.get(goal))].join('\n') + note;
}
/** Room kept in `maxBytes` for the line that says how many goals were left out, besides where they are. */
const NOTE_BYTES = 100;


/***/ }),

/***/ 14260:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gf: () => (/* binding */ renderMermaidGraph)
/* harmony export */ });
/* unused harmony exports mermaidLabel, MERMAID_MAX_TEXT, MERMAID_MAX_EDGES */
/* harmony import */ var _checklist_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(24578);
/* harmony import */ var _core_code_fence_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71874);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(80083);



const STATE_STYLES = {
    pending: 'fill:#f6f8fa,stroke:#8c959f,color:#24292f',
    waiting: 'fill:#ddf4ff,stroke:#0969da,color:#24292f,stroke-dasharray:6 3',
    in_progress: 'fill:#fff8c5,stroke:#bf8700,color:#24292f',
    completed: 'fill:#dafbe1,stroke:#1a7f37,color:#24292f',
    failed: 'fill:#ffebe9,stroke:#cf222e,color:#24292f',
    skipped: 'fill:#eaeef2,stroke:#8c959f,color:#57606a,stroke-dasharray:4 3',
};
const MAX_LABEL = 60;
// Each run of white space becomes one space; a lone space is left as it is, so most labels are not copied.
const SPACING = /\s{2,}|[^\S ]/g;
const SAFE_LABEL = /^[\p{L}\p{N} ,.:?!/_-]*$/u;
const UNSAFE_CHAR = /[^\p{L}\p{N} ,.:?!/_-]/gu;
/**
 * Text for inside a quoted Mermaid label: anything beyond plain letters, digits and a few safe
 * marks becomes a `#code;` entity, so quotes, brackets, backticks, HTML and Markdown stay text.
 */
function mermaidLabel(text) {
    const flat = text.replace(SPACING, ' ').trim();
    // No more UTF-16 units than the limit means no more characters either: most labels need no cut.
    const chars = flat.length > MAX_LABEL ? [...flat] : undefined;
    const cut = chars && chars.length > MAX_LABEL ? [...chars.slice(0, MAX_LABEL - 1), '\u2026'].join('') : flat;
    return SAFE_LABEL.test(cut) ? cut : cut.replace(UNSAFE_CHAR, (c) => `#${c.codePointAt(0)};`);
}
/**
 * What Mermaid draws with its default settings (`maxTextSize`, `maxEdges`), as GitHub renders it:
 * past either, the reader sees an error box where the graph would be.
 */
const MERMAID_MAX_TEXT = 50_000;
const MERMAID_MAX_EDGES = 500;
/** The shortest a node's line can be, with its line break (see `renderMermaidGraph`). */
const MIN_NODE_LINE = '  s0["\u2b1c 1"]:::failed\n'.length;
/**
 * The plan as a Mermaid `graph TD`, each node coloured and iconed by its step's final state; for a
 * plan larger than Mermaid draws, a line that says so instead (the steps are listed elsewhere), and
 * the graph is not built beyond the point it is known to be too large.
 */
function renderMermaidGraph(record, redact) {
    const steps = record.plan?.steps ?? [];
    const edges = steps.reduce((sum, step) => sum + step.dependsOn.length, 0);
    const tooLarge = (what) => `_The plan graph (${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(steps.length)} steps, ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(edges)} dependencies) is left out: ${what}, more than Mermaid draws (${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(MERMAID_MAX_TEXT)} characters, ${MERMAID_MAX_EDGES} edges)._`;
    if (edges > MERMAID_MAX_EDGES)
        return tooLarge(`it has ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(edges)} edges`);
    // No node's line is shorter than `  s0["\u2b1c 1"]:::failed` and its line break: past this many steps the text is
    // too long whatever the titles, and 10,000 labels were made to find it out.
    if (steps.length * MIN_NODE_LINE > MERMAID_MAX_TEXT)
        return tooLarge('its text is longer');
    // Node ids are positional: step keys may be Mermaid keywords such as `end`.
    const ids = new Map(steps.map((step, index) => [step.key, `s${index}`]));
    const lines = ['graph TD'];
    let size = 0;
    for (const [index, step] of steps.entries()) {
        const stepRecord = record.steps.get(step.key);
        const state = stepRecord?.state ?? 'pending';
        // A for_each step is drawn once, with its count, however many items it has (a shard job's, the other shards' too).
        const counts = stepRecord?.itemCounts;
        const total = counts === undefined ? undefined : counts.total + (counts.otherShards ?? 0);
        // A shard's \u2705 is its own items': `\u2705 check (12 items)` read as all 12 done.
        const here = counts?.otherShards ? `, ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(counts.total)} run here` : '';
        const count = step.forEach ? (total === undefined ? ' (for each)' : ` (${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_2__/* .groupDigits */ .K)(total)} item${total === 1 ? '' : 's'}${here})`) : '';
        const label = `${_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .STATE_ICONS */ .t1[state]} ${mermaidLabel(`${step.key}. ${(0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .stepTitle */ .Fb)(step, redact)}${count}`)}`;
        const line = `  s${index}["${label}"]:::${state}`;
        size += line.length + 1;
        if (size > MERMAID_MAX_TEXT)
            return tooLarge('its text is longer');
        lines.push(line);
    }
    for (const step of steps) {
        for (const dep of step.dependsOn) {
            const from = ids.get(dep);
            if (from)
                lines.push(`  ${from} --> ${ids.get(step.key)}`);
        }
    }
    for (const [state, style] of Object.entries(STATE_STYLES))
        lines.push(`  classDef ${state} ${style}`);
    const text = lines.join('\n');
    if (text.length > MERMAID_MAX_TEXT)
        return tooLarge('its text is longer');
    return (0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_1__/* .fencedBlock */ .z)(text, 'mermaid');
}


/***/ }),

/***/ 70490:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UM: () => (/* binding */ renderPlanPreview),
/* harmony export */   Xv: () => (/* binding */ planPreviewLines),
/* harmony export */   w9: () => (/* binding */ plannedRecord)
/* harmony export */ });
/* harmony import */ var _checklist_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(24578);
/* harmony import */ var _core_code_fence_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(71874);
/* harmony import */ var _markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(60949);
/* harmony import */ var _mermaid_graph_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(14260);
/* harmony import */ var _summary_summary_header_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(31675);
/* harmony import */ var _cut_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(86919);
/* harmony import */ var _core_run_record_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(90422);
/* harmony import */ var _run_approval_gate_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(11132);
/* harmony import */ var _core_group_digits_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(80083);
/* harmony import */ var _summary_render_summary_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(26022);
/* harmony import */ var _summary_summary_part_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(54055);











/** The record of a plan no step of which has run: every step \u2b1c pending, as `plan_created` leaves it. */
function plannedRecord(plan) {
    const snapshot = {
        name: plan.name,
        ...(plan.goal !== undefined && { goal: plan.goal }),
        ...(plan.file !== undefined && { file: plan.file }),
        revision: 1,
        steps: [...plan.steps],
    };
    return (0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_5__/* .applyEvent */ .Z8)((0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_5__/* .newRunRecord */ .pB)(), { type: 'plan_created', at: 0, plan: snapshot });
}
/** A step's detail as the preview shows it: the plan file (the `plan-file` output) has it whole. */
const DETAIL_MAX_CHARS = 1_000;
/**
 * What a step will do besides its description: whether the run waits for approval before it (first, so no
 * cut loses it), the list a `for_each` step goes through, an agent's tools, the tool and args, the inputs, the
 * dependencies, the instruction a model gets where the title is not it; redacted, made one line with control
 * characters shown (a planner writes `why`, and the CLI prints it on a terminal), then cut to
 * DETAIL_MAX_CHARS, so that one step's arguments cannot push the others out.
 */
function stepDetail(step, redact, gate) {
    const parts = [];
    // Found by an adversarial pass: a step the run pauses before was shown as one that runs "after a".
    const waits = gate.needs(step);
    if (waits !== undefined)
        parts.push(`waits for approval: ${waits}`);
    // Found by an adversarial pass: a for_each step read as one call, and which list it goes through was shown nowhere.
    if (step.forEach) {
        const spread = step.forEach.fanOut ? ', spread over the shard jobs' : '';
        const onItem = step.forEach.onItemFailure === 'continue' ? ', a failed item stopping no other' : '';
        parts.push(`for each ${step.forEach.as} in ${step.forEach.list}${spread}${onItem}`);
    }
    if (step.type === 'agent' && step.tools?.length)
        parts.push(`may call ${step.tools.join(', ')}`);
    if (step.tool)
        parts.push(step.args ? `${step.tool} ${JSON.stringify(step.args)}` : `${step.tool} (args chosen by the model)`);
    if (step.type === 'plan' && step.uses !== undefined)
        parts.push(`runs the plan ${step.uses}${step.with ? ` with ${JSON.stringify(step.with)}` : ''}`);
    if (step.inputs.length)
        parts.push(`combines ${step.inputs.join(', ')}`);
    // A dependency it can do without, and a failure the run goes on past, change what runs: an approver reads them here.
    const optional = new Set(step.optional ?? []);
    parts.push(step.dependsOn.length ? `after ${step.dependsOn.map((key) => (optional.has(key) ? `${key} (even if it fails)` : key)).join(', ')}` : 'can start at once');
    if (step.onFailure === 'continue')
        parts.push('if it fails, the run goes on without it');
    // Found by an adversarial pass: the title hid the instruction a model works on (an agent's task, else the description),
    // and so did a title line cut to its width: a step a model wrote has no title, and its instruction showed to 100 characters.
    // Last but `why`: a long one is cut, not the dependencies.
    const instruction = step.type === 'agent' ? (step.task ?? step.description) : step.type === 'plan' || step.args ? undefined : step.description;
    const titleShowsIt = instruction === (step.title || step.description) && (0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .stepTitle */ .Fb)(step, redact) === (0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .stepTitle */ .Fb)(step, redact, Number.POSITIVE_INFINITY);
    if (instruction !== undefined && !titleShowsIt)
        parts.push(`${step.type === 'agent' ? 'task' : 'asks'}: ${instruction}`);
    if (step.why)
        parts.push(`why: ${step.why}`);
    return (0,_cut_text_js__WEBPACK_IMPORTED_MODULE_8__/* .cutText */ .IN)((0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLogLine */ .Hr)(redact(parts.join(' \u00b7 '))), DETAIL_MAX_CHARS);
}
/** The plan as plain-text checklist lines (\u2b1c id. description \u2014 details), for a terminal. */
function planPreviewLines(plan, redact = (text) => text) {
    const items = (0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .checklistItems */ .V_)(plannedRecord(plan), redact);
    const gate = new _run_approval_gate_js__WEBPACK_IMPORTED_MODULE_6__/* .ApprovalGate */ .N(plan, plan.tools);
    return items.map((item, index) => `${item.icon} ${item.key}. ${item.title} \u2014 ${stepDetail(plan.steps[index], redact, gate)}`);
}
/** The line for `count` steps of `total` left out of the preview. */
function leftOutLine(count, total, fullPlanAt) {
    return (0,_summary_render_summary_js__WEBPACK_IMPORTED_MODULE_7__/* .leftOutStepsLine */ .TN)(`${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_9__/* .groupDigits */ .K)(count)} of the ${(0,_core_group_digits_js__WEBPACK_IMPORTED_MODULE_9__/* .groupDigits */ .K)(total)} steps`, fullPlanAt);
}
/**
 * The plan as Markdown, for the job summary of `mode: plan`: goal, checklist and Mermaid graph. Nothing has run. The
 * steps' lines go in as far as they fit in `maxBytes`, the rest counted on one line: 1,000 steps of a long `why` each
 * passed the 1 MiB, and the summary's cut end took the status line after them (found by a caps hunt).
 */
function renderPlanPreview(plan, options) {
    const { redact } = options;
    const record = plannedRecord(plan);
    const items = (0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .checklistItems */ .V_)(record, redact);
    const origin = options.written ? 'written by the model and validated' : 'from the plan file, validated';
    const head = [`## \ud83d\udcdd plan-runner: ${(0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInlineMarkdown */ .ME)(redact(plan.name))} \u2014 plan only, nothing was run`, ''];
    if (options.status)
        head.push(options.status, '');
    head.push(`${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, ${origin}.`);
    if (plan.goal)
        head.push('', (0,_summary_summary_header_js__WEBPACK_IMPORTED_MODULE_4__/* .goalLine */ .yc)(plan.goal, redact));
    if (options.cost)
        head.push('', options.cost);
    head.push('', '### Steps', '');
    const graph = ['', '### Plan graph', '', (0,_mermaid_graph_js__WEBPACK_IMPORTED_MODULE_3__/* .renderMermaidGraph */ .gf)(record, redact), ''];
    // Each piece is followed by a line break in the joined text; the notice's room is kept whatever it comes to say.
    const fixed = [...head, ...graph, leftOutLine(items.length, items.length, options.fullPlanAt)].reduce((sum, line) => sum + (0,_summary_summary_part_js__WEBPACK_IMPORTED_MODULE_10__/* .byteSize */ .mz)(line) + 1, 0);
    let room = (options.maxBytes ?? _summary_render_summary_js__WEBPACK_IMPORTED_MODULE_7__/* .SUMMARY_ROOM_BYTES */ .Xy) - fixed;
    const steps = [];
    const gate = new _run_approval_gate_js__WEBPACK_IMPORTED_MODULE_6__/* .ApprovalGate */ .N(plan, plan.tools);
    for (const [index, item] of items.entries()) {
        const line = `- ${item.icon} ${(0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInlineMarkdown */ .ME)(`${item.key}. ${item.title}`)} \u2014 ${(0,_core_code_fence_js__WEBPACK_IMPORTED_MODULE_1__/* .inlineCode */ .t)(stepDetail(plan.steps[index], redact, gate))}`;
        room -= (0,_summary_summary_part_js__WEBPACK_IMPORTED_MODULE_10__/* .byteSize */ .mz)(line) + 1;
        if (room < 0)
            break;
        steps.push(line);
    }
    const leftOut = steps.length < items.length ? [leftOutLine(items.length - steps.length, items.length, options.fullPlanAt)] : [];
    return [...head, ...steps, ...leftOut, ...graph].join('\n');
}


/***/ }),

/***/ 90703:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ reasonBesideStatus),
/* harmony export */   j: () => (/* binding */ reasonAfterStatus)
/* harmony export */ });
/**
 * A run's reason as shown beside its status, less the status word it repeats: a cancel's reason is `cancelled (SIGINT)`,
 * and the views read `Run cancelled in 1.3 s (cancelled (SIGINT))` and `cancelled: cancelled (SIGINT)`. `SIGINT` then,
 * and no reason for one that is the word alone; any other reason as it is.
 */
function reasonBesideStatus(status, reason) {
    if (reason === undefined || status === undefined)
        return reason;
    if (reason === status)
        return undefined;
    const inner = reason.startsWith(`${status} (`) && reason.endsWith(')') ? reason.slice(status.length + 2, -1) : undefined;
    // Only a reason that is the status and one parenthesis: `cancelled (a) and (b)` is left whole.
    return inner !== undefined && !/[()]/.test(inner) ? inner : reason;
}
/**
 * What follows a status word in a sentence: ` (SIGINT)` for a reason that repeats the status (see {@link reasonBesideStatus}),
 * `: <reason>` for another, '' for none; `shown` makes the reason's text fit where it goes (redacted, one line, escaped).
 */
function reasonAfterStatus(status, reason, shown) {
    const beside = reasonBesideStatus(status, reason);
    if (beside !== reason)
        return beside === undefined ? '' : ` (${shown(beside)})`;
    return reason ? `: ${shown(reason)}` : '';
}


/***/ }),

/***/ 26022:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Xy: () => (/* binding */ SUMMARY_ROOM_BYTES),
  TN: () => (/* binding */ leftOutStepsLine),
  Br: () => (/* binding */ renderSummary)
});

// UNUSED EXPORTS: SUMMARY_MAX_BYTES

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/report/summary/attention-clause.js

/**
 * Which of `count` lines the summary leaves out or cuts need attention, in words: `unfinished` failed or did not
 * finish, `flagged` completed with work inside failed or left undone. One rule for the notice of steps left out and the
 * count of a used plan's cut lines: the count called a completed `for_each` step with failed items "failed or unfinished".
 */
function attentionClause(count, unfinished, flagged) {
    if (unfinished === count)
        return ' that failed or did not finish';
    if (flagged === count)
        return ' that completed, with work inside failed or left undone,';
    if (unfinished + flagged === 0)
        return ' that completed or did not run';
    const parts = [unfinished > 0 ? `${(0,group_digits/* groupDigits */.K)(unfinished)} of them failed or unfinished` : '', flagged > 0 ? `${(0,group_digits/* groupDigits */.K)(flagged)} completed with work inside failed or left undone` : ''];
    return `, ${parts.filter((text) => text !== '').join(' and ')},`;
}

// EXTERNAL MODULE: ./lib/report/goals-table.js
var goals_table = __webpack_require__(52895);
// EXTERNAL MODULE: ./lib/report/mermaid-graph.js
var mermaid_graph = __webpack_require__(14260);
// EXTERNAL MODULE: ./lib/report/checklist.js + 1 modules
var checklist = __webpack_require__(24578);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/core/code-fence.js
var code_fence = __webpack_require__(71874);
// EXTERNAL MODULE: ./lib/report/markdown/escape-markdown.js
var escape_markdown = __webpack_require__(60949);
;// CONCATENATED MODULE: ./lib/report/approval-section.js





/** A person approves arguments they can read: the job summary shows them whole up to this, the comment its start. */
const SUMMARY_ARGS = { maxChars: 20_000, maxTotalChars: 200_000, maxSteps: 1_000, restAt: 'the trace file' };
const COMMENT_ARGS = { maxChars: 1_000, maxTotalChars: 10_000, maxSteps: 50, restAt: 'the job summary' };
/** How a person approves a paused run, in words that fit the comment and the summary. */
const HOW_TO_APPROVE = 'To approve, someone with write access comments `/approve` on this pull request or issue (an `issue_comment` workflow runs plan-runner, which continues this run from its saved state); `/reject` ends it. See "Approval" in the plan-runner README. With the CLI: `plan-runner run PLAN --resume TRACE --approve HASH`.';
/**
 * What is left of a view's room for what its pending steps show past their titles: an agent's tools and task, a
 * used plan's path and why it waits, and arguments, shared part by part. Counted for arguments alone, 50 agents'
 * tasks and tools made the comment's approval list longer than the comment, and its checklist, the \u274c lines
 * too, went (found by an adversarial pass).
 */
class PendingRoom {
    shown;
    #left;
    constructor(shown) {
        this.shown = shown;
        this.#left = shown.maxTotalChars;
    }
    /** The most characters the next part may show: a step's `maxChars`, and no more than is left. */
    get next() {
        return Math.max(0, Math.min(this.shown.maxChars, this.#left));
    }
    take(chars) {
        this.#left -= chars;
    }
}
/** An agent's tools, as many as fit, and how many more there are. */
function toolsPart(tools, room) {
    const fits = room.next;
    const names = [];
    let used = 0;
    for (const tool of tools) {
        const name = (0,code_fence/* inlineCode */.t)(tool);
        if (used + name.length > fits)
            break;
        names.push(name);
        used += name.length + 2;
    }
    room.take(used);
    const more = tools.length - names.length;
    if (more === 0)
        return `may call ${names.join(', ')}`;
    const count = `${(0,group_digits/* groupDigits */.K)(more)}${names.length ? ' more' : ''} tool${more === 1 ? '' : 's'}`;
    return `may call ${names.length ? `${names.join(', ')} and ` : ''}${count} (${room.shown.restAt} lists them)`;
}
/**
 * `text`'s start within the room, as `show` writes it (its length as written is what the room loses: a code
 * span of backticks is three times its text); undefined when too little room is left to show a start worth reading.
 */
function fitted(text, room, show, minimum = 20) {
    const fits = room.next;
    if (text.length > fits && fits < minimum)
        return undefined;
    const shown = show((0,cut_text/* cutText */.IN)(text, fits));
    room.take(shown.length);
    return shown;
}
function pendingLine(step, redact, room) {
    const { restAt } = room.shown;
    const what = step.tool
        ? `calls ${(0,code_fence/* inlineCode */.t)(step.tool)}`
        : step.tools?.length
            ? toolsPart(step.tools, room)
            : step.uses !== undefined
                ? `runs the plan ${fitted((0,cut_text/* cutText */.IN)(redact(step.uses), 200), room, code_fence/* inlineCode */.t, 60) ?? (0,code_fence/* inlineCode */.t)((0,cut_text/* cutText */.IN)(redact(step.uses), 60))}, all of it`
                : `a ${step.type} step`;
    // Why a plan step waits: which of the used plan's steps asks, and for what; it runs all of that plan on one approval.
    const reason = step.uses === undefined || step.reason === undefined ? undefined : (fitted((0,cut_text/* cutText */.IN)((0,checklist/* oneLogLine */.Hr)(redact(step.reason)), 300), room, escape_markdown/* escapeInlineMarkdown */.ME, 40) ?? `why it waits: ${restAt} says`);
    const why = reason === undefined ? '' : ` (${reason})`;
    // What an agent works on, where its title is not it: the comment shows its start, as of arguments.
    const taskText = step.task === undefined ? undefined : redact(step.task);
    const task = taskText === undefined ? '' : `, working on ${fitted(taskText, room, code_fence/* inlineCode */.t) ?? `a task of ${(0,group_digits/* groupDigits */.K)(taskText.length)} characters (${restAt} has it)`}`;
    const title = `- ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(`${step.stepKey}. ${(0,cut_text/* cutText */.IN)(redact(step.title), 100)}`)} \u2014 ${what}${task}${why}`;
    const text = step.args === undefined ? '' : redact(JSON.stringify(step.args) ?? '{}');
    const maxChars = room.next;
    if (step.args !== undefined && maxChars < 20 && text.length > maxChars) {
        return `${title} with ${(0,group_digits/* groupDigits */.K)(text.length)} characters of arguments: ${restAt} has them`;
    }
    const rest = text.length > maxChars ? ` (${(0,group_digits/* groupDigits */.K)(text.length - maxChars + 1)} more characters: ${restAt} has them all)` : '';
    const shown = (0,code_fence/* inlineCode */.t)((0,cut_text/* cutText */.IN)(text, maxChars));
    room.take(shown.length);
    const args = step.args !== undefined
        ? ` with ${shown}${rest}`
        : step.tool
            ? ' \u2014 arguments known when it runs (chosen by the model, or from a step that has not run yet)'
            : '';
    return `${title}${args}`;
}
/** The pending steps' lines, within the view's room: each step's parts and all of them together. */
function pendingLines(pending, redact, shown) {
    const room = new PendingRoom(shown);
    const lines = pending.slice(0, shown.maxSteps).map((step) => pendingLine(step, redact, room));
    const more = pending.length - lines.length;
    if (more > 0)
        lines.push(`- \u2026 ${(0,group_digits/* groupDigits */.K)(more)} more step${more === 1 ? '' : 's'} to approve: ${shown.restAt} lists them`);
    return lines.join('\n');
}
/**
 * The approval part of a report: what a paused run asks a person to approve (its pending steps with
 * their arguments where known), how to approve, and that goals are not checked yet; or the answer
 * a person gave. '' when the run has neither.
 */
function renderApprovalSection(record, redact, level = '###', args = SUMMARY_ARGS) {
    const parts = [];
    const decision = record.decision;
    if (decision) {
        const by = decision.by ? ` by @${(0,escape_markdown/* escapeInlineMarkdown */.ME)(decision.by)}` : '';
        parts.push(decision.decision === 'approved' ? `\u2705 Approved${by} (approval ${(0,code_fence/* inlineCode */.t)(decision.hash)}).` : `\ud83d\udeab Rejected${by} (approval ${(0,code_fence/* inlineCode */.t)(decision.hash)}): the steps that awaited approval will not run.`);
    }
    const request = record.status === 'awaiting-approval' ? record.approval : undefined;
    if (request) {
        parts.push(`${level} \u23f8\ufe0f Awaiting approval`, 'Every step that did not need approval (and did not depend on one that does) has run. Goals are not checked yet: they are checked when the run finishes.', 
        // How to approve, and the hash, before the list: however long the list, a cut view keeps them.
        `${HOW_TO_APPROVE} Approval hash: ${(0,code_fence/* inlineCode */.t)(request.hash)}.`, `${request.pending.length} step${request.pending.length === 1 ? '' : 's'} to approve:`, pendingLines(request.pending, redact, args));
    }
    return parts.join('\n\n');
}

// EXTERNAL MODULE: ./lib/report/summary/summary-cost.js + 2 modules
var summary_cost = __webpack_require__(32372);
// EXTERNAL MODULE: ./lib/report/summary/summary-header.js
var summary_header = __webpack_require__(31675);
// EXTERNAL MODULE: ./lib/report/summary/summary-part.js
var summary_part = __webpack_require__(54055);
;// CONCATENATED MODULE: ./lib/report/summary/summary-revisions.js


function keys(list) {
    return list.length ? list.map((k) => (0,escape_markdown/* escapeInlineMarkdown */.ME)(k)).join(', ') : '\u2014';
}
/** The plan's revisions (what was replaced by what, and why), or '' when it was never revised. */
function renderSummaryRevisions(record, redact) {
    if (record.revisions.length === 0)
        return '';
    const rows = record.revisions.map((r) => `| ${r.revision} | ${keys(r.replaced)} | ${keys(r.added)} | ${(0,escape_markdown/* escapeInlineMarkdown */.ME)((0,cut_text/* cutText */.IN)(redact(r.reason), 1000))} |`);
    return ['### Plan revisions', '', '| Revision | Replaced | Added | Why |', '| ---: | --- | --- | --- |', ...rows].join('\n');
}

// EXTERNAL MODULE: ./lib/report/format-duration.js
var format_duration = __webpack_require__(74360);
;// CONCATENATED MODULE: ./lib/report/markdown/details-block.js

/**
 * A collapsed `<details>` block. The blank lines around `body` let Markdown (a code fence) render
 * inside it; the summary is HTML-escaped, so neither can close the block early.
 */
function detailsBlock(summary, body) {
    return `<details><summary>${(0,escape_markdown/* escapeHtml */.ZD)(summary)}</summary>\n\n${body}\n\n</details>`;
}

// EXTERNAL MODULE: ./lib/core/result-text.js
var result_text = __webpack_require__(16);
// EXTERNAL MODULE: ./lib/report/todo-entries.js
var todo_entries = __webpack_require__(44329);
// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
;// CONCATENATED MODULE: ./lib/report/summary/summary-steps.js












const INLINE_MAX = 120;
/** The most lines a cut list of a step's items, or of a used plan's steps, keeps of those that need attention. */
const URGENT_KEPT = 500;
/**
 * A step's title on its line: a description can be a whole prompt, and 400 steps of 3 KB each filled
 * the 1 MiB with titles alone. The plan file has them whole.
 */
const SUMMARY_TITLE_MAX = 300;
function isShort(text) {
    return text.length <= INLINE_MAX && !/[\r\n]/.test(text);
}
function stepLine(key, title, step, redact) {
    const state = step?.state ?? 'pending';
    // Each fact after ` \u00b7 `: built as text, not as a list joined (one list a step, 10,000 in a large run's summary).
    let meta = '';
    // As the checklist says it: the result is the earlier run's, not made here (its time is 0).
    if (step?.reused)
        meta += ' \u00b7 reused';
    else if (step?.durationMs !== undefined)
        meta += ` \u00b7 ${(0,format_duration/* formatDuration */.a)(step.durationMs)}`;
    if (step?.attempts !== undefined && step.attempts > 1)
        meta += ` \u00b7 ${step.attempts} attempts`;
    if (step && step.usage.modelCalls > 0)
        meta += ` \u00b7 ${step.usage.modelCalls} model call${step.usage.modelCalls === 1 ? '' : 's'}`;
    if (step?.agent) {
        const { turns, maxTurns, toolCalls, failedCalls } = step.agent;
        meta += ` \u00b7 turn ${turns}/${maxTurns} \u00b7 ${toolCalls} tool call${toolCalls === 1 ? '' : 's'}`;
        if (failedCalls > 0)
            meta += ` \u00b7 ${failedCalls} failed or not run`;
    }
    const tally = (0,todo_entries/* todoTally */.Ro)(step);
    if (tally)
        meta += ` \u00b7 todos ${tally}`;
    return `${checklist/* STATE_ICONS */.t1[state]} **${(0,escape_markdown/* escapeInlineMarkdown */.ME)(`${redact(key)}. ${title}`)}**${meta}`;
}
/** The text of one block (result or error), inline when short, else a collapsed cuttable block. */
function textBlock(label, text, json, where) {
    if (isShort(text))
        return { inline: json ? (0,code_fence/* inlineCode */.t)(text) : (0,escape_markdown/* escapeInlineMarkdown */.ME)(text) };
    const size = `${(0,group_digits/* groupDigits */.K)(text.length)} characters`;
    return {
        part: {
            full: detailsBlock(`${label} \u2014 ${size}`, (0,code_fence/* fencedBlock */.z)(text, json ? 'json' : 'text')),
            cut: `_${label} cut from this summary (${size}); the full text is in ${where}._`,
        },
    };
}
/** An item's line, and whether it shows less than the whole of its result or error (its start, or its first line). */
function itemLine(item, finished, redact) {
    // Another shard's item is not this shard job's to run: \u23ed\ufe0f would say it was skipped (found by a review).
    const state = item.state === 'pending' && finished && item.runBy === undefined ? 'skipped' : item.state;
    // Redacted before it is escaped: an item's key is data (`key: ${item.id}`), and escaping splits a secret the redactor would know.
    // An agent item's TODO list left open shows on its line (found by an adversarial pass: only a goal's
    // evidence said so, and a run without `all_steps_completed` gave no sign of it).
    const open = item.todos?.filter((todo) => todo.status !== 'completed').length ?? 0;
    const todos = open > 0 ? ` (${(0,group_digits/* groupDigits */.K)(open)} of ${(0,group_digits/* groupDigits */.K)(item.todos.length)} TODOs not done)` : '';
    const head = `- ${checklist/* STATE_ICONS */.t1[state]} ${(0,escape_markdown/* escapeMarkdown */.FV)(redact(item.key))}${item.reused ? ' (reused)' : ''}${todos}`;
    const shown = (text, max) => {
        const { preview, partial } = (0,checklist/* previewOf */.oW)(text, max);
        return { preview: (0,escape_markdown/* escapeMarkdown */.FV)(preview), partial };
    };
    if (item.state === 'completed') {
        if (item.result === undefined)
            return { line: head, partial: false };
        const { preview, partial } = shown(redact(typeof item.result === 'string' ? item.result : ((0,result_text/* resultJson */.y)(item.result) ?? String(item.result))));
        return { line: `${head} \u2192 ${preview}`, partial };
    }
    if (item.state === 'failed') {
        const { preview, partial } = shown(redact(item.error ?? 'failed'), 200);
        return { line: `${head} \u2014 ${preview}`, partial };
    }
    if (item.state === 'pending')
        return { line: item.runBy !== undefined ? `${head} \u2014 shard ${item.runBy}'s` : finished ? `${head} \u2014 not run` : head, partial: false };
    return { line: item.retry ? `${head} \u2014 attempt ${item.retry.attempt}/${item.retry.maxAttempts} failed, retrying` : head, partial: false };
}
/**
 * The note under item lines when one shows only the start of its result or error, '' otherwise: said once for the top
 * plan's items and a used plan's alike (a used plan's item line ended in "\u2026" without saying where the rest was, found
 * by an adversarial pass).
 */
function wholeItemsNote(lines, where) {
    return lines.some((line) => line.partial) ? `\n\n_An item's line shows the start of its result or error; each is whole in ${where}._` : '';
}
/** Whether an item's line says something went wrong or is under way: it failed or runs, or its agent left TODOs open. */
function itemNeedsAttention(item) {
    return item.state === 'failed' || item.state === 'in_progress' || (item.todos?.some((todo) => todo.status !== 'completed') ?? false);
}
/**
 * A for_each step's items, one line each, collapsed; cut to the lines of the items that need attention (at
 * most {@link URGENT_KEPT}) when the summary runs out of room. Cut whole, 20,000 items took the 2 that failed,
 * which the header counted, with them (found by an adversarial pass).
 */
function itemsPart(items, step, redact, where) {
    const finished = step.state !== 'in_progress' && step.state !== 'pending';
    const lines = items.map((item) => itemLine(item, finished, redact));
    const label = `${(0,group_digits/* groupDigits */.K)(items.length)} item${items.length === 1 ? '' : 's'}${(0,checklist/* itemProgress */.jl)(step)}`;
    // Found by an adversarial pass: a line shows a result's first 80 characters, and nothing said where the rest was.
    const whole = wholeItemsNote(lines, where);
    const urgent = [];
    for (let index = 0; index < items.length && urgent.length < URGENT_KEPT; index++)
        if (itemNeedsAttention(items[index]))
            urgent.push(index);
    if (urgent.length === 0)
        return { full: detailsBlock(label, `${lines.map((line) => line.line).join('\n')}${whole}`), cut: `_The ${label} were cut from this summary; every item is in ${where}._` };
    const left = items.length - urgent.length;
    const unfinished = items.reduce((sum, item) => sum + (itemNeedsAttention(item) ? 1 : 0), 0) - urgent.length;
    const which = unfinished === 0 ? '' : `, ${(0,group_digits/* groupDigits */.K)(unfinished)} of them failed or unfinished,`;
    const note = `_The other ${(0,group_digits/* groupDigits */.K)(left)} of the ${(0,group_digits/* groupDigits */.K)(items.length)} items${which} ${left === 1 ? 'was' : 'were'} cut from this summary; every item is in ${where}._`;
    return {
        full: detailsBlock(label, `${lines.map((line) => line.line).join('\n')}${whole}`),
        cut: `${urgent.map((index) => lines[index].line).join('\n')}${left > 0 ? `\n\n${note}` : ''}`,
        least: `_The ${label} were cut from this summary; every item is in ${where}._`,
    };
}
function stepParts(key, title, step, redact, where) {
    let line = stepLine(key, title, step, redact);
    const parts = [];
    if (step?.items) {
        // One line per item instead of the list as one block: the counts head the line, the items fold out.
        // Its counts ("3/3 done") do not show the items its list lacked (drawn from a cut result, or a tool's made from a partial one).
        line += `${(0,escape_markdown/* escapeMarkdown */.FV)((0,checklist/* itemProgress */.jl)(step))}${(0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* partialNote */.wY)(step, redact, 500))}${(0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* foundNote */.Tq)(step, redact, 500))}`;
        if (step.items.length > 0)
            parts.push(itemsPart(step.items, step, redact, where));
        if (step.state === 'failed')
            line += ` \u2014 ${(0,escape_markdown/* escapeMarkdown */.FV)((0,cut_text/* cutText */.IN)(redact(step.error ?? 'failed'), 500))}`;
        return [line, ...parts];
    }
    if (step?.state === 'completed' && step.result !== undefined) {
        const { text, json } = (0,result_text/* resultText */.D)(step.result);
        const block = textBlock('Result', redact(text), json, where);
        if (block.inline !== undefined)
            line += ` \u2192 ${block.inline}`;
        line += (0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* partialNote */.wY)(step, redact, 500));
        if (block.part)
            parts.push(block.part);
    }
    else if (step?.state === 'failed') {
        const block = textBlock('Error', redact(step.error ?? 'failed'), false, where);
        if (block.inline !== undefined)
            line += ` \u2014 ${block.inline}`;
        if (block.part)
            parts.push(block.part);
    }
    else if (step?.state === 'skipped' && step.skipReason) {
        line += ` \u2014 ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(redact(step.skipReason))}`;
    }
    else if (step?.retry) {
        line += ` \u2014 attempt ${step.retry.attempt}/${step.retry.maxAttempts} failed, retrying: ${(0,escape_markdown/* escapeInlineMarkdown */.ME)((0,cut_text/* cutText */.IN)(redact(step.retry.error), 200))}`;
    }
    // A result the run resumed made, found done here: only the trace said so ('' for any other step).
    if (step)
        line += (0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* foundNote */.Tq)(step, redact, 500));
    // What its plan left undone in the run resumed, cut to its count before any step is left out: 500 characters on
    // each of 10,000 reused plan steps left 8,205 of them out of the summary (found by a caps pass).
    const undone = step ? (0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* undoneNote */.oc)(step, redact, 500)) : '';
    const head = undone === '' ? line : { full: `${line}${undone}`, cut: `${line}${(0,escape_markdown/* escapeInlineMarkdown */.ME)((0,checklist/* undoneCount */.R4)(step))}` };
    const todos = step?.todos?.length ? (0,todo_entries/* todoEntries */.vk)(step, redact) : [];
    if (todos.length > 0)
        parts.unshift(todos.map((todo) => `- ${todo.icon} ${(0,escape_markdown/* escapeMarkdown */.FV)(todo.content)}`).join('\n'));
    // A stopped agent's last words say how far it got (a max_turns error already quotes them).
    const last = step?.agent?.lastMessage;
    if (step?.state === 'failed' && last !== undefined && !(step.error ?? '').includes(last.trim().replace(/\s+/g, ' ').slice(0, 100))) {
        parts.push(textBlock('Last message from the agent', redact(last), false, where).part ?? `Last message from the agent: ${(0,escape_markdown/* escapeMarkdown */.FV)(redact(last))}`);
    }
    if (parts.length === 0)
        return [head];
    parts.unshift(head);
    return parts;
}
/**
 * How readily the size cap leaves a step's lines out: a completed step first (1), then one that did not
 * run (2: pending once the run ended, or skipped), and last one that `needsAttention` (3). A step still
 * to come in a run under way is never left out.
 */
function dropRank(step, ended) {
    if ((0,checklist/* needsAttention */.e_)(step))
        return 3;
    const state = step?.state ?? 'pending';
    if (state === 'completed')
        return 1;
    return state === 'skipped' || (state === 'pending' && ended) ? 2 : undefined;
}
/**
 * The lines of a plan step's nested run, and of runs nested in theirs, indented under it, in order; under a
 * `for_each` step, the lines of its items that need attention (a failed one's error), as the top plan's step
 * lists them: its counts alone left which item failed, and why, to the trace (found by an adversarial pass).
 */
function nestedLines(step, redact, depth = 1) {
    const nested = step?.nested;
    if (!nested)
        return [];
    // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
    return (0,checklist/* checklistItems */.V_)(nested, redact).flatMap((item) => {
        const inner = nested.steps.get(item.key);
        const text = `${'  '.repeat(depth - 1)}- ${item.icon} ${(0,escape_markdown/* escapeMarkdown */.FV)(`${redact(item.key)}. ${item.title}${item.status}`)}`;
        const finished = inner !== undefined && inner.state !== 'in_progress' && inner.state !== 'pending';
        const items = (inner?.items ?? []).filter(itemNeedsAttention).map((entry) => {
            const { line, partial } = itemLine(entry, finished, redact);
            return { text: `${'  '.repeat(depth)}${line}`, urgent: true, partial, item: true, ...(entry.state === 'completed' && { completed: true }) };
        });
        const urgent = (0,checklist/* needsAttention */.e_)(inner);
        return [{ text, urgent, ...(urgent && inner?.state === 'completed' && { completed: true }) }, ...items, ...nestedLines(inner, redact, depth + 1)];
    });
}
/**
 * A plan step's nested run, cuttable to the lines of its steps that need attention (at most
 * {@link URGENT_KEPT}) and a count of the others. One block no cut could shorten, a used plan of 30,000
 * steps was over the 1 MiB alone, and its step left out, the \u274c under it with it (found by an adversarial pass).
 */
function nestedPart(step, redact, where) {
    const lines = nestedLines(step, redact);
    if (lines.length === 0)
        return undefined;
    const full = `${lines.map((line) => line.text).join('\n')}${wholeItemsNote(lines, where)}`;
    const urgent = lines.filter((line) => line.urgent);
    const kept = urgent.slice(0, URGENT_KEPT);
    const shown = new Set(kept);
    // Steps and items apart: 4,501 failed items of a plan of one step were "4,501 steps of the plans this step uses" (found by an adversarial pass).
    const note = (cut) => {
        const items = cut.reduce((sum, line) => sum + (line.item ? 1 : 0), 0);
        const flagged = cut.reduce((sum, line) => sum + (line.completed ? 1 : 0), 0);
        const unfinished = cut.reduce((sum, line) => sum + (line.urgent ? 1 : 0), 0) - flagged;
        const count = (n, noun) => (n === 0 ? '' : `${(0,group_digits/* groupDigits */.K)(n)} ${noun}${n === 1 ? '' : 's'}`);
        const what = [count(cut.length - items, 'step'), count(items, 'item')].filter((text) => text !== '').join(' and ');
        return `_\u2026 ${what} of the plans this step uses${attentionClause(cut.length, unfinished, flagged)} ${cut.length === 1 ? 'was' : 'were'} cut from this summary; every step${items > 0 ? ' and item' : ''} is in ${where}._`;
    };
    // Every line kept: no cut shortens it, but a count still can (1,000 such plan steps left the last 194 out whole).
    if (kept.length === lines.length)
        return { full, cut: full, least: note(lines) };
    const rest = note(lines.filter((line) => !shown.has(line)));
    return { full, cut: kept.length > 0 ? `${kept.map((line) => line.text).join('\n')}${wholeItemsNote(kept, where)}\n\n${rest}` : rest, least: note(lines) };
}
/**
 * The goals each plan a `type: plan` step used was checked against (its own and, deeper, its plan steps'),
 * one part per plan: a warning it did not meet, or the evidence its step passed on, shows here.
 */
function usedPlanGoals(path, step, redact) {
    const nested = step?.nested;
    if (!nested)
        return [];
    const own = nested.goals?.length
        ? [[`Goals of the plan ${(0,escape_markdown/* escapeInlineMarkdown */.ME)(redact(path.join(' \u203a ')))} uses \u2014 ${(0,goals_table/* goalsHeadline */.l$)(nested.goals)}:`, ...nested.goals.map((goal) => (0,goals_table/* goalListItem */.zB)(goal, redact))].join('\n')]
        : [];
    return [...own, ...[...nested.steps].flatMap(([key, inner]) => usedPlanGoals([...path, key], inner, redact))];
}
/**
 * Every step with its full result: the current plan's steps first, then steps an earlier revision
 * replaced (a failure that caused a replan must stay visible). Long results are cuttable parts.
 */
function renderSummarySteps(record, redact, where) {
    const planSteps = record.plan?.steps ?? [];
    const inPlan = (0,checklist/* currentKeys */.aJ)(planSteps);
    const parts = ['### Steps'];
    for (const planStep of planSteps) {
        const step = record.steps.get(planStep.key);
        const lines = stepParts(planStep.key, (0,checklist/* stepTitle */.Fb)(planStep, redact, SUMMARY_TITLE_MAX), step, redact, where);
        // A plan step's nested run, indented under it: each inner step with its status.
        // Only a plan step has a nested run, with its lines and the goals of the plans it used.
        if (step?.nested) {
            const inner = nestedPart(step, redact, where);
            if (inner !== undefined)
                lines.push(inner);
            (0,push_all/* pushAll */.i)(lines, usedPlanGoals([planStep.key], step, redact));
        }
        const rank = dropRank(step, record.status !== undefined);
        if (rank === undefined)
            (0,push_all/* pushAll */.i)(parts, lines);
        else
            parts.push({ lines, rank, ...(rank === 3 && step?.state === 'completed' && { completed: true }) });
    }
    const replaced = [...record.steps.values()].filter((step) => !inPlan.has(step.key));
    if (replaced.length > 0) {
        parts.push('#### Replaced by a plan revision');
        for (const step of replaced) {
            const planStep = record.replacedPlanSteps?.get(step.key);
            (0,push_all/* pushAll */.i)(parts, stepParts(step.key, planStep ? (0,checklist/* stepTitle */.Fb)(planStep, redact, SUMMARY_TITLE_MAX) : 'replaced step', step, redact, where));
        }
    }
    return parts;
}

;// CONCATENATED MODULE: ./lib/report/summary/render-summary.js










/** GitHub shows at most 1 MiB of a step's job summary. */
const SUMMARY_MAX_BYTES = 1024 * 1024;
/**
 * The bytes a step's summary is given: 16 under {@link SUMMARY_MAX_BYTES} as a margin (the runner drops a summary over its
 * limit whole). Nothing is written after it: a summary is appended as it is, no newline added.
 */
const SUMMARY_ROOM_BYTES = SUMMARY_MAX_BYTES - 16;
/** The line saying `what` (e.g. "3 steps") is left out of a summary to fit, and where every step is when known. */
function leftOutStepsLine(what, where) {
    return `_\u2026 ${what} left out here to stay under GitHub's 1 MiB limit${where ? `; every step is in ${where}` : ''}._`;
}
const SEPARATOR = '\n\n';
function cutNotice(count, where) {
    return `> [!WARNING]\n> ${count} result${count === 1 ? ' was' : 's were'} cut from this summary (largest first) to stay under GitHub's 1 MiB limit; the full results are in ${where}.`;
}
/** The line for `count` steps left out, `unfinished` of which failed or did not finish and `flagged` completed past failed or undone work. */
function leftOutNotice(count, unfinished, flagged, where) {
    return leftOutStepsLine(`${(0,group_digits/* groupDigits */.K)(count)} step${count === 1 ? '' : 's'}${attentionClause(count, unfinished, flagged)}`, where);
}
/** Every cuttable part, also those inside a step's lines. */
function cuttables(parts) {
    return parts.flatMap((part) => ((0,summary_part/* isDroppable */.yY)(part) ? part.lines.filter(summary_part/* isCuttable */.fx) : (0,summary_part/* isCuttable */.fx)(part) ? [part] : []));
}
function show(part, cut, least) {
    return (0,summary_part/* isCuttable */.fx)(part) ? (least.has(part) ? part.least : cut.has(part) ? part.cut : part.full) : part;
}
/** The parts as `join` shows them, each piece with its place (a part is its own line 0); a run of steps left out is one notice (index -1). */
function eachPiece(parts, dropped, where, visit) {
    let leftOut = 0;
    let unfinished = 0;
    let flagged = 0;
    const notice = () => {
        if (leftOut > 0)
            visit(leftOutNotice(leftOut, unfinished, flagged, where), -1, -1);
        leftOut = 0;
        unfinished = 0;
        flagged = 0;
    };
    parts.forEach((part, index) => {
        if ((0,summary_part/* isDroppable */.yY)(part) && dropped.has(part)) {
            leftOut++;
            if (part.rank === 3 && part.completed)
                flagged++;
            else if (part.rank === 3)
                unfinished++;
            return;
        }
        notice();
        if ((0,summary_part/* isDroppable */.yY)(part))
            part.lines.forEach((line, at) => visit(line, index, at));
        else
            visit(part, index, 0);
    });
    notice();
}
/** The parts as text; a run of steps left out becomes one line saying how many. */
function join(parts, cut, least, dropped, where) {
    const out = [];
    eachPiece(parts, dropped, where, (piece) => {
        const shown = show(piece, cut, least);
        if (shown !== '')
            out.push(shown);
    });
    return out.join(SEPARATOR);
}
/**
 * Measures every text of the body once: results whole and cut, strings by their place. Measured each
 * time they were asked for, in each comparison of the sort of the results and in the whole text joined
 * again after each cut, 256 results of 1 MB took 4.7 s and 1.3 GB (now 1.5 s and 0.9 GB, most of it V8
 * copying each result's block into one string, once, to measure it).
 */
function measureBody(body, cut, least) {
    const full = new Map();
    const short = new Map();
    const measure = (piece) => {
        if (typeof piece === 'string')
            return (0,summary_part/* byteSize */.mz)(piece);
        // One cut already is never shown whole: a result longer than the cap is not measured whole either.
        if (!cut.has(piece))
            full.set(piece, (0,summary_part/* byteSize */.mz)(piece.full));
        short.set(piece, (0,summary_part/* byteSize */.mz)(piece.cut));
        return 0;
    };
    const strings = body.map((part) => ((0,summary_part/* isDroppable */.yY)(part) ? part.lines.map(measure) : [measure(part)]));
    const bytes = {
        full: (part) => full.get(part) ?? (0,summary_part/* byteSize */.mz)(part.full),
        cut: (part) => short.get(part) ?? (0,summary_part/* byteSize */.mz)(part.cut),
        shown: (piece, index, line) => {
            if (typeof piece !== 'string')
                return least.has(piece) ? (0,summary_part/* byteSize */.mz)(piece.least) : cut.has(piece) ? bytes.cut(piece) : bytes.full(piece);
            return strings[index]?.[line] ?? (0,summary_part/* byteSize */.mz)(piece);
        },
    };
    return bytes;
}
/** The size in bytes of `join([...first, ...body])`, from the body's sizes: the text itself is not built. */
function joinedBytes(first, body, bytes, dropped, where) {
    return joinedSize(first.map(summary_part/* byteSize */.mz), body, dropped, where, (piece, index, line) => bytes.shown(piece, index, line));
}
/** The length in characters of `join([...first, ...body])`: at most its size in bytes. */
function joinedChars(first, body, cut, least, dropped, where) {
    return joinedSize(first.map((text) => text.length), body, dropped, where, (piece) => show(piece, cut, least).length);
}
/** The size of `join([...first, ...body])` by the pieces' sizes (`firstSizes`, `pieceSize`), in bytes or characters. */
function joinedSize(firstSizes, body, dropped, where, pieceSize) {
    let total = 0;
    let pieces = 0;
    const add = (size) => {
        // `join` leaves out empty pieces, and only an empty string has no bytes.
        if (size === 0)
            return;
        total += size;
        pieces++;
    };
    for (const size of firstSizes)
        add(size);
    eachPiece(body, dropped, where, (piece, index, line) => add(pieceSize(piece, index, line)));
    return total + SEPARATOR.length * Math.max(0, pieces - 1);
}
/** Cuts the line-based remainder at the last line that fits, when even the cut parts are too big. */
function hardCut(text, maxBytes, where) {
    const tail = `\n\n_The summary was cut here to stay under GitHub's 1 MiB limit; the full record is in ${where}._\n`;
    const room = maxBytes - (0,summary_part/* byteSize */.mz)(tail);
    const bytes = Buffer.from(text, 'utf8').subarray(0, Math.max(0, room));
    const head = bytes.toString('utf8').replace(/\uFFFD$/, '');
    const lastLine = head.lastIndexOf('\n');
    return `${lastLine > 0 ? head.slice(0, lastLine) : head}${tail}`;
}
/**
 * The job summary in Markdown: status, goals, every step with its result, cost, revisions and the
 * plan graph. Kept under `maxBytes` by cutting results (largest first) and saying where they are.
 */
/**
 * Goal rows the summary shows, the goals not met first (each row at most ~750 characters: 500 take
 * 375 KB of its 1 MiB), within half its bytes. Whole, 20,000 goals filled the 1 MiB and the cut end took every
 * \u274c row and the steps.
 */
const SUMMARY_GOAL_ROWS = 500;
function renderSummary(record, options) {
    const { redact } = options;
    const where = options.fullRecordAt ?? 'the trace file';
    const maxBytes = options.maxBytes ?? SUMMARY_ROOM_BYTES;
    const goals = options.goals?.length
        ? [`### Goals \u2014 ${(0,goals_table/* goalsHeadline */.l$)(options.goals)}`, (0,goals_table/* renderGoalsTable */.Lb)(options.goals, redact, 500, SUMMARY_GOAL_ROWS, where, Math.floor(maxBytes / 2))]
        : [];
    const graph = {
        full: `### Plan graph\n\n${(0,mermaid_graph/* renderMermaidGraph */.gf)(record, redact)}`,
        cut: '_The plan graph was left out to stay under the size limit._',
    };
    const approval = renderApprovalSection(record, redact);
    const body = [
        ...(approval ? [approval] : []),
        ...goals,
        ...renderSummarySteps(record, redact, where),
        (0,summary_cost/* renderSummaryCost */.IU)(record, options.limits, redact, { ...(options.fannedOut && { fannedOut: true }), ...(options.killed && { killed: true }) }),
        renderSummaryRevisions(record, redact),
        graph,
    ];
    const header = (0,summary_header/* renderSummaryHeader */.ss)(record, redact);
    const cut = new Set();
    // A part longer in characters than the summary may be in bytes is never shown (a character is at least one
    // byte), and the loop below would cut it first: cut it before it is measured or joined (an 8 MiB result: +41-49 MB).
    for (const part of cuttables(body))
        if (part !== graph && part.full.length > maxBytes)
            cut.add(part);
    const dropped = new Set();
    const least = new Set();
    // A part shown shorter: cut, or down to its count (one whose cut keeps every line goes there alone).
    const notice = () => {
        let results = cut.size - (cut.has(graph) ? 1 : 0);
        for (const part of least)
            if (!cut.has(part))
                results++;
        return results ? cutNotice(results, where) : '';
    };
    const render = () => `${join([header, notice(), ...body], cut, least, dropped, where)}\n`;
    // A text of at most `maxBytes` characters may fit: built and measured once, it is the summary when it does. Each of
    // its 10,000 steps' lines measured apart took longer than the text. (More characters than bytes allowed never fit.)
    if (joinedChars([header, notice()], body, cut, least, dropped, where) + 1 <= maxBytes) {
        const text = render();
        if ((0,summary_part/* byteSize */.mz)(text) <= maxBytes)
            return text;
    }
    // The size of `render()`, summed from sizes measured once: past here the text is built once, when it fits or is cut
    // (one that fits by characters but not by bytes, CJK text, was built above too).
    const bytes = measureBody(body, cut, least);
    const measure = () => joinedBytes([header, notice()], body, bytes, dropped, where) + 1;
    if (measure() <= maxBytes)
        return render();
    // A cut that keeps every line (a used plan's that all need attention) is no cut: counted, it said a result was cut that was shown whole.
    const results = cuttables(body).filter((p) => p !== graph && !cut.has(p) && p.cut !== p.full);
    results.sort((a, b) => bytes.full(b) - bytes.full(a));
    // Reserve room for the notice up front so adding it cannot push the text back over the cap.
    // (The text has a notice already when parts were cut above: that one is counted once.)
    const noticed = cut.size > 0 ? (0,summary_part/* byteSize */.mz)(cutNotice(cut.size, where)) + SEPARATOR.length : 0;
    let size = measure() - noticed + (0,summary_part/* byteSize */.mz)(cutNotice(results.length + cut.size, where)) + SEPARATOR.length;
    for (const part of results) {
        if (size <= maxBytes)
            break;
        cut.add(part);
        size -= bytes.full(part) - bytes.cut(part);
    }
    if (measure() <= maxBytes)
        return render();
    cut.add(graph);
    if (measure() <= maxBytes)
        return render();
    // The cuts that keep lines (a list's failed items) down to their counts, largest first, before any step is left out.
    const shorter = cuttables(body).filter((part) => part.least !== undefined && (cut.has(part) || part.cut === part.full));
    const shown = (part) => (cut.has(part) ? bytes.cut(part) : bytes.full(part));
    shorter.sort((a, b) => shown(b) - shown(a));
    size = measure();
    // Room for the notice as it may come to read: a part shown whole until now is counted in it once at its count.
    if (shorter.some((part) => !cut.has(part))) {
        const now = (0,summary_part/* byteSize */.mz)(notice());
        size += (0,summary_part/* byteSize */.mz)(cutNotice(cut.size + shorter.length, where)) - now + (now === 0 ? SEPARATOR.length : 0);
    }
    for (const part of shorter) {
        if (size <= maxBytes)
            break;
        least.add(part);
        size -= shown(part) - (0,summary_part/* byteSize */.mz)(part.least);
    }
    if (measure() <= maxBytes)
        return render();
    leaveOutSteps(body, dropped, { size: measure(), maxBytes, bytes, where, measure });
    const text = render();
    return (0,summary_part/* byteSize */.mz)(text) <= maxBytes ? text : hardCut(text, maxBytes, where);
}
/**
 * With every result cut and still too big: leaves out the lines of completed steps, then of steps that
 * did not run, each from the last up, until the summary fits. A step is left out only where that saves
 * room: alone between kept lines it needs a notice of its own, which may be longer than its line; lines
 * shorter than a notice go in runs of neighbours. When the failed, running and waiting steps' lines
 * alone are over the cap, the steps are left out from the last up whatever their state, as one run with
 * one notice, when that can make it fit: the first failures, the goals, the cost and the revisions stay,
 * and `hardCut` takes the end only past them.
 */
function leaveOutSteps(body, dropped, state) {
    const at = new Map();
    body.forEach((part, index) => {
        if ((0,summary_part/* isDroppable */.yY)(part))
            at.set(part, index);
    });
    const candidates = [...at.keys()];
    const noticeBytes = (0,summary_part/* byteSize */.mz)(leftOutNotice(candidates.length, candidates.length - 1, 0, state.where)) + SEPARATOR.length;
    const isDropped = (index) => {
        const part = body[index];
        return part !== undefined && (0,summary_part/* isDroppable */.yY)(part) && dropped.has(part);
    };
    const lineBytes = (step) => step.lines.reduce((sum, line, j) => sum + state.bytes.shown(line, at.get(step), j) + SEPARATOR.length, 0);
    let size = state.size;
    // Each pass leaves out what the estimate says is enough; then the text is measured again: summed from
    // its pieces, not joined (joining it after each pass cost 80,000 steps 0.3-0.8 s).
    const leaveOut = (order, evenAtACost) => {
        for (let pass = 0; pass < 8; pass++) {
            let changed = false;
            for (const step of order) {
                if (size <= state.maxBytes)
                    break;
                if (dropped.has(step))
                    continue;
                const index = at.get(step);
                const before = isDropped(index - 1);
                const after = isDropped(index + 1);
                // Beside a run left out, it joins that run's notice; between two, it makes them one.
                const saving = lineBytes(step) - (before || after ? 0 : noticeBytes) + (before && after ? noticeBytes : 0);
                if (saving <= 0 && !evenAtACost)
                    continue;
                dropped.add(step);
                changed = true;
                size -= saving;
            }
            // Nothing more left out: the size is the one measured last.
            if (!changed && pass > 0)
                return false;
            size = state.measure();
            if (size <= state.maxBytes)
                return true;
        }
        return false;
    };
    const byRank = [1, 2].flatMap((rank) => candidates.filter((step) => step.rank === rank).reverse());
    if (leaveOut(byRank, false))
        return;
    // Lines shorter than a notice: the first step left out of a run costs room, the ones beside it save it.
    // So runs of neighbouring completed or not-run steps whose lines together outweigh a notice go next, the
    // last run first, each from its last step up; a run that holds a step left out already has its notice.
    const runs = [];
    let run = { steps: [], noticed: false };
    for (const part of body) {
        if ((0,summary_part/* isDroppable */.yY)(part) && part.rank !== 3) {
            if (dropped.has(part))
                run.noticed = true;
            else
                run.steps.push(part);
        }
        else if (run.steps.length > 0 || run.noticed) {
            runs.push(run);
            run = { steps: [], noticed: false };
        }
    }
    runs.push(run);
    const worthwhile = runs
        .reverse()
        .filter(({ steps, noticed }) => steps.length > 0 && steps.reduce((sum, step) => sum + lineBytes(step), 0) > (noticed ? 0 : noticeBytes))
        .map(({ steps }) => steps);
    if (leaveOut(worthwhile.flatMap((steps) => [...steps].reverse()), true))
        return;
    // Only when leaving every step out would fit: else what follows the steps (replaced steps, say) is
    // over the cap by itself, and `hardCut` keeps more of what went wrong with the steps left in.
    const before = [...dropped];
    for (const step of candidates)
        dropped.add(step);
    const enough = state.measure() <= state.maxBytes;
    dropped.clear();
    for (const step of before)
        dropped.add(step);
    if (!enough)
        return;
    // The first step left out at the end costs a notice; the ones above it join that notice.
    leaveOut([...candidates].reverse(), true);
}


/***/ }),

/***/ 32372:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  p_: () => (/* binding */ renderPlanningCost),
  IU: () => (/* binding */ renderSummaryCost)
});

// UNUSED EXPORTS: KILLED_COST_NOTE, abandonedLine

// EXTERNAL MODULE: ./lib/core/usage.js
var core_usage = __webpack_require__(76940);
// EXTERNAL MODULE: ./lib/report/markdown/escape-markdown.js
var escape_markdown = __webpack_require__(60949);
// EXTERNAL MODULE: ./lib/core/run-usage.js
var run_usage = __webpack_require__(82796);
// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
;// CONCATENATED MODULE: ./lib/report/reused-work.js


/**
 * The steps and items `record` reused (an item of a step reused whole counts with its step), those of the plans its
 * `type: plan` steps ran included (a review found a resumed run whose reuse was all inside one said nothing of it).
 */
function reusedWork(record) {
    let steps = 0;
    let items = 0;
    let usage = core_usage/* NO_USAGE */.y;
    const count = (run) => {
        for (const step of run.steps.values()) {
            if (step.reused) {
                steps += 1;
                usage = (0,core_usage/* addUsage */.v)(usage, step.reused);
            }
            else if (step.itemCounts && step.itemCounts.reused > 0) {
                items += step.itemCounts.reused;
                usage = (0,core_usage/* addUsage */.v)(usage, step.itemCounts.reusedUsage);
            }
            if (!step.reused && step.nested)
                count(step.nested);
        }
    };
    count(record);
    const words = [steps > 0 ? `${(0,group_digits/* groupDigits */.K)(steps)} step${steps === 1 ? '' : 's'}` : '', items > 0 ? `${(0,group_digits/* groupDigits */.K)(items)} item${items === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    return { steps, items, usage, words };
}

// EXTERNAL MODULE: ./lib/core/dollars-beside-cap.js
var dollars_beside_cap = __webpack_require__(59246);
;// CONCATENATED MODULE: ./lib/report/summary/cost-cells.js

/** The decimals of a table: cents; four when a figure is under a cent; more while a spend reads 0 (`$0.0000` read as free). */
function decimalsOf(costs) {
    const spent = costs.filter((cost) => cost > 0);
    let decimals = spent.every((cost) => cost >= 0.01) ? 2 : 4;
    while (decimals < dollars_beside_cap/* MAX_DOLLAR_DECIMALS */.ZY && spent.some((cost) => cost < 10 ** -decimals))
        decimals += 1;
    return decimals;
}
/**
 * Whole units of `10^-decimals` for each row that add up to the total's: each row rounded down, and the units left to
 * the rows that lost the most by it. Rounded one by one, rows of $0.0020 and $0.0103 read `$0.0020` and `$0.01` beside
 * a total of `$0.01`, and three of $0.00444 would read `$0.0044` each beside `$0.0133`.
 */
function apportion(costs, totalUnits, scale) {
    const units = costs.map((cost) => Math.floor(cost * scale));
    const order = costs.map((_, index) => index).sort((a, b) => costs[b] * scale - units[b] - (costs[a] * scale - units[a]));
    let left = totalUnits - units.reduce((sum, unit) => sum + unit, 0);
    // Left over: one each to the largest remainders. Over (rows that add to more than the total): one each from the smallest.
    for (const index of order) {
        if (left <= 0)
            break;
        units[index] += 1;
        left -= 1;
    }
    for (const index of order.toReversed()) {
        if (left >= 0)
            break;
        if (units[index] === 0)
            continue;
        units[index] -= 1;
        left += 1;
    }
    return units;
}
/**
 * A cost table's dollar figures, one number of decimals for all, the rows adding up to the total as shown. `cap`, when
 * given, is the `max_cost_usd` shown beside them, in its own decimals unless the total would then read as it: $0.0144
 * beside a cap of $0.01 read "$0.01" twice, within it; then the table takes the decimals that tell them apart. Both
 * rules are the budget-stop message's (`dollarsBesideCap`), so the two show a cap alike.
 */
function costCells(costs, total, cap) {
    const own = decimalsOf([...costs, total]);
    const decimals = cap === undefined ? own : (0,dollars_beside_cap/* decimalsApartFromCap */.RN)(cap, total, own);
    const scale = 10 ** decimals;
    const totalUnits = Math.round(total * scale);
    const units = apportion(costs, totalUnits, scale);
    const dollars = (cost, unit) => (cost === 0 ? '$0' : unit === 0 ? `<$${(1 / scale).toFixed(decimals)}` : `$${(unit / scale).toFixed(decimals)}`);
    // The cap as it was given, at least: at the total's decimals when it needs more to be told apart.
    const capText = cap === undefined ? undefined : `$${cap.toFixed(Math.max(decimals > own ? decimals : 0, (0,dollars_beside_cap/* capDecimals */.vw)(cap)))}`;
    return { rows: costs.map((cost, index) => dollars(cost, units[index])), total: dollars(total, totalUnits), ...(capText !== undefined && { cap: capText }) };
}

;// CONCATENATED MODULE: ./lib/report/summary/summary-cost.js






function usd(value) {
    // A spend under a hundredth of a cent is not nothing: `$0.0000` read as free.
    return value === 0 ? '$0' : value < 0.00005 ? '<$0.0001' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}
const finite = (n) => n !== undefined && Number.isFinite(n);
/** The cost of `usage`'s calls (`costUsd` written as `shown`): `unknown` for calls of a model with no price, never a $0 that reads as known. */
function cost(usage, shown = usd(usage.costUsd)) {
    const unpriced = usage.unpricedCalls ?? 0;
    if (unpriced === 0)
        return shown;
    return unpriced >= usage.modelCalls ? 'unknown' : `${shown} + unknown`;
}
/**
 * A cost table's columns: "Of them cached" after "Tokens in" when any call read prompt tokens from the endpoint's cache,
 * which cost the cached input price: without it, 100,000 tokens in at $0.08 read as a wrong price for gpt-4.1.
 */
class CostTable {
    #cached;
    constructor(total) {
        this.#cached = (total.cachedPromptTokens ?? 0) > 0;
    }
    /** The header row and the alignment row under it. */
    header() {
        const cached = this.#cached ? ' Of them cached |' : '';
        return `| Step | Model calls | Tokens in |${cached} Tokens out | Est. cost |\n| --- | ---: | ---: |${this.#cached ? ' ---: |' : ''} ---: | ---: |`;
    }
    row(label, usage, shownCost) {
        const cached = this.#cached ? ` ${(0,group_digits/* groupDigits */.K)(usage.cachedPromptTokens ?? 0)} |` : '';
        return `| ${label} | ${(0,group_digits/* groupDigits */.K)(usage.modelCalls)} | ${(0,group_digits/* groupDigits */.K)(usage.promptTokens)} |${cached} ${(0,group_digits/* groupDigits */.K)(usage.completionTokens)} | ${cost(usage, shownCost)} |`;
    }
    limitRow(limits, costCap) {
        if (!finite(limits.maxModelCalls) && !finite(limits.maxTokens) && !finite(limits.maxCostUsd))
            return undefined;
        const calls = finite(limits.maxModelCalls) ? (0,group_digits/* groupDigits */.K)(limits.maxModelCalls) : '\u2014';
        const tokens = finite(limits.maxTokens) ? `${(0,group_digits/* groupDigits */.K)(limits.maxTokens)} (in + out)` : '\u2014';
        return `| Limit | ${calls} | ${tokens} |${this.#cached ? '  |' : ''}  | ${costCap} |`;
    }
    /** What the column holds, said under the table when it is there. */
    note() {
        return this.#cached ? 'Of them cached: of the tokens in, those the endpoint read from its cache, which cost the cached input price (the plan\'s `pricing:` `cached_input_per_mtok`, else the built-in table\'s, else the input price).' : undefined;
    }
}
/** The calls of models with no price, which no cost figure counts; undefined when every call had one. */
function unpricedLine(total) {
    const calls = total.unpricedCalls ?? 0;
    if (calls === 0)
        return undefined;
    return `No price is known for the model of ${(0,group_digits/* groupDigits */.K)(calls)} of ${(0,group_digits/* groupDigits */.K)(total.modelCalls)} model call${total.modelCalls === 1 ? '' : 's'}, so no cost figure counts ${calls === 1 ? 'it' : 'them'}: give the model its price in the plan's \`pricing:\` (US dollars per million tokens) for a cost, and for \`max_cost_usd\`.`;
}
/**
 * The model requests abandoned before their answer came in, and the calls that failed with no answer saying what
 * they used, which no cost figure counts (a stop's "spent" on `max_model_calls` counts every call started);
 * undefined when there were none.
 */
function abandonedLine(total) {
    const requests = total.abandonedRequests ?? 0;
    const unanswered = total.unansweredCalls ?? 0;
    if (requests === 0 && unanswered === 0)
        return undefined;
    const one = requests === 1;
    const abandoned = requests === 0
        ? []
        : [`${(0,group_digits/* groupDigits */.K)(requests)} model request${one ? ' was' : 's were'} abandoned before ${one ? 'its' : 'their'} answer came in (a timeout, a cancel, a budget stop or an answer that broke off): what the endpoint bills for ${one ? 'it' : 'them'} is not known, so no cost figure counts ${one ? 'it' : 'them'}.`];
    const failed = unanswered === 0 ? [] : [`${(0,group_digits/* groupDigits */.K)(unanswered)} model call${unanswered === 1 ? '' : 's'} failed with no answer saying what ${unanswered === 1 ? 'it' : 'they'} used (an HTTP error), so no cost figure counts ${unanswered === 1 ? 'it' : 'them'}.`];
    return [...abandoned, ...failed, '`max_model_calls` counts every call started, answered or not.'].join(' ');
}
/** What a killed main step's cost cannot have, said under its table. */
const KILLED_COST_NOTE = 'The main step ended while the run went on: what a model request then in flight used never came back, so no figure here counts it.';
/**
 * Model calls, tokens and estimated cost per step and in total; calls no step owns (planning,
 * replanning, goal judges) get their own row, and the limits a row of their own when given.
 */
function renderSummaryCost(record, limits, redact, options = {}) {
    const { fannedOut = false } = options;
    const lines = ['### Cost'];
    const total = (0,run_usage/* runUsage */.l)(record);
    const reused = reusedWork(record);
    if (reused.words !== '') {
        const saved = reused.usage;
        const steps = reused.words;
        // "and unknown" read as a sum: a cost that is not known is said in words (found by a review).
        const calls = `${(0,group_digits/* groupDigits */.K)(saved.modelCalls)} model call${saved.modelCalls === 1 ? '' : 's'}`;
        const unpriced = saved.unpricedCalls ?? 0;
        const spent = unpriced === 0 ? `${calls} and ${usd(saved.costUsd)}` : unpriced >= saved.modelCalls ? `${calls} (their cost not known)` : `${calls} and ${usd(saved.costUsd)} (and the cost of ${(0,group_digits/* groupDigits */.K)(unpriced)}, not known)`;
        lines.push('', 
        // A job of a fanned-out run takes the steps the other jobs of its workflow run ran: not a resume, and their cost is counted where they ran.
        fannedOut
            ? `Taken from this workflow run's saved states: ${steps} that the prepare or shard jobs (or an earlier attempt of this job) ran; their ${spent} are counted in the summaries of the jobs that ran them, not here.`
            : `Resumed: ${steps} reused from the earlier run, which would have cost ${spent} again.`);
    }
    if (total.modelCalls === 0 && total.promptTokens === 0 && total.completionTokens === 0) {
        lines.push('', abandonedLine(total) ?? 'No model calls.');
        if (options.killed)
            lines.push('', KILLED_COST_NOTE);
        return lines.join('\n');
    }
    const table = new CostTable(total);
    lines.push('', table.header());
    let stepsTotal = core_usage/* NO_USAGE */.y;
    const rows = [];
    for (const step of record.steps.values()) {
        // A step still in progress when the run ended (a shard's fan-out step, which the merge completes) has
        // what was charged to it so far: its items' calls are not "planning and goal checks".
        const used = (0,run_usage/* stepUsageSoFar */.D)(step);
        stepsTotal = (0,core_usage/* addUsage */.v)(stepsTotal, used);
        if (used.modelCalls > 0 || used.promptTokens > 0)
            rows.push([(0,escape_markdown/* escapeInlineMarkdown */.ME)(redact(step.key)), used]);
    }
    const other = {
        modelCalls: total.modelCalls - stepsTotal.modelCalls,
        promptTokens: total.promptTokens - stepsTotal.promptTokens,
        completionTokens: total.completionTokens - stepsTotal.completionTokens,
        cachedPromptTokens: Math.max(0, (total.cachedPromptTokens ?? 0) - (stepsTotal.cachedPromptTokens ?? 0)),
        costUsd: Math.max(0, total.costUsd - stepsTotal.costUsd),
        unpricedCalls: Math.max(0, (total.unpricedCalls ?? 0) - (stepsTotal.unpricedCalls ?? 0)),
    };
    if (other.modelCalls > 0 || other.promptTokens > 0)
        rows.push(['planning and goal checks', other]);
    // One number of decimals, the rows adding up to the total shown: rounded one by one, they did not.
    const cap = limits && finite(limits.maxCostUsd) ? limits.maxCostUsd : undefined;
    const cells = costCells(rows.map(([, used]) => used.costUsd), total.costUsd, cap);
    rows.forEach(([label, used], index) => lines.push(table.row(label, used, cells.rows[index])));
    lines.push(table.row('**Total**', total, cells.total));
    const limit = limits && table.limitRow(limits, cells.cap ?? '\u2014');
    if (limit)
        lines.push(limit);
    pushNotes(lines, total, table);
    if (options.killed)
        lines.push('', KILLED_COST_NOTE);
    return lines.join('\n');
}
/** The lines under a cost table: what its cached column holds, which calls' tokens were estimated, which had no price, which were abandoned or unanswered. */
function pushNotes(lines, total, table) {
    const cached = table.note();
    if (cached)
        lines.push('', cached);
    const estimated = total.estimatedCalls ?? 0;
    if (estimated > 0) {
        lines.push('', `Tokens are estimated for ${(0,group_digits/* groupDigits */.K)(estimated)} of ${(0,group_digits/* groupDigits */.K)(total.modelCalls)} model call${total.modelCalls === 1 ? '' : 's'} (about 4 characters a token): the endpoint sent no \`usage\`, counts that say nothing (0 prompt tokens, none for the output), or counts far below what the text holds, raised to a quarter of the estimate. Limits were checked against the estimate.`);
    }
    const unpriced = unpricedLine(total);
    if (unpriced)
        lines.push('', unpriced);
    const abandoned = abandonedLine(total);
    if (abandoned)
        lines.push('', abandoned);
}
/**
 * The cost of a job in which no step ran (the model's plan rejected, or only shown): the planner's calls, as
 * the run's table has them; only the abandoned line when no call answered, undefined when none was made.
 * The outputs counted them, and the summary said nothing of them (found by an adversarial pass).
 */
function renderPlanningCost(usage) {
    if (usage.modelCalls === 0 && usage.promptTokens === 0 && usage.completionTokens === 0)
        return abandonedLine(usage);
    const cells = costCells([usage.costUsd], usage.costUsd);
    const table = new CostTable(usage);
    const lines = ['### Cost', '', table.header(), table.row('planning', usage, cells.rows[0]), table.row('**Total**', usage, cells.total)];
    pushNotes(lines, usage, table);
    return lines.join('\n');
}


/***/ }),

/***/ 31675:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I8: () => (/* binding */ statusIcon),
/* harmony export */   ss: () => (/* binding */ renderSummaryHeader),
/* harmony export */   uV: () => (/* binding */ reasonText),
/* harmony export */   yc: () => (/* binding */ goalLine)
/* harmony export */ });
/* unused harmony export statusText */
/* harmony import */ var _core_run_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(90422);
/* harmony import */ var _checklist_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(24578);
/* harmony import */ var _format_duration_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(74360);
/* harmony import */ var _markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(60949);
/* harmony import */ var _cut_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86919);
/* harmony import */ var _status_reason_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(90703);






const STATUS_ICONS = {
    succeeded: '\u2705',
    failed: '\u274c',
    'goals-unmet': '\ud83c\udfaf',
    escalated: '\ud83c\udd98',
    cancelled: '\u23f9\ufe0f',
    'awaiting-approval': '\u23f8\ufe0f',
    rejected: '\ud83d\udeab',
};
/** The icon for how a run ended, or \u23f3 while it runs. */
function statusIcon(status) {
    return status ? STATUS_ICONS[status] : '\u23f3';
}
/** The most of a run's reason a status line shows (a model or a tool may have written it). */
const MAX_REASON_CHARS = 1000;
/** A reason as a status line shows it: redacted, cut and escaped as inline Markdown (it may quote a tool, a model or a trace). */
function reasonText(reason, redact) {
    return (0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(redact(reason), MAX_REASON_CHARS));
}
/** What the status means, in words a reader can act on. */
function statusText(record, redact) {
    // A reason that repeats the status (a cancel's `cancelled (SIGINT)`) reads `cancelled (SIGINT)`, not `cancelled: cancelled (SIGINT)`.
    const reason = (0,_status_reason_js__WEBPACK_IMPORTED_MODULE_4__/* .reasonAfterStatus */ .j)(record.status, record.reason, (text) => reasonText(text, redact));
    switch (record.status) {
        case undefined:
            return 'running';
        case 'escalated':
            return `escalated \u2014 a person is needed${reason}`;
        case 'awaiting-approval':
            return `awaiting approval \u2014 it ran every step it could; the rest waits for a person to approve${reason}`;
        case 'goals-unmet':
            return `goals unmet \u2014 the run finished but its result does not meet a required goal${reason}`;
        default:
            return `${record.status}${reason}`;
    }
}
/** The goal as the header shows it: a plan's goal may be a long task, and the plan file has it whole. */
const GOAL_MAX_CHARS = 2_000;
/**
 * The plan's goal as the summary and the plan preview show it, cut to GOAL_MAX_CHARS: redacted before
 * it is cut, so that a cut cannot split a secret out of the redactor's sight.
 */
function goalLine(goal, redact) {
    return `**Goal:** ${(0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInlineMarkdown */ .ME)((0,_cut_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cutText */ .IN)(redact(goal), GOAL_MAX_CHARS))}`;
}
/** Title, status line and goal of the summary. */
function renderSummaryHeader(record, redact) {
    const name = (0,_markdown_escape_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInlineMarkdown */ .ME)(redact(record.plan?.name ?? 'plan'));
    const facts = [`**Status:** ${statusText(record, redact)}`, (0,_checklist_js__WEBPACK_IMPORTED_MODULE_1__/* .checklistHeader */ .Y4)(record)];
    if (record.durationMs !== undefined)
        facts.push(`took ${(0,_format_duration_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a)((0,_core_run_record_js__WEBPACK_IMPORTED_MODULE_0__/* .jobDurationMs */ .u2)(record))}`);
    if (record.revisions.length > 0 && record.plan)
        facts.push(`plan revision ${record.plan.revision}`);
    const lines = [`## ${statusIcon(record.status)} plan-runner: ${name}`, '', facts.join(' \u00b7 ')];
    if (record.plan?.goal)
        lines.push('', goalLine(record.plan.goal, redact));
    return lines.join('\n');
}


/***/ }),

/***/ 54055:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fx: () => (/* binding */ isCuttable),
/* harmony export */   mz: () => (/* binding */ byteSize),
/* harmony export */   yY: () => (/* binding */ isDroppable)
/* harmony export */ });
function isDroppable(part) {
    return typeof part !== 'string' && 'lines' in part;
}
function isCuttable(part) {
    return typeof part !== 'string' && 'full' in part;
}
/** Size in bytes, as GitHub counts the summary's limit. */
function byteSize(text) {
    return Buffer.byteLength(text, 'utf8');
}


/***/ }),

/***/ 44329:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NM: () => (/* binding */ changedTodoEntries),
/* harmony export */   Ro: () => (/* binding */ todoTally),
/* harmony export */   vk: () => (/* binding */ todoEntries)
/* harmony export */ });
/* unused harmony exports TODO_ICONS, STOPPED_TODO_ICON */
/* harmony import */ var _cut_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(86919);
/* harmony import */ var _checklist_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(24578);


/** The icon of each TODO status, beside the step icons (\u2b1c \u23f3 \u2705) every view already uses. */
const TODO_ICONS = {
    pending: '\u2b1c',
    in_progress: '\u23f3',
    completed: '\u2705',
    cancelled: '\ud83d\udeab',
};
const MAX_CONTENT = 200;
/** An item the agent left in progress when its step ended (failed, cancelled, stopped at a limit): no longer being worked on. */
const STOPPED_TODO_ICON = '\u23f9\ufe0f';
function entryOf(todo, redact, stepEnded) {
    // A model's words, drawn on a terminal too: one line, control characters shown (an ESC would move the cursor).
    const text = (0,_checklist_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLogLine */ .Hr)(redact(todo.content));
    const icon = stepEnded && todo.status === 'in_progress' ? STOPPED_TODO_ICON : TODO_ICONS[todo.status];
    return { id: todo.id, status: todo.status, icon, content: (0,_cut_text_js__WEBPACK_IMPORTED_MODULE_1__/* .cutText */ .IN)(text, MAX_CONTENT) };
}
/**
 * The nested TODO list of one step (empty for steps that wrote none), in the agent's order. Once the
 * step has ended, an item still in progress shows as stopped: \u23f3 would say work goes on.
 */
function todoEntries(step, redact = (text) => text) {
    const ended = step !== undefined && step.state !== 'in_progress' && step.state !== 'pending' && step.state !== 'waiting';
    return (step?.todos ?? []).map((todo) => entryOf(todo, redact, ended));
}
/** The entries a `todos_updated` changed, for logs that print only what changed. */
function changedTodoEntries(step, changed, redact = (text) => text) {
    const ids = new Set(changed);
    return todoEntries(step, redact).filter((entry) => ids.has(entry.id));
}
/** `2/3 done` (`, 1 cancelled` when any was): every item counts, a cancelled one as not done; undefined for a step without a list. */
function todoTally(step) {
    if (!step?.todos?.length)
        return undefined;
    // A cancelled item is not done, as `all_steps_completed` and the step's error count it: left out of both numbers,
    // "2/2 done" read as finished beside a goal that failed on that step (found by an adversarial pass).
    const done = step.todos.filter((todo) => todo.status === 'completed').length;
    const cancelled = step.todos.filter((todo) => todo.status === 'cancelled').length;
    return `${done}/${step.todos.length} done${cancelled > 0 ? `, ${cancelled} cancelled` : ''}`;
}


/***/ })

};
