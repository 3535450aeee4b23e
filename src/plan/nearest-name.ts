/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment), stopping
 * early once it must exceed `limit`. Plain Levenshtein counted `frist` two edits from `first`, and `modle` from
 * `model`, past the one a five-letter word may have: the commonest slip got no "did you mean".
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // A swap reaches back two rows, so a row above the limit may still lead to one within it.
    if (rowMin > limit && previousMin > limit) return limit + 1;
    before = previous;
    previous = current;
    previousMin = rowMin;
  }
  return previous[b.length]!;
}

/** Up to a third of the word may be wrong, at most 3 edits; words under 3 letters only differ in case. */
function editLimit(word: string): number {
  return Math.min(3, Math.max(word.length >= 3 ? 1 : 0, Math.floor(word.length / 3)));
}

/** The candidate (as given, with its lower-case form) closest to `word`, if one is close enough to be a likely typo. */
function closest(word: string, candidates: Iterable<readonly [string, string]>): string | undefined {
  const lower = word.toLowerCase();
  const limit = editLimit(word);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const [candidate, candidateLower] of candidates) {
    const distance = editDistance(lower, candidateLower, limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** The candidate closest to `word` by edit distance, if one is close enough to be a likely typo. For a short, fixed list of names. */
export function nearestName(word: string, candidates: Iterable<string>): string | undefined {
  return closest(word, [...candidates].map((candidate) => [candidate, candidate.toLowerCase()] as const));
}

/**
 * How many word-to-candidate comparisons one `NameSuggester` makes at the most. Each misspelt name is
 * compared with every candidate: a plan of 4,000 steps naming 4,000 missing ones took 25 s to validate.
 * Past the budget a name gets no suggestion, and its error still lists the names there are.
 */
export const SUGGESTION_BUDGET = 250_000;

/**
 * "Did you mean" for names from a plan that may hold thousands (step ids, tools an MCP server lists):
 * each name is looked up once, the candidates are lower-cased once, and all lookups together make at
 * most SUGGESTION_BUDGET comparisons.
 */
export class NameSuggester {
  readonly #candidates: Iterable<string>;
  #lowered: ReadonlyArray<readonly [string, string]> | undefined;
  readonly #found = new Map<string, string | undefined>();
  #comparisons = 0;

  constructor(candidates: Iterable<string>) {
    this.#candidates = candidates;
  }

  nearest(word: string): string | undefined {
    if (this.#found.has(word)) return this.#found.get(word);
    this.#lowered ??= [...this.#candidates].map((candidate) => [candidate, candidate.toLowerCase()] as const);
    if (this.#comparisons + this.#lowered.length > SUGGESTION_BUDGET) return undefined;
    this.#comparisons += this.#lowered.length;
    const near = closest(word, this.#lowered);
    this.#found.set(word, near);
    return near;
  }
}
