export const id = 909;
export const ids = [909];
export const modules = {

/***/ 3909:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  REPLANNER_PURPOSE: () => (/* binding */ REPLANNER_PURPOSE),
  REVIEW_PURPOSE: () => (/* binding */ REVIEW_PURPOSE),
  createModelReplanner: () => (/* binding */ createModelReplanner)
});

// EXTERNAL MODULE: ./lib/core/stable-hash.js
var stable_hash = __webpack_require__(66297);
// EXTERNAL MODULE: ./lib/plan/find-references.js
var find_references = __webpack_require__(99271);
// EXTERNAL MODULE: ./lib/plan/resolve-references.js + 1 modules
var resolve_references = __webpack_require__(54669);
// EXTERNAL MODULE: ./lib/llm/ask-for-json.js
var ask_for_json = __webpack_require__(95835);
// EXTERNAL MODULE: ./lib/planner/planner-model.js
var planner_model = __webpack_require__(94608);
// EXTERNAL MODULE: ./lib/planner/problem-line.js
var problem_line = __webpack_require__(92014);
// EXTERNAL MODULE: ./lib/planner/read-step-list.js
var read_step_list = __webpack_require__(64886);
// EXTERNAL MODULE: ./lib/core/cut-text.js
var cut_text = __webpack_require__(86919);
// EXTERNAL MODULE: ./lib/plan/plan-check-context.js
var plan_check_context = __webpack_require__(98231);
// EXTERNAL MODULE: ./lib/steps/data-block.js
var data_block = __webpack_require__(45707);
// EXTERNAL MODULE: ./lib/planner/plan-prompt.js
var plan_prompt = __webpack_require__(87620);
// EXTERNAL MODULE: ./lib/planner/planner-rules.js
var planner_rules = __webpack_require__(14602);
;// CONCATENATED MODULE: ./lib/planner/step-as-json.js
/** A step as the model reads it: the plan format's fields, compact JSON. */
function stepAsJson(step) {
    return JSON.stringify({
        id: step.id,
        type: step.type,
        description: step.description,
        ...(step.tool !== undefined && { tool: step.tool }),
        ...(step.args !== undefined && { args: step.args }),
        ...(step.task !== undefined && { task: step.task }),
        ...(step.tools !== undefined && { tools: step.tools }),
        ...(step.agent !== undefined && { agent: step.agent }),
        ...(step.inputs.length > 0 && { inputs: step.inputs }),
        depends_on: step.dependsOn.map((key) => (step.optional?.includes(key) ? { step: key, optional: true } : key)),
        ...(step.forEach !== undefined && { for_each: step.forEach.list, on_item_failure: step.forEach.onItemFailure }),
        ...(step.why !== undefined && { why: step.why }),
    });
}

;// CONCATENATED MODULE: ./lib/planner/replan-prompt.js







const REPLANNER_ROLE = 'You are the replanner of plan-runner. A plan is partway through its run and what is left of it must change. ' +
    'Completed steps are kept and never rerun; their results are below, and new steps may refer to them by id. ' +
    'Write the steps for what is left, so that the goal is still reached. Do not propose again anything that already failed.';
const REVIEWER_ROLE = 'You review a plan partway through its run. Decide whether the steps not yet run still fit the goal, given the results so far. ' +
    'Answer false only when a remaining step is now wrong or pointless, or something the goal needs is missing. ' +
    'Reply with JSON only: {"fits": true or false, "reason": "one sentence"}. ' +
    // The results it reads are tool output (a pull request's text among them): one saying the plan no longer fits forced a replan.
    planner_rules/* DATA_RULE */.a0;
/** Characters of completed steps (definition and result) a replan or review prompt holds at most. */
const COMPLETED_CONTEXT_CHAR_LIMIT = 48_000;
/** Characters of the definitions of steps not run yet a replan or review prompt holds at most. */
const REMAINING_CONTEXT_CHAR_LIMIT = 64_000;
/**
 * Characters of the list of the run's failures a replan prompt holds at most, the newest first: a run
 * whose steps fail with `on_failure: continue` can have thousands. The list was cut only by the data
 * block's 32,000 characters, which kept the oldest failures and left out those just before the replan.
 */
