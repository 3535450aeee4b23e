/** True when arrays and objects in `value` nest deeper than `max`; iterative, so any depth is safe to ask about. */
export function exceedsDepth(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    if (depth > max) return true;
    // YAML aliases share objects; each is walked once.
    seen.add(current);
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
