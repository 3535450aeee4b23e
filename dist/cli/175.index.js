export const id = 175;
export const ids = [175];
export const modules = {

/***/ 19175:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  validateCommand: () => (/* binding */ validateCommand)
});

// UNUSED EXPORTS: describeValidPlan

// EXTERNAL MODULE: ./lib/core/group-digits.js
var group_digits = __webpack_require__(80083);
// EXTERNAL MODULE: ./lib/core/visible-controls.js
var visible_controls = __webpack_require__(74700);
// EXTERNAL MODULE: ./lib/plan/plan-error.js
var plan_error = __webpack_require__(36487);
// EXTERNAL MODULE: ./lib/plan/steps-needing-model.js
var steps_needing_model = __webpack_require__(2229);
// EXTERNAL MODULE: ./lib/job/frozen-pins.js
var frozen_pins = __webpack_require__(25642);
// EXTERNAL MODULE: ./lib/job/load-plan-with-servers.js
var load_plan_with_servers = __webpack_require__(1481);
// EXTERNAL MODULE: ./lib/plan/position-in-plan-file.js
var position_in_plan_file = __webpack_require__(12895);
// EXTERNAL MODULE: ./lib/process/program-problem.js
var program_problem = __webpack_require__(79639);
;// CONCATENATED MODULE: ./lib/cli/program-warnings.js



/** The tool declarations of the plans `plan` uses, at any depth: they join its `tools`, as the very objects. */
function usedPlansTools(plan) {
    const found = new Set();
    for (const inner of plan.subplans?.values() ?? []) {
        for (const tool of Object.values(inner.source.tools ?? {}))
            found.add(tool);
        for (const tool of usedPlansTools(inner))
            found.add(tool);
    }
    return found;
}
/** The commands written in `plan`'s own file: its tools (not those its used plans brought) and goals. */
function commandsOf(plan) {
    const brought = usedPlansTools(plan);
    const tools = Object.entries(plan.source.tools ?? {}).flatMap(([name, tool]) => brought.has(tool) || tool.command?.[0] === undefined ? [] : [{ program: tool.command[0], what: `tool '${name}'`, path: ['tools', name, 'command', 0] }]);
    const goals = (plan.source.goals ?? []).flatMap((goal, index) => goal.command?.[0] === undefined ? [] : [{ program: goal.command[0], what: `goal '${goal.name}'`, path: ['goals', index, 'command', 0] }]);
    return [...tools, ...goals];
}
/** The plan and every plan it uses, each once. */
function plansOf(plan, seen = new Set()) {
    if (seen.has(plan))
        return [];
    seen.add(plan);
    return [plan, ...[...(plan.subplans?.values() ?? [])].flatMap((inner) => plansOf(inner, seen))];
}
/**
 * `validate`'s warnings for a valid plan: each command tool or command goal (of the plan or a plan it
 * uses) whose program this machine could not start, at the program's line and column (found by a
 * new-user walkthrough: `validate` said ok, and `run` failed at the step with ENOENT). Warnings, not
 * errors: a workflow may install the program in a step before plan-runner's.
 */
async function programWarnings(plan, cwd, env) {
    const warnings = [];
    // A copy of Windows' environment keeps the name as it was written (`Path`): found whatever its case there.
    const pathVariable = (0,program_problem/* pathVariableOf */.bm)(env);
    // Each program looked up once, and the event loop let go every 256 lookups: a plan of 16,000 commands, each a
    // stat in every PATH folder, held it 2.7 s in one block, deaf to Ctrl-C (found by an adversarial pass).
    const found = new Map();
    const problemOf = async (program) => {
        if (found.has(program))
            return found.get(program);
        if (found.size % 256 === 255)
            await new Promise((resolve) => setImmediate(resolve));
        const problem = (0,program_problem/* programProblem */.cI)(program, cwd, pathVariable);
        found.set(program, problem);
        return problem;
    };
    for (const each of plansOf(plan)) {
        const problems = [];
        for (const command of commandsOf(each)) {
            const problem = await problemOf(command.program);
            if (problem !== undefined)
                problems.push({ command, problem });
        }
        if (problems.length === 0 || each.file === undefined)
            continue;
        const file = each.file;
        const positions = await (0,position_in_plan_file/* planFilePositions */.y)(file);
        for (const { command, problem } of problems) {
            const message = `${command.what}: ${problem}; install it in a workflow step before plan-runner's, or fix the command (a warning: the plan is valid)`;
            warnings.push(`warning: ${(0,plan_error/* formatPlanError */.Rs)({ file, ...(positions?.locate(command.path) ?? {}), path: '', message })}`);
        }
    }
    return warnings;
}

// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
;// CONCATENATED MODULE: ./lib/cli/validate-command.js