const FAILURE_LIST_CHAR_LIMIT = 16_000;
/** Characters of one failure's arguments (as JSON) and of its error in that list. */
const FAILURE_ARGS_CHARS = 500;
const FAILURE_ERROR_CHARS = 1_000;
/**
 * Each completed step's blocks, made once for every review and replan that shows them: made again for each
 * (the results sanitised each time), 400 reviews took the square of the steps, and a prompt held every result.
 * A result is known by identity: the run stores a new value for a step, never changes one it stored.
 */
const completedBlocks = new WeakMap();
/** Each step's definition block, made once: a step's definition never changes (a replan makes new steps). */
const definitionBlocks = new WeakMap();
// Steps are data here, in data blocks like the results: a model wrote many of them (the planner, an
// earlier replan, after reading tool output), and their descriptions and arguments are not instructions.
function definitionBlock(step) {
    let text = definitionBlocks.get(step);
    if (text === undefined)
        definitionBlocks.set(step, (text = (0,data_block/* dataBlock */.g4)({ step: step.key, part: 'definition' }, stepAsJson(step))));
    return text;
}
function completedBlock({ step, result }) {
    const cached = completedBlocks.get(step);
    if (cached && cached.result === result)
        return cached.text;
    const text = `${definitionBlock(step)}\n${(0,data_block/* dataBlock */.g4)({ step: step.key, part: 'result' }, (0,data_block/* promptData */.jG)(result), true)}`;
    completedBlocks.set(step, { result, text });
    return text;
}
/**
 * The steps whose results a step uses: its dependencies, its inputs, and the steps its arguments, task, `with:` and
 * description refer to, further back too. Without `with:` and the description, a used plan's input or the result a
 * model step was asked about came after the latest results, or was left out for room.
 */
function usedBy(step) {
    const referred = (0,find_references/* stepsReferredTo */.ie)([step.args, step.task, step.with, step.forEach?.list, step.description], step.forEach?.as ?? step.item?.name);
    return [...step.dependsOn, ...step.inputs, ...referred];
}
/** Completed steps: those the request is about (`first`) first, then the latest in plan order. */
function completedText(completed, first) {
    if (completed.length === 0)
        return 'Completed steps: none yet.';
    const priority = [...completed.filter((done) => first.has(done.step.key)), ...completed.filter((done) => !first.has(done.step.key)).reverse()];
    const shown = (0,data_block/* fitBlocks */.U8)(priority, completedBlock, COMPLETED_CONTEXT_CHAR_LIMIT);
    const blocks = completed.filter((done) => shown.has(done)).map((done) => shown.get(done));
    // Step ids (letters, digits, _ and -).
    const left = completed.filter((done) => !shown.has(done)).map((done) => done.step.key);
    const more = left.length === 0 ? '' : `\n\n[left out for room: ${left.length} more completed steps (${(0,plan_check_context/* listNames */.Z)(left)}); new steps may still refer to them by id]`;
    return `Completed steps and their results:\n\n${blocks.join('\n\n')}${more}`;
}
/**
 * Steps not run yet: whole definitions for those nearest to running (first in plan order), and a line each
 * (type, tool, the start of the description) for the others, which a replan replaces too and must not lose.
 */
