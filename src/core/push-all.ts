/**
 * Appends `items` to `list`, one at a time. A spread call, `list.push(...items)`, passes every item as an
 * argument, and past about 120,000 of them V8 throws "Maximum call stack size exceeded": redacting 1 MiB of
 * `----…----` with an invisible character in it while a private key was known threw there, where each cut gave
 * a range (found by an adversarial pass). ESLint refuses spread arguments to `push`, `unshift`,
 * `splice` and `Math.max`/`min` in src/ (eslint.config.js).
 */
export function pushAll<T>(list: T[], items: Iterable<T>): void {
  for (const item of items) list.push(item);
}
