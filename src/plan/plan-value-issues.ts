import { exceedsDepth } from '../core/exceeds-depth.ts';
import type { PlanIssue } from './plan-issue.ts';

const PROTO_KEY = '`__proto__` cannot be a name in a plan: JavaScript reads it as an object’s prototype, and it would be dropped; rename it';

/**
 * What is wrong with a plan's value before its schema is checked, in the one walk that checks its nesting: deeper
 * than `maxNesting` (one issue, the plan's), else each key `__proto__`, at its place. The YAML readers and
 * `JSON.parse` keep that key, but zod's maps pass over it: an input, tool, agent or `env:` name `__proto__`
 * validated and was then missing, and `--input __proto__=3` was told "the plan declares none" (found by an
 * adversarial pass).
 */
export function planValueIssues(value: object, maxNesting: number): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const tooDeep = exceedsDepth(value, maxNesting, (object, path) => {
    if (!Array.isArray(object) && Object.hasOwn(object, '__proto__')) issues.push({ path: [...path(), '__proto__'], message: PROTO_KEY });
  });
  return tooDeep ? [{ path: [], message: `the plan nests more than ${maxNesting} levels deep; plans never need that` }] : issues;
}
