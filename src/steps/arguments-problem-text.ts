import type { z } from 'zod';
import { formatPath } from '../core/format-path.ts';
import { schemaIssues } from '../plan/schema-issues.ts';
import { cutText } from '../core/cut-text.ts';

/** The most problems one refusal of a tool's arguments lists: a model fixes the first ones and tries again. */
export const MAX_SHOWN_PROBLEMS = 20;
/** The most characters of one problem: a key of a megabyte, in its path and its message, made 20 MB of refusal. */
const MAX_PROBLEM_CHARS = 500;

/**
 * Why arguments failed their schema, for the model that chose them: one line per problem, at most
 * `MAX_SHOWN_PROBLEMS`, each in the plan check's words (a long list of names shows 20; an unknown
 * name gets "did you mean"). The value must have been parsed with `reportInput: true`.
 *
 * zod's `prettifyError` listed every value of an enum in every issue: 1,000 wrong tags against an
 * enum of 20,000 values made a 409 MB message and 1.5 GB of memory from a 13 KB answer.
 */
export function argumentsProblemText(error: z.ZodError, schema: z.ZodType): string {
  // Each zod issue gives at least one problem, so the first MAX_SHOWN_PROBLEMS of them are enough.
  // Arguments are not a plan: an argument named `id` or `depends_on` is not told the rules of step ids.
  const problems = schemaIssues(error.issues.slice(0, MAX_SHOWN_PROBLEMS), schema, [], new WeakMap(), { stepIds: false });
  // Each once: zod reports a tuple's `minItems` twice.
  const lines = [...new Set(problems.slice(0, MAX_SHOWN_PROBLEMS).map((problem) => {
    const where = formatPath(problem.path);
    return cutProblem(where === '' ? problem.message : `${where}: ${problem.message}`);
  }))];
  const more = problems.length > MAX_SHOWN_PROBLEMS || error.issues.length > MAX_SHOWN_PROBLEMS;
  return more ? `${lines.join('\n')}\n(only the first ${MAX_SHOWN_PROBLEMS} problems are shown)` : lines.join('\n');
}

/** `line` in at most 500 characters, `…` ending a cut one. */
export function cutProblem(line: string): string {
  return cutText(line, MAX_PROBLEM_CHARS);
}
