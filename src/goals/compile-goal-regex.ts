import type { LinearRegex } from '../core/linear-regex.ts';
import { RegexSyntaxError } from '../core/regex-syntax-error.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import { parseGoalRegex } from '../plan/goal-regex.ts';

/** `parseGoalRegex`, failing closed: a pattern the loader somehow let through makes the goal unevaluable. */
export function compileGoalRegex(pattern: string, flags?: string): LinearRegex {
  try {
    return parseGoalRegex(pattern, flags);
  } catch (error) {
    const why = error instanceof RegexSyntaxError ? error.reason : error instanceof Error ? error.message : String(error);
    throw new GoalNotEvaluableError(`the pattern ${pattern} cannot be used (${why})`, { cause: error });
  }
}
