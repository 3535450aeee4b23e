import { hasVisibleText } from '../core/invisible-characters.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan, Step } from './schema.ts';

/**
 * What a `reasoning` or `aggregate` step's model call is asked to do. Its prompt holds the plan's
 * goal, the step's description and its agent's system prompt; with none of them it was sent only
 * "Your step (3): reasoning" (found by a review). An aggregate with no steps to combine (no
 * `inputs`, no dependencies) was asked to combine "the steps above" when there were none.
 * `steps` are `rawSteps` with defaults applied, in the same order; the steps before `from` are not checked.
 */
export function checkStepInstructions(plan: Plan, rawSteps: readonly Step[], steps: readonly PlanStep[], from = 0): PlanIssue[] {
  const issues: PlanIssue[] = [];
  rawSteps.forEach((step, index) => {
    if (index < from || (step.type !== 'reasoning' && step.type !== 'aggregate')) return;
    const at = stepPath(index);
    const agentSystem = step.agent === undefined ? undefined : plan.agents?.[step.agent]?.system;
    if (plan.goal === undefined && !hasVisibleText(step.description) && !hasVisibleText(agentSystem)) {
      const label = step.title === undefined ? '' : '; its title is only a label';
      issues.push(
        step.description === undefined
          ? { path: at, message: `${step.type === 'aggregate' ? 'an' : 'a'} ${step.type} step needs \`description:\`, the instruction its model call answers, and the plan has no \`goal:\` to work from${label}: write what the step is to do` }
          : { path: [...at, 'description'], message: `the description is blank, and it is the instruction this ${step.type} step's model call answers (the plan has no \`goal:\` to work from${label}): write what the step is to do` },
      );
    }
    if (step.type === 'aggregate' && steps[index]?.dependsOn.length === 0) {
      const where = step.inputs !== undefined ? [...at, 'inputs'] : step.depends_on !== undefined ? [...at, 'depends_on'] : at;
      issues.push({ path: where, message: "an aggregate step combines the results of other steps, and this one has none: list them in `inputs:` (or make it a reasoning step, which may work from the goal and the run's inputs alone)" });
    }
  });
  return issues;
}
