import type { GoalCheck } from '../goal-check.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';
import { jsonIssueText } from '../json-issue-text.ts';
import { parseJsonResult } from '../parse-json-result.ts';
import { compileJsonSchema } from '../../plan/compile-json-schema.ts';

/** `json_schema`: the result is JSON (or a JSON value already) and validates against the schema. */
export const jsonSchemaCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { value }) {
    const parsed = parseJsonResult(value);
    if (!parsed.ok) return { met: false, evidence: `the result is not JSON: ${parsed.why}` };
    const compiled = compileJsonSchema(goal.json_schema ?? {});
    if (!compiled.ok) throw new GoalNotEvaluableError(`the goal's json_schema cannot be used (${compiled.message}); fix it in the plan file`);
    const schema = compiled.schema;
    const result = schema.safeParse(parsed.value);
    if (result.success) return { met: true, evidence: 'valid JSON that matches the schema' };
    const [first] = result.error.issues;
    const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more issues)` : '';
    return { met: false, evidence: `${first ? jsonIssueText(first, parsed.value) : 'does not match the schema'}${more}` };
  },
};
