import { loadPlanFile } from '../plan/load-plan.ts';
import { formatPlanError } from '../plan/plan-error.ts';
import { stepsNeedingModel } from '../plan/steps-needing-model.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One line that says what a valid plan holds: steps, tools, goals, and whether it needs a model. */
export function describeValidPlan(plan: ValidPlan): string {
  const goals = plan.source.goals ?? [];
  const needsModel = plan.steps.length === 0
    ? 'a model writes the steps'
    : stepsNeedingModel(plan.steps).length > 0 || goals.some((goal) => goal.judge !== undefined)
      ? `needs a model (steps: ${stepsNeedingModel(plan.steps).map((s) => s.key).join(', ') || 'none'})`
      : 'no model needed';
  return `${plural(plan.steps.length, 'step')}, ${plural(plan.tools.size, 'tool')}, ${plural(goals.length, 'goal')}; ${needsModel}`;
}

/** `plan-runner validate <file>…`: prints "ok" lines or compiler-style errors; true when all are valid. */
export async function validateCommand(files: readonly string[], out: (line: string) => void): Promise<boolean> {
  let allValid = true;
  for (const file of files) {
    const result = await loadPlanFile(file);
    if (result.ok) {
      out(`ok ${file}: ${describeValidPlan(result.plan)}`);
    } else {
      allValid = false;
      for (const error of result.errors) out(formatPlanError(error));
      out(`${file}: ${plural(result.errors.length, 'error')}`);
    }
  }
  return allValid;
}
