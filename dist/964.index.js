export const id = 964;
export const ids = [964];
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


/***/ })

};
