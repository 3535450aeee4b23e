export const id = 305;
export const ids = [305];
export const modules = {

/***/ 305:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  fanOutRefusal: () => (/* binding */ fanOutRefusal)
});

// EXTERNAL MODULE: ./lib/run/fan-out-part.js
var fan_out_part = __webpack_require__(19243);
// EXTERNAL MODULE: ./lib/run/step-tools.js
var step_tools = __webpack_require__(87749);
// EXTERNAL MODULE: ./lib/tools/github/write-caps.js
var write_caps = __webpack_require__(21640);
;// CONCATENATED MODULE: ./lib/job/fan-out-writes.js



/**
 * Why a fanned-out plan may not run: a step that the prepare or a shard job runs (a fan-out step,
 * or one a fan-out step depends on) may call a capped github write. Each job counts `github.writes`
 * on its own, so such a run would write up to shards \u00d7 the cap; the merge job's steps run once.
 */
function fanOutWriteProblem(plan) {
    const early = (0,fan_out_part/* fanOutScope */.q)(plan.steps, 'shard') ?? new Set();
    for (const step of plan.steps) {
        if (!early.has(step.key))
            continue;
        const writes = (0,step_tools/* toolsStepMayCall */.R)(step, plan).filter((name) => Object.hasOwn(write_caps/* CAPPED_WRITES */.LJ, name));
        if (writes.length > 0) {
            return `step ${step.key} may call ${writes.join(', ')}, and it runs in the prepare or a shard job: each job counts github.writes on its own, so a fanned-out run could write up to shards \u00d7 the cap; call it from a step after the fan-out step (the merge job runs those once)`;
        }
    }
    return undefined;
}

// EXTERNAL MODULE: ./lib/job/pause-asker.js
var pause_asker = __webpack_require__(83858);
;// CONCATENATED MODULE: ./lib/job/fan-out-refusal.js


/**
 * Why a fanned-out run of the plan (`mode`, in words: `mode prepare`) is refused before anything runs, or undefined:
 * it could pause for approval midway (the other jobs would wait on a state that never comes: approve first, with the
 * environment pattern, then fan out), or a step of the prepare or a shard job may call a capped github write. The
 * one rule for the run's refusal and `validate`'s warning of it.
 */
function fanOutRefusal(plan, mode) {
    // The one rule for what may pause a plan (`pauseAsker`), which the refusal where no comment can be written reads too.
    const asker = (0,pause_asker/* pauseAsker */.x)(plan);
    if (asker !== undefined) {
        return `${mode} cannot pause for approval midway (${asker}): set approval: never (and no step approval: true) in a fanned-out plan and the plans it uses, and approve it before the fan-out jobs with the environment pattern (mode: plan, then a job with environment:)`;
    }
    const writes = fanOutWriteProblem(plan);
    return writes === undefined ? undefined : `${mode}: ${writes}`;
}


/***/ }),

/***/ 83858:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ pauseAsker)
/* harmony export */ });
/** A tool with side effects the plan, or a plan it uses, may call (its catalogue: withheld tools are not in it); undefined when none. */
function sideEffectTool(plan, looked) {
    if (looked.has(plan))
        return undefined;
    looked.add(plan);
    for (const [name, tool] of plan.tools)
        if (tool.sideEffects)
            return name;
    for (const used of plan.subplans?.values() ?? []) {
        const found = sideEffectTool(used, looked);
        if (found !== undefined)
            return found;
    }
    return undefined;
}
/**
 * What could make a run of the plan pause for approval, in words (`step 3's approval: true`, `approval: plan`,
 * `approval: side-effects, and it may call deploy, a tool with side effects`), or undefined when nothing could.
 * Read from the plan as loaded, before a model writes or replans steps: under `side-effects`, any tool with side
 * effects in its catalogue (a replan may call one no step of the file does); a used plan's ask is its step's.
 */
function pauseAsker(plan, looked = new Set()) {
    if (looked.has(plan))
        return undefined;
    looked.add(plan);
    const step = plan.steps.find((candidate) => candidate.approval);
    if (step)
        return `step ${step.key}'s approval: true`;
    const policy = plan.source.approval ?? 'never';
    if (policy === 'plan')
        return 'approval: plan';
    if (policy === 'side-effects') {
        const tool = sideEffectTool(plan, new Set());
        if (tool !== undefined)
            return `approval: side-effects, and it may call ${tool}, a tool with side effects`;
    }
    for (const [uses, used] of plan.subplans ?? []) {
        const inner = pauseAsker(used, looked);
        if (inner !== undefined)
            return `the plan ${uses} it uses: ${inner}`;
    }
    return undefined;
}


/***/ }),

/***/ 19243:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ fanOutScope)
/* harmony export */ });
/* harmony import */ var _core_push_all_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37665);

/** The steps a part may start: prepare the fan-out steps' ancestors; shard those and the fan-out steps; merge every step. */
function fanOutScope(steps, part) {
    if (part === 'merge')
        return undefined;
    const byKey = new Map(steps.map((step) => [step.key, step]));
    const fanOut = steps.filter((step) => step.forEach?.fanOut);
    const scope = new Set();
    const queue = fanOut.flatMap((step) => step.dependsOn);
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        if (scope.has(key))
            continue;
        scope.add(key);
        (0,_core_push_all_js__WEBPACK_IMPORTED_MODULE_0__/* .pushAll */ .i)(queue, byKey.get(key)?.dependsOn ?? []);
    }
    if (part === 'shard')
        for (const step of fanOut)
            scope.add(step.key);
    return scope;
}


/***/ }),

/***/ 87749:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ toolsStepMayCall)
/* harmony export */ });
/**
 * Every tool a step may call: its tool, an agent step's `tools` (its profile's only bound them), and
 * those of every step of the plan a `type: plan` step uses, nested ones too.
 */
function toolsStepMayCall(step, plan, seen = new Set()) {
    const own = step.type === 'agent' ? (step.tools ?? []) : step.tool === undefined ? [] : [step.tool];
    const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
    if (!used || seen.has(used))
        return own;
    seen.add(used);
    return [...new Set([...own, ...used.steps.flatMap((inner) => toolsStepMayCall(inner, used, seen))])];
}


/***/ })

};
