import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import { parseGoalRegex } from './goal-regex.ts';

/** `parseGoalRegex`, failing closed: a pattern the loader somehow let through makes the goal unevaluable. */
export function compileGoalRegex(pattern: string, flags?: string): RegExp {
  try {
    return parseGoalRegex(pattern, flags);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GoalNotEvaluableError(`the pattern ${pattern} is not a valid regular expression (${why})`, { cause: error });
  }
}