function plural(count, word) {
    return `${(0,group_digits/* groupDigits */.K)(count)} ${word}${count === 1 ? '' : 's'}`;
}
/** One line that says what a valid plan holds: steps, tools, goals, and whether it needs a model. */
function describeValidPlan(plan) {
    const goals = plan.source.goals ?? [];
    const steps = (0,steps_needing_model/* stepsNeedingModel */.vB)(plan.steps).map((step) => step.key);
    const judged = goals.filter((goal) => goal.judge !== undefined).length;
    // "(steps: none)" for a plan whose judge goals alone need one said nothing of why.
    // A plan its plan steps use that needs one (found by a README walkthrough: "no model needed", and the run then asked for a key).
    const used = [...(plan.subplans ?? [])].filter(([, inner]) => (0,steps_needing_model/* planNeedsModel */.mM)(inner)).map(([uses]) => uses);
    const why = [
        steps.length > 0 ? `steps: ${steps.join(', ')}` : undefined,
        judged > 0 ? `${plural(judged, 'judge goal')}` : undefined,
        used.length > 0 ? `used plan${used.length === 1 ? '' : 's'} ${used.join(', ')}` : undefined,
    ].filter((part) => part !== undefined);
    const needsModel = plan.steps.length === 0 ? 'a model writes the steps' : why.length > 0 ? `needs a model (${why.join('; ')})` : 'no model needed';
    return `${plural(plan.steps.length, 'step')}, ${plural(plan.tools.size, 'tool')}, ${plural(goals.length, 'goal')}; ${needsModel}`;
}
/**
 * Of a plan with a `fan_out` step: why a run of it with `mode: prepare`, `shard` or `merge` (what fan_out is for)
 * would be refused before anything runs (`fanOutRefusal`, the run's own rule), as a warning: without `mode` it runs whole.
 */
async function fanOutWarnings(plan, file) {
    if (!plan.steps.some((step) => step.forEach?.fanOut))
        return [];
    const { fanOutRefusal } = await __webpack_require__.e(/* import() */ 305).then(__webpack_require__.bind(__webpack_require__, 305));
    const refused = fanOutRefusal(plan, 'a fanned-out run (mode prepare, shard or merge)');
    if (refused === undefined)
        return [];
    return [`warning: ${(0,plan_error/* formatPlanError */.Rs)({ file, path: '', message: `${refused}; such a run is refused before anything runs (a warning: the plan is valid, and runs whole without mode)` })}`];
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
            : await (0,load_plan_with_servers/* loadPlanWithServers */.G)(file, {
                signal,
                cwd: options.cwd ?? process.cwd(),
                env,
                ...(options.mcpStartTimeoutMs !== undefined && { timeoutMs: options.mcpStartTimeoutMs }),
                ...(options.model !== undefined && { model: options.model }),
                ...(options.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: options.modelTimeoutSeconds }),
                learnSecrets: (values) => (0,push_all/* pushAll */.i)(learned, values),
            }).catch((error) => {
                if (signal.aborted)
                    return undefined;
                throw error;
            });
        if (!result) {
            out(`cancelled (${String(signal.reason)}): ${plural(files.length - index, 'file')} not validated`);
            return false;
        }
        // A frozen file's pins that do not hold refuse every run of it, whatever its inputs: the run's own rule.
        const unfrozen = result.ok ? await (0,frozen_pins/* frozenPinErrors */.vB)(file, (0,frozen_pins/* frozenUsesIssues */.n2)(result.plan, 'a run of it is refused before anything runs')) : [];
        if (result.ok)
            await result.servers?.close();
        if (result.ok && unfrozen.length === 0) {
            // The file name as the error lines show it (redactedPlanError): an ESC in it moved the cursor (adversarial pass).
            out(`ok ${(0,visible_controls/* visibleControls */.x)(file)}: ${describeValidPlan(result.plan)}`);
            const warnings = [...(await programWarnings(result.plan, options.cwd ?? process.cwd(), env)), ...(await fanOutWarnings(result.plan, file))];
            // A program's name or path may hold a secret, as an error's text may (found by a redaction hunt).
            const redact = warnings.length > 0 ? (await __webpack_require__.e(/* import() */ 135).then(__webpack_require__.bind(__webpack_require__, 85135))).validateRedactor(env, learned) : undefined;
            for (const warning of warnings)
                out((0,visible_controls/* visibleControls */.x)(redact(warning)));
        }
        else {
            allValid = false;
            const redact = (await __webpack_require__.e(/* import() */ 135).then(__webpack_require__.bind(__webpack_require__, 85135))).validateRedactor(env, learned);
            const errors = result.ok ? unfrozen : result.errors;
            for (const error of errors)
                out((0,plan_error/* redactedPlanError */.wh)(error, redact));
            out(`${(0,visible_controls/* visibleControls */.x)(file)}: ${plural((0,plan_error/* problemCount */.bS)(errors), 'error')}`);
        }
    }
    return allValid;
}


/***/ })

};