function remainingText(request) {
    if (request.remaining.length === 0)
        return 'Steps not run yet: none.';
    const shown = (0,data_block/* fitBlocks */.U8)(request.remaining, definitionBlock, REMAINING_CONTEXT_CHAR_LIMIT);
    const blocks = [...shown.values()].join('\n');
    const left = request.remaining.filter((step) => !shown.has(step));
    if (left.length === 0)
        return `Steps not run yet:\n${blocks}`;
    // With `\u2026` where a description is cut: the redactor every prompt passes hides there the start of a known secret the cut left.
    const lines = left.map((step) => `${step.key}: ${step.type}${step.tool === undefined ? '' : ` ${step.tool}`} \u2014 ${(0,cut_text/* cutText */.IN)(step.description, 120)}`);
    return `Steps not run yet:\n${blocks}\nThe other ${left.length} steps not run yet, one line each for room:\n${(0,data_block/* dataBlock */.g4)({ part: 'steps not run yet, shortened' }, lines.join('\n'))}`;
}
function failureLine(failure) {
    const args = (0,data_block/* promptExcerpt */.e2)(JSON.stringify(failure.step.args ?? {}), FAILURE_ARGS_CHARS);
    // A for_each child's key holds its item's key, which a tool's output may have chosen: sanitised like the rest,
    // as the block is marked clean.
    const step = (0,data_block/* promptExcerpt */.e2)(`${failure.step.key} ${failure.step.tool ?? failure.step.type}`, 200);
    return `- step ${step} ${args}: ${(0,data_block/* promptExcerpt */.e2)(failure.error, FAILURE_ERROR_CHARS)}\n`;
}
/** The run's failures, oldest first, of those that fit the newest first; the others named by step id (letters, digits, _ and -). */
function failuresText(failures) {
    const shown = (0,data_block/* fitBlocks */.U8)([...failures].reverse(), failureLine, FAILURE_LIST_CHAR_LIMIT);
    const lines = failures.flatMap((failure) => shown.get(failure) ?? []);
    const left = failures.filter((failure) => !shown.has(failure)).map((failure) => failure.step.key);
    const more = left.length === 0 ? '' : `\n[left out for room: ${left.length} earlier failures, of steps ${(0,plan_check_context/* listNames */.Z)(left)}]`;
    return `Every failure so far in this run (do not repeat them):\n${(0,data_block/* dataBlock */.g4)({ name: 'failures' }, lines.join('').trimEnd(), true)}${more}`;
}
/** Characters of what the runs a resumed run comes from tried (their failures and replans) a replan prompt holds at most. */
const EARLIER_CONTEXT_CHAR_LIMIT = 16_000;
function earlierLine(entry) {
    // The run's label is a trace's file name, as the trace that carries it says: sanitised like the rest.
    const where = (0,data_block/* promptExcerpt */.e2)(entry.in, 200);
    if (entry.kind === 'replanned')
        return `- ${where}: replanned (plan revision ${entry.revision}): ${(0,data_block/* promptExcerpt */.e2)(entry.reason, FAILURE_ERROR_CHARS)}\n`;
    const retried = entry.attempts > 1 ? ` after ${entry.attempts} attempts` : '';
    const transient = entry.transient ? ' (may pass another time)' : '';
    return `- ${where}: step ${(0,data_block/* promptExcerpt */.e2)(`${entry.stepKey} ${entry.call}`, 200)} ${(0,data_block/* promptExcerpt */.e2)(entry.args, FAILURE_ARGS_CHARS)} failed${retried}${transient}: ${(0,data_block/* promptExcerpt */.e2)(entry.error, FAILURE_ERROR_CHARS)}\n`;
}
/**
 * What the runs a resumed run comes from saw fail and replanned, in order, of what fits the latest first: told
 * only this run's failures, a re-run's replanner planned the approach that had failed before again.
 */
