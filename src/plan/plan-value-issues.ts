import type { PathSegment, PlanIssue } from './plan-issue.ts';

interface Visit {
  readonly value: object;
  readonly parent: Visit | undefined;
  readonly key: PathSegment | undefined;
  readonly depth: number;
}

function pathOf(visit: Visit): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

const PROTO_KEY = '`__proto__` cannot be a name in a plan: JavaScript reads it as an object’s prototype, and it would be dropped; rename it';

/**
 * What is wrong with a plan's value before its schema is checked, in one walk: nesting deeper than `maxNesting`
 * (one issue, the plan's), else each key `__proto__`, at its place. The YAML readers and `JSON.parse` keep that key,
 * but zod's maps pass over it: an input, tool, agent or `env:` name `__proto__` validated and was then missing, and
 * `--input __proto__=3` was told "the plan declares none" (found by an adversarial pass). Iterative, so any depth is
 * safe to walk; YAML aliases share objects, each walked once.
 */
export function planValueIssues(value: object, maxNesting: number): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, parent: undefined, key: undefined, depth: 1 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (seen.has(current)) continue;
    if (visit.depth > maxNesting) return [{ path: [], message: `the plan nests more than ${maxNesting} levels deep; plans never need that` }];
    seen.add(current);
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const child: unknown = current[index];
        if (child !== null && typeof child === 'object') stack.push({ value: child, parent: visit, key: index, depth });
      }
      continue;
    }
    if (Object.hasOwn(current, '__proto__')) issues.push({ path: [...pathOf(visit), '__proto__'], message: PROTO_KEY });
    for (const key in current) {
      const child: unknown = (current as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ value: child, parent: visit, key, depth });
    }
  }
  return issues;
}
