import type { GoalCheck } from '../goal-check.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';
import { parseJsonResult } from '../parse-json-result.ts';

/** `json_schema`: the result is JSON (or a JSON value already) and validates against the schema (JSON Schema 2020-12, by Ajv, loaded at the first such goal). */
export const jsonSchemaCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { value, work }) {
    const parsed = parseJsonResult(value);
    if (!parsed.ok) return { met: false, evidence: `the result is not JSON: ${parsed.why}` };
    const { checkJsonSchema, schemaErrorText } = await import('../json-schema-validator.ts');
    const checked = checkJsonSchema(goal.json_schema ?? {}, parsed.value, { work });
    if (!checked.ok) throw new GoalNotEvaluableError(checked.why);
    if (checked.valid) return { met: true, evidence: 'valid JSON that matches the schema' };
    const [first] = checked.errors;
    const more = checked.errors.length > 1 ? ` (and ${checked.errors.length - 1} more issues)` : '';
    return { met: false, evidence: `${first ? schemaErrorText(first) : 'does not match the schema'}${more}` };
  },
};
