import { EITHER_OPTION_NAMES, type OptionNames } from '../../core/option-names.ts';
import { formatPath } from '../../core/format-path.ts';
import type { PlanError } from '../../plan/plan-error.ts';
import type { PathSegment } from '../../plan/plan-issue.ts';
import { MAX_TITLE_CHARS, type Plan } from '../../plan/schema.ts';
import type { LoadResult, ToolDescription, ValidPlan } from '../../plan/valid-plan.ts';
import { validatePlanObject } from '../../plan/validate-plan.ts';
import { WRITE_TODOS } from './write-todos-definition.ts';
import { cutText } from '../../core/cut-text.ts';

/** The key of the one step a `mode: agent` run has. */
export const AGENT_STEP_ID = 'agent';

/** Where a path is in the plan file (`positionInPlanFile`); undefined when it cannot be said. */
export type PlanLocator = (path: readonly PathSegment[], at?: 'key' | 'value') => Promise<{ line: number; column: number } | undefined>;

export interface AgentPlanOptions {
  /** How the front end names the task and the modes; default: both front ends' names. */
  readonly names?: OptionNames;
  /** Places a refusal of something the plan file holds at its line (absent: the plan came from no file). */
  readonly locate?: PlanLocator;
}

async function rejected(plan: ValidPlan, path: readonly PathSegment[], message: string, locate?: PlanLocator): Promise<LoadResult> {
  const position = await locate?.(path, 'key');
  const error: PlanError = { ...(plan.file !== undefined && { file: plan.file }), ...position, path: formatPath(path), message };
  return { ok: false, errors: [error] };
}

function titleOf(task: string): string {
  const line = task.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, ' ');
  return cutText(line, MAX_TITLE_CHARS);
}

/** What the one agent of a `mode: agent` run is told: the task given, else the plan's goal. */
function agentInstruction(goal: string | undefined, task: string | undefined): string {
  return task?.trim() ? task.trim() : goal!;
}

/**
 * The goal a `mode: agent` run works towards (and an approval of it is checked against): the plan's, unless it is
 * the agent's instruction, which the one step holds already.
 */
export function agentGoal(goal: string | undefined, task: string | undefined): string | undefined {
  return goal === agentInstruction(goal, task) ? undefined : goal;
}

/**
 * A whole run as one agent (`mode: agent`): the plan's tools, goals, limits and model stay; its
 * steps are one agent step whose task is `task` (else the plan's goal) and which may call every
 * tool the run offers — withheld tools (a fork's pull request) are not among them. Its TODO list
 * is the run's checklist; the goals are checked on its answer. Validated like any plan. A `task` is taken as written
 * (`taskAsWritten`): it is often event text (an issue's body), data and not plan syntax; the plan's goal keeps its references.
 */
export async function agentPlan(plan: ValidPlan, task: string | undefined, options: AgentPlanOptions = {}): Promise<LoadResult> {
  const { names = EITHER_OPTION_NAMES, locate } = options;
  const fromTask = Boolean(task?.trim());
  if (plan.steps.length > 0) {
    // With a task given, its steps run only without it too: advice that led to the task's own refusal (review).
    const instead = fromTask ? `${names.notAgent} and without ${names.task} (its steps run as written)` : names.notAgent;
    return rejected(plan, ['workflow_sequence'], `${names.agent} runs the task as one agent step, but this plan already has steps: run it ${instead}, or remove workflow_sequence`, locate);
  }
  // A plan with no steps has a goal that is not blank: the loader refuses one without either.
  const instruction = agentInstruction(plan.goal, task);
  if (plan.tools.has(WRITE_TODOS)) {
    // At its line only when the plan file declares it: an MCP server's tool of that name is not in the file.
    return rejected(plan, ['tools', WRITE_TODOS], `${names.agent} gives the agent its own ${WRITE_TODOS} (its TODO list), and this plan has a tool of that name: rename the tool to run it with ${names.agent}`, plan.tools.get(WRITE_TODOS)!.origin === 'plan' ? locate : undefined);
  }
  const source: Plan = {
    ...plan.source,
    workflow_sequence: [{ id: AGENT_STEP_ID, type: 'agent', title: titleOf(instruction), task: instruction, tools: [...plan.tools.keys()] }],
  };
  // The task is the step's instruction; the same words again as the run's goal would only repeat it.
  if (agentGoal(source.goal, task) === undefined) delete source.goal;
  const extraTools: ToolDescription[] = [...plan.tools.values()].filter((tool) => tool.origin === 'extra');
  const checked = validatePlanObject(source, {
    origin: 'file',
    ...(plan.file !== undefined && { file: plan.file }),
    extraTools,
    ...(plan.withhold !== undefined && { withhold: plan.withhold }),
    ...(fromTask && { tasksAsWritten: new Set([AGENT_STEP_ID]) }),
  });
  if (checked.ok) return plan.fileTextHash === undefined ? checked : { ok: true, plan: { ...checked.plan, fileTextHash: plan.fileTextHash } };
  // The one step is made here, not written in the file: a problem in it is the task's.
  const taskPath = `workflow_sequence[0].task`;
  return {
    ok: false,
    errors: checked.errors.map((error) =>
      error.path === taskPath ? { ...error, path: fromTask ? 'task' : 'goal', message: `in ${fromTask ? names.task : "the plan's goal"}: ${error.message}` } : error,
    ),
  };
}
