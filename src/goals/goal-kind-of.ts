import { GOAL_KINDS, type Goal, type GoalKind } from '../plan/schema.ts';

/** The one kind a goal names, or undefined when it names none (the loader rejects two). */
export function goalKindOf(goal: Goal): GoalKind | undefined {
  return GOAL_KINDS.find((kind) => goal[kind] !== undefined);
}
