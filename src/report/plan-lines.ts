import { stepKey } from '../core/plan-step.ts';
import type { Plan } from '../plan/schema.ts';
import { planFilePositions } from '../plan/position-in-plan-file.ts';

/** The lines of the plan file that write a step (by key; a `for_each` item's is its step's) and a goal (by name). */
export interface PlanLines {
  step(key: string): number | undefined;
  goal(name: string): number | undefined;
}

/**
 * Where `file` writes the steps and goals of `source` (the plan as the file gave it), for annotations on
 * their lines; undefined when the file no longer reads. A step a model wrote or a replan added has no line.
 * The file is read again at the end of the run: a loaded plan keeps no positions, which most runs never need.
 */
export async function planLines(file: string, source: Pick<Plan, 'workflow_sequence' | 'goals'>): Promise<PlanLines | undefined> {
  const positions = await planFilePositions(file);
  if (!positions) return undefined;
  const steps = new Map<string, number>();
  (source.workflow_sequence ?? []).forEach((step, index) => steps.set(stepKey(step.id), index));
  const goals = new Map<string, number>();
  (source.goals ?? []).forEach((goal, index) => goals.set(goal.name, index));
  return {
    step(key) {
      // An item's key is its step's, then `[label]`; a step id has no `[`.
      const index = steps.get(key.split('[', 1)[0]!);
      return index === undefined ? undefined : positions.locate(['workflow_sequence', index]).line;
    },
    goal(name) {
      const index = goals.get(name);
      return index === undefined ? undefined : positions.locate(['goals', index]).line;
    },
  };
}
