import type { PlanError } from '../../plan/plan-error.ts';
import { MAX_TITLE_CHARS, type Plan } from '../../plan/schema.ts';
import type { LoadResult, ToolDescription, ValidPlan } from '../../plan/valid-plan.ts';
import { validatePlanObject } from '../../plan/validate-plan.ts';
import { WRITE_TODOS } from './write-todos-definition.ts';

/** The key of the one step a `mode: agent` run has. */
export const AGENT_STEP_ID = 'agent';

function rejected(plan: ValidPlan, path: string, message: string): LoadResult {
  const error: PlanError = { ...(plan.file !== undefined && { file: plan.file }), path, message };
  return { ok: false, errors: [error] };
}

function titleOf(task: string): string {
  const line = task.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, ' ');
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS - 1)}…` : line;
}

/**
 * A whole run as one agent (`mode: agent`): the plan's tools, goals, limits and model stay; its
 * steps are one agent step whose task is `task` (else the plan's goal) and which may call every
 * tool the run offers — withheld tools (a fork's pull request) are not among them. Its TODO list
 * is the run's checklist; the goals are checked on its answer. Validated like any plan.
 */
export function agentPlan(plan: ValidPlan, task: string | undefined): LoadResult {
  if (plan.steps.length > 0) {
    return rejected(plan, 'workflow_sequence', 'mode agent runs the task as one agent step, but this plan already has steps: run it in mode run, or remove workflow_sequence');
  }
  const fromTask = Boolean(task?.trim());
  const instruction = fromTask ? task!.trim() : plan.goal;
  if (!instruction) return rejected(plan, '', 'mode agent needs a task: give the task input (--task TEXT), or a goal in the plan');
  if (plan.tools.has(WRITE_TODOS)) {
    return rejected(plan, `tools.${WRITE_TODOS}`, `mode agent gives the agent its own ${WRITE_TODOS} (its TODO list), and this plan has a tool of that name: rename the tool to run it in mode agent`);
  }
  const source: Plan = {
    ...plan.source,
    workflow_sequence: [{ id: AGENT_STEP_ID, type: 'agent', title: titleOf(instruction), task: instruction, tools: [...plan.tools.keys()] }],
  };
  // The task is the step's instruction; the same words again as the run's goal would only repeat it.
  if (source.goal === instruction) delete source.goal;
  const extraTools: ToolDescription[] = [...plan.tools.values()].filter((tool) => tool.origin === 'extra');
  const checked = validatePlanObject(source, {
    origin: 'file',
    ...(plan.file !== undefined && { file: plan.file }),
    extraTools,
    ...(plan.withhold !== undefined && { withhold: plan.withhold }),
  });
  if (checked.ok) return checked;
  // The one step is made here, not written in the file: a problem in it is the task's.
  const taskPath = `workflow_sequence[0].task`;
  return {
    ok: false,
    errors: checked.errors.map((error) =>
      error.path === taskPath ? { ...error, path: fromTask ? 'task' : 'goal', message: `in the task (${fromTask ? 'the task input, or --task' : "the plan's goal"}): ${error.message}` } : error,
    ),
  };
}
