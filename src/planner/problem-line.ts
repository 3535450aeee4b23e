import { cutText } from '../core/cut-text.ts';
import type { PlanError } from '../plan/plan-error.ts';

/** Characters of one validation problem a model is told at most: a message may quote what the model wrote (a 100 KB label). */
const MAX_PROBLEM_CHARS = 500;

/** A validation problem of a model's steps as the planner's repair call and the replanner's reason list it: where, what, cut. */
export function problemLine(error: PlanError): string {
  return cutText(error.path ? `${error.path}: ${error.message}` : error.message, MAX_PROBLEM_CHARS);
}
