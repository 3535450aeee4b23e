import type OpenAI from 'openai';
import type { ModelClient } from '../llm/model-client.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { errorText } from '../core/error-text.ts';
import { askForJson } from '../llm/ask-for-json.ts';
import type { PlanAttempt } from './plan-attempt.ts';
import { planMessages, repairMessages } from './plan-prompt.ts';
import { plannerModel } from './planner-model.ts';
import { readStepList } from './read-step-list.ts';
import { stepListResponseFormat } from './step-list-format.ts';
import { toolStepProblem } from './tool-step-rule.ts';
import { validateModelSteps } from './validate-model-steps.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** The purpose label of planner calls, in record/replay files and errors. */
export const PLANNER_PURPOSE = 'planner';

export interface PlannerOptions {
  readonly model: ModelClient;
  /** The run's input values, so the plan can refer to them. */
  readonly inputs: Readonly<Record<string, unknown>>;
  readonly signal?: AbortSignal;
}

export type WritePlanResult =
  | { readonly ok: true; readonly plan: ValidPlan; readonly attempts: readonly PlanAttempt[] }
  | { readonly ok: false; readonly attempts: readonly PlanAttempt[]; readonly errors: readonly PlanError[] };

function judge(plan: ValidPlan, answer: string): { attempt: PlanAttempt; plan?: ValidPlan } {
  const list = readStepList(answer);
  if (!list.ok) return { attempt: { answer, errors: [{ path: '', message: list.problem }] } };
  const checked = validateModelSteps(plan, list.steps);
  const noTool = checked.ok ? toolStepProblem(plan, checked.plan) : undefined;
  if (noTool) return { attempt: { answer, steps: list.steps, errors: [noTool] } };
  if (checked.ok) return { attempt: { answer, steps: list.steps, errors: [] }, plan: checked.plan };
  return { attempt: { answer, steps: list.steps, errors: checked.errors } };
}

/**
 * Writes the steps of a plan that has a goal but no `workflow_sequence`: one planner call (goal,
 * goal checks, tools), validated like a file plus the hard-coded-value rule; when that fails, one
 * repair call showing the model the errors. Never throws: a failed call is a rejection too.
 */
export async function writePlan(plan: ValidPlan, options: PlannerOptions): Promise<WritePlanResult> {
  const attempts: PlanAttempt[] = [];
  let messages: Message[] = planMessages(plan, options.inputs);
  for (let call = 0; call < 2; call += 1) {
    let answer: string;
    try {
      answer = await askForJson(
        options.model,
        { ...plannerModel(plan, options.model), messages, response_format: stepListResponseFormat() },
        PLANNER_PURPOSE,
        options.signal,
      );
    } catch (error) {
      const failed: PlanError = { path: '', message: `the planner's model call failed: ${errorText(error)}` };
      return { ok: false, attempts, errors: [failed] };
    }
    const judged = judge(plan, answer);
    attempts.push(judged.attempt);
    if (judged.plan) return { ok: true, plan: judged.plan, attempts };
    messages = [...messages, ...repairMessages(answer, judged.attempt.errors)];
  }
  return { ok: false, attempts, errors: attempts.at(-1)!.errors };
}
