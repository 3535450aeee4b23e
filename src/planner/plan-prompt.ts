import type OpenAI from 'openai';
import { dataBlock, promptValue } from '../steps/data-block.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { sanitizeUntrusted } from '../security/sanitize-untrusted.ts';
import { problemLine } from './problem-line.ts';
import { agentProfilesText, budgetText, githubWritesText, goalChecksText, REFERENCE_RULES, STEP_FORMAT, toolCatalogueText } from './planner-rules.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const PLANNER_ROLE =
  'You are the planner of plan-runner. You write the whole plan once: the steps that reach the goal. ' +
  'Code runs the steps in the order their dependencies allow; you are called again only if a step fails.';

/** The goal, the goal checks' names, the run's inputs, the tool catalogue, the budget and the github write limits: what every planner prompt starts from. */
export function planContext(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>): string {
  // The goal may be a `task` from event text: hidden parts (HTML comments, invisible characters) are removed.
  const sections = [`Goal: ${sanitizeUntrusted(plan.goal ?? plan.name, { read: 'rendered' })}`];
  const goals = goalChecksText((plan.source.goals ?? []).map((goal) => goal.name));
  if (goals) sections.push(goals);
  if (Object.keys(inputs).length > 0) sections.push(`Inputs of the run:\n${dataBlock({ name: 'inputs' }, promptValue(inputs), true)}`);
  sections.push(toolCatalogueText(plan.tools));
  const agents = agentProfilesText(plan.source.agents ?? {});
  if (agents) sections.push(agents);
  sections.push(budgetText(plan.limits));
  const writes = githubWritesText(plan.tools, plan.source.github?.writes);
  if (writes) sections.push(writes);
  return sections.join('\n\n');
}

/** The planner's messages: the role and the step format, then the goal, its checks and the tools. */
export function planMessages(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>): Message[] {
  return [
    { role: 'system', content: `${PLANNER_ROLE}\n\n${STEP_FORMAT}\n\n${REFERENCE_RULES}` },
    { role: 'user', content: `${planContext(plan, inputs)}\n\nWrite the plan.` },
  ];
}

/** The most validation problems a repair request lists: a 2,000-step plan with 4,000 problems asked in 700 KB. */
export const MAX_REPAIR_PROBLEMS = 100;

/** The repair turn: the rejected answer, then the first problems (each cut) and a request for the whole corrected plan. */
export function repairMessages(answer: string, problems: readonly PlanError[]): Message[] {
  const listed = problems.slice(0, MAX_REPAIR_PROBLEMS).map((problem) => `- ${problemLine(problem)}`);
  if (problems.length > MAX_REPAIR_PROBLEMS) listed.push(`- … and ${problems.length - MAX_REPAIR_PROBLEMS} more; mend these, then check the rest of the plan for the same mistakes`);
  return [
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `That plan cannot run. Problems found by validation:\n${listed.join('\n')}\n\nReply with the whole corrected plan, JSON only.`,
    },
  ];
}
