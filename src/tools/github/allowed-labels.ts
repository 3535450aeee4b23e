/** The github write tools that set labels, each from its `labels` argument, checked against `github.writes.labels`. */
export const LABELLING_TOOLS: ReadonlySet<string> = new Set(['add_labels', 'create_issue']);

/**
 * Why `labels` may not be set under the plan's `github.writes.labels` (`allowed`; left out: none), compared as
 * GitHub compares them (ignoring case), or undefined when every one may. The one rule: the write tools refuse by
 * it when they run, and validation by it for labels a step's args write out.
 */
export function labelsRefused(allowed: readonly string[] | undefined, labels: readonly string[]): string | undefined {
  const list = allowed ?? [];
  const refused = labels.filter((label) => !list.some((name) => name.toLowerCase() === label.toLowerCase()));
  if (refused.length === 0) return undefined;
  const shown = list.length > 0 ? `allowed: ${list.join(', ')}` : 'the plan allows no labels';
  return `label${refused.length === 1 ? '' : 's'} ${refused.map((label) => `'${label}'`).join(', ')} not allowed (${shown})`;
}

/**
 * `labels` as the plan's `github.writes.labels` (`allowed`) spells them, for labels `labelsRefused` let through: GitHub
 * is sent only names from the list. Sent as written, a label in another case or with a letter that only lower-cases to
 * the list's (the Kelvin sign for `K`) became a new label on GitHub, not on the list (found by an adversarial pass).
 */
export function allowedSpellings(allowed: readonly string[] | undefined, labels: readonly string[]): string[] {
  const list = allowed ?? [];
  return labels.map((label) => list.find((name) => name.toLowerCase() === label.toLowerCase()) ?? label);
}