function earlierText(earlier) {
    const shown = (0,data_block/* fitBlocks */.U8)([...earlier].reverse(), earlierLine, EARLIER_CONTEXT_CHAR_LIMIT);
    const lines = earlier.flatMap((entry) => shown.get(entry) ?? []);
    const left = earlier.length - shown.size;
    const more = left === 0 ? '' : `\n[left out for room: ${left} earlier failures and replans]`;
    return `This run resumes earlier runs of the plan. What failed in them, and how they were replanned (do not plan the same approach again):\n${(0,data_block/* dataBlock */.g4)({ name: 'earlier runs' }, lines.join('').trimEnd(), true)}${more}`;
}
/** The replanner's messages: the goal, the tools, what was done, what failed (every failure so far) and what is left. */
function replanMessages(plan, request, inputs) {
    const about = request.failure ? usedBy(request.failure.step) : request.review ? [request.review.stepKey] : [];
    const sections = [(0,plan_prompt/* planContext */.nV)(plan, inputs), completedText(request.completed, new Set(about))];
    if (request.failure) {
        sections.push(`The step that failed (after ${request.failure.attempts} attempt${request.failure.attempts === 1 ? '' : 's'}):\n${(0,data_block/* dataBlock */.g4)({ step: request.failure.step.key, part: 'definition' }, stepAsJson(request.failure.step))}\n${(0,data_block/* dataBlock */.g4)({ error: request.failure.step.key }, (0,data_block/* promptExcerpt */.e2)(request.failure.error), true)}`);
    }
    if (request.review)
        sections.push(`A review after step ${request.review.stepKey} found the rest of the plan no longer fits:\n${(0,data_block/* dataBlock */.g4)({ review: request.review.stepKey }, request.review.reason)}`);
    if (request.earlier && request.earlier.length > 0)
        sections.push(earlierText(request.earlier));
    if (request.failures.length > 0)
        sections.push(failuresText(request.failures));
    sections.push(remainingText(request));
    sections.push(`Ids used so far (new steps need other ids): ${[...request.usedKeys].join(', ')}.\nWrite the steps that replace the ones not run yet, with new ids. Say in "why" what changed.`);
    return [
        { role: 'system', content: `${REPLANNER_ROLE}\n\n${planner_rules/* STEP_FORMAT */.ns}\n\n${planner_rules/* REFERENCE_RULES */.Op}` },
        { role: 'user', content: sections.join('\n\n') },
    ];
}
/** The review's messages: the goal, the results so far and the steps not yet run. */
function reviewMessages(plan, request, inputs) {
    const sections = [(0,plan_prompt/* planContext */.nV)(plan, inputs), completedText(request.completed, new Set([request.reviewedStepKey])), remainingText(request), `Step ${request.reviewedStepKey} just completed. Does the rest of the plan still fit?`];
    return [
        { role: 'system', content: REVIEWER_ROLE },
        { role: 'user', content: sections.join('\n\n') },
    ];
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./lib/planner/find-json-value.js
var find_json_value = __webpack_require__(15588);
;// CONCATENATED MODULE: ./lib/planner/plan-answer-error.js

/** A planner, replanner or review answer that could not be used (no JSON, wrong shape, invalid steps). */
class PlanAnswerError extends Error {
    /** Who answered: `planner`, `replanner` or `review`. */
    purpose;
    problem;
    answer;
    constructor(purpose, problem, answer) {
        const excerpt = (0,cut_text/* cutText */.IN)(answer, 201);
        super(`the ${purpose}'s answer could not be used: ${problem} (it answered ${JSON.stringify(excerpt)})`);
        this.name = 'PlanAnswerError';
        this.purpose = purpose;
        this.problem = problem;
        this.answer = answer;
    }
}

;// CONCATENATED MODULE: ./lib/planner/review-verdict.js




// Other keys are let be: a key a model adds (`confidence`) changes no verdict, and a review that fails is silent (it is
// advisory), so a strict verdict made every review of such a model fail unseen (found by a review).
const Verdict = schemas.object({ fits: schemas.boolean(), reason: schemas.string() });
/** Characters of a review's reason kept at most. */
const MAX_REASON_CHARS = 1_000;
/** The review's answer as a strict JSON schema for `response_format`. */
const REVIEW_VERDICT_SCHEMA = {
    type: 'object',
    properties: {
        fits: { type: 'boolean', description: 'false only when the steps not yet run no longer fit the goal' },
        reason: { type: 'string', description: 'one sentence' },
    },
    required: ['fits', 'reason'],
    additionalProperties: false,
};
/** The verdict in a review's answer (plain, fenced or in prose); `PlanAnswerError` when there is none. */
function readReviewVerdict(answer) {
    const { found, inWords } = (0,find_json_value/* locateJsonValue */.S$)(answer);
    const verdict = found.ok ? Verdict.safeParse(found.value) : undefined;
    if (!verdict?.success)
        throw new PlanAnswerError('review', 'the answer is not {"fits": boolean, "reason": string}', answer);
    // Among words, a verdict may be quoted from the results the review read: the first one decided, and a step's result
    // that held {"fits": false} replaced the people's steps (found by a hunt of model-written plans). Answers that
    // disagree are refused, as a judge's are.
    if (inWords) {
        const { values, searchedAll } = (0,find_json_value/* jsonValuesInWords */.RV)(answer);
        if (!searchedAll)
            throw new PlanAnswerError('review', 'the answer holds too much among its words to tell whether it holds one verdict only: reply with your one verdict, JSON only', answer);
        const fits = new Set(values.flatMap((value) => (value !== null && typeof value === 'object' && 'fits' in value ? [String(value.fits)] : [])));
        if (fits.size > 1)
            throw new PlanAnswerError('review', 'the answer holds verdicts that disagree among its words, and one may be quoted from the data it read: reply with your one verdict, JSON only', answer);
    }
    // One sentence is asked for; the reason becomes a revision's reason or an escalation's last error, which each step not run yet keeps.
    return { fits: verdict.data.fits, reason: (0,cut_text/* cutText */.IN)(verdict.data.reason, MAX_REASON_CHARS) };
}

// EXTERNAL MODULE: ./lib/planner/step-list-format.js
var step_list_format = __webpack_require__(12489);
// EXTERNAL MODULE: ./lib/planner/validate-model-steps.js
var validate_model_steps = __webpack_require__(84082);
;// CONCATENATED MODULE: ./lib/planner/model-replanner.js











const REPLANNER_PURPOSE = 'replanner';
const REVIEW_PURPOSE = 'review';
/**
 * Problems of an invalid replacement a reason lists at most: it becomes the escalation's reason, which each step not
 * run yet keeps as its skip reason. Joined whole, a 69 KB answer of 800 steps naming no known tool made a 251 KB
 * reason and a 10 MB trace.
 */
const MAX_LISTED_PROBLEMS = 10;
function problems(errors) {
    const listed = errors.slice(0, MAX_LISTED_PROBLEMS).map(problem_line/* problemLine */.Y);
    const more = errors.length - listed.length;
    return `${listed.join('; ')}${more > 0 ? `; \u2026 and ${more} more problem${more === 1 ? '' : 's'}` : ''}`;
}
/** The tasks taken as written (`taskAsWritten`) of the plan being replaced: the replanner is shown them, and may copy one. */
function writtenTasks(request) {
    const steps = [...request.completed.map(({ step }) => step), ...request.remaining, ...(request.failure ? [request.failure.step] : [])];
    return new Set(steps.flatMap((step) => (step.taskAsWritten && step.task !== undefined ? [step.task] : [])));
}
/** Checks replacement steps against the completed ones (which they may use) and the ids used so far. */
function checkReplacement(plan, request, steps, options, why) {
    const { inputs } = options;
    const ids = new Map(request.completed.map(({ step }) => [step.key, step.id]));
    const kept = request.completed.map(({ step }) => (0,validate_model_steps/* keptStep */.h)(step, ids));
    const githubWritten = options.githubWritten?.();
    const checked = (0,validate_model_steps/* validateModelSteps */.$)(plan, steps, { kept, counted: request.stepsCounted ?? kept.length, ...(githubWritten && { githubWritten }), copiedTasks: writtenTasks(request) });
    if (!checked.ok)
        return { ok: false, problem: problems(checked.errors) };
    const reused = checked.steps.filter((step) => request.usedKeys.has(step.key)).map((step) => step.key);
    if (reused.length > 0)
        return { ok: false, problem: `step id${reused.length > 1 ? 's' : ''} ${reused.join(', ')} ${reused.length > 1 ? 'were' : 'was'} used before in this run; new steps need new ids` };
    const repeated = repeatedFailure(checked.steps, request.failures, inputs);
    if (repeated)
        return { ok: false, problem: repeated };
    return { ok: true, steps: checked.steps, ...(why !== undefined && { why }) };
}
/**
 * A new step that makes a call that already failed for good: the same tool with the same arguments, written
 * out (no step reference, which could now resolve to something else; a step that depends on another uses
 * its result, so one that follows new work always has one; the run's inputs are the same all run, and are
 * compared as their values). The prompt asks for none; a replacement that has one would fail again and
 * spend a replan on it. A failure that may pass another time (a timeout, an HTTP 503) and `for_each` steps
 * (their items come from a list) are not compared.
 */
function repeatedFailure(steps, failures, inputs) {
    const failed = new Map();
    for (const failure of failures) {
        const key = writtenOutCall(failure.step, inputs);
        if (key !== undefined && failure.transient !== true)
            failed.set(key, failure);
    }
    if (failed.size === 0)
        return undefined;
    for (const step of steps) {
        const key = writtenOutCall(step, inputs);
        const earlier = key === undefined ? undefined : failed.get(key);
        if (!earlier)
            continue;
        return `step ${step.key} calls ${step.tool} with the same arguments as step ${earlier.step.key}, which failed for good (${earlier.error}); a replacement must do something else`;
    }
    return undefined;
}
/**
 * `tool` and its arguments as one key, for a tool_call step whose arguments refer to no step result and
 * that maps over no list; `${inputs.*}` are taken as the values they stand for.
 */
function writtenOutCall(step, inputs) {
    if (step.type !== 'tool_call' || step.tool === undefined || step.args === undefined || step.forEach !== undefined)
        return undefined;
    const references = (0,find_references/* findReferences */.yU)(step.args, step.item?.name).references;
    if (references.some(({ reference }) => reference.kind !== 'input'))
        return undefined;
    if (references.length === 0)
        return `${step.tool}\n${(0,stable_hash/* canonicalJson */.dj)(step.args)}`;
    try {
        return `${step.tool}\n${(0,stable_hash/* canonicalJson */.dj)((0,resolve_references/* resolveReferences */.d)(step.args, { results: new Map(), inputs }))}`;
    }
    catch {
        // An input the run does not have: the step fails on it, and is not this call.
        return undefined;
    }
}
/**
 * The model's part in recovery for one plan: a replan is one call (goal, tools, completed steps
 * and results, the failure and every earlier one) whose steps are validated like any model plan;
 * a review is one call answering whether the rest of the plan still fits.
 */
function createModelReplanner(plan, options) {
    const settings = (0,planner_model/* plannerModel */.e)(plan, options.model);
    return {
        async replan(request, signal) {
            const answer = await (0,ask_for_json/* askForJson */.T)(options.model, { ...settings, messages: replanMessages(plan, request, options.inputs), response_format: (0,step_list_format/* stepListResponseFormat */.Jt)() }, REPLANNER_PURPOSE, signal);
            const list = (0,read_step_list/* readStepList */.n)(answer);
            if (!list.ok)
                return { ok: false, problem: list.problem };
            return checkReplacement(plan, request, list.steps, options, list.why);
        },
        async review(request, signal) {
            const answer = await (0,ask_for_json/* askForJson */.T)(options.model, {
                ...settings,
                messages: reviewMessages(plan, request, options.inputs),
                response_format: { type: 'json_schema', json_schema: { name: 'plan_review', strict: true, schema: REVIEW_VERDICT_SCHEMA } },
            }, REVIEW_PURPOSE, signal);
            return readReviewVerdict(answer);
        },
    };
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
