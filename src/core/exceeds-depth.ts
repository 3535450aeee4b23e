/** A key or an index on the way from a walked value to one of the objects in it. */
export type WalkKey = string | number;

interface Visit {
  readonly value: object;
  readonly parent: Visit | undefined;
  readonly key: WalkKey | undefined;
  readonly depth: number;
}

function pathOf(visit: Visit): WalkKey[] {
  const path: WalkKey[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * True when arrays and objects in `value` nest deeper than `max`; iterative, so any depth is safe to ask about.
 * `onObject`, when given, sees each object and array on the way (once: YAML aliases share objects), with a function
 * that gives its path from `value`, so a check of every object costs no second walk.
 */
export function exceedsDepth(value: unknown, max: number, onObject?: (object: object, path: () => WalkKey[]) => void): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: Visit[] = [{ value, parent: undefined, key: undefined, depth: 1 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (seen.has(current)) continue;
    if (visit.depth > max) return true;
    seen.add(current);
    onObject?.(current, () => pathOf(visit));
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const child: unknown = current[index];
        if (child !== null && typeof child === 'object') stack.push({ value: child, parent: visit, key: index, depth });
      }
    } else {
      for (const key in current) {
        const child: unknown = (current as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') stack.push({ value: child, parent: visit, key, depth });
      }
    }
  }
  return false;
}
