import { balancedJsonEnd } from '../core/balanced-json-end.ts';
import { JsonDuplicateKeyError, parseJson } from '../core/parse-json.ts';

export type JsonFound = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

// The blanks before and after an optional `json` are one run when it is absent: two `[ \t]*` side by side
// split a run of n blanks n ways, and "```" then 64,000 spaces took 1.9 s.
const FENCE = /```[ \t]*(?:(?:json|JSON)[ \t]*)?\r?\n([\s\S]*?)```/g;
const MAX_STARTS = 50;
const MAX_FENCES = 20;
/**
 * How many characters the search for a value may scan and parse, in all: 4 times the answer's length,
 * and at least 2 million (some milliseconds), so an ordinary answer whose prose opens brackets it
 * never closes (`pages [0,100), [100,200)…`, each scanned to the end) is searched whole. 50 starts each
 * scanning and parsing to the end of a 15 MB answer held the event loop 30 s.
 */
const WORK_PER_CHAR = 4;
const MIN_WORK = 2_000_000;

function tryParse(text: string): JsonFound & { readonly ambiguous?: true } {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error), ...(error instanceof JsonDuplicateKeyError && { ambiguous: true as const }) };
  }
}

/**
 * The JSON value in a model's answer: the whole text, else a fenced block, else the first
 * balanced object or list inside prose. Not every endpoint enforces a response format.
 */
export function findJsonValue(answer: string): JsonFound {
  return locateJsonValue(answer).found;
}

/** `findJsonValue`'s answer, and whether its value is among other words (a fenced block, or a value in prose), not the whole answer. */
export function locateJsonValue(answer: string): { readonly found: JsonFound; readonly inWords: boolean } {
  // A value with a key twice is refused as it is, never read from a part: the first `{…}` inside
  // `{"fits": false, "fits": false, "example": {"fits": true}}` is a verdict the answer did not give.
  const whole = tryParse(answer.trim());
  if (whole.ok || whole.ambiguous) return { found: whole, inWords: false };
  for (const found of parsesAmongWords(answer)) if (found.ok || found.ambiguous) return { found, inWords: true };
  return { found: { ok: false, problem: answer.trim() === '' ? 'the answer was empty' : `the answer holds no JSON (${whole.problem})` }, inWords: false };
}

/**
 * The JSON values among an answer's words: each fenced block's, then each balanced object or list that parses, the
 * search going on past its end (the values inside it are its parts). Every value `findJsonValue` could take is among
 * them. Bounded as `findJsonValue` is: `searchedAll` is false where a bound stopped the search before the answer's end,
 * so a value after that was not seen (a plan quoted before 50 brackets that are no JSON hid the model's own after them).
 */
export function jsonValuesInWords(answer: string): { readonly values: unknown[]; readonly searchedAll: boolean } {
  const search = { searchedAll: false };
  const values = [...parsesAmongWords(answer, search)].flatMap((parsed) => (parsed.ok ? [parsed.value] : []));
  return { values, searchedAll: search.searchedAll };
}

/**
 * Each fenced block's text read as JSON, then each balanced object or list in the answer, in order; one that parses is
 * passed over whole. The one search both `locateJsonValue` (which stops at the first value) and `jsonValuesInWords`
 * make, so the values they see are the same.
 */
function* parsesAmongWords(answer: string, search: { searchedAll: boolean } = { searchedAll: false }): Generator<ReturnType<typeof tryParse>> {
  // Linear in all: the blocks and values tried are bounded in number, and what they scan and parse in size.
  let work = Math.max(WORK_PER_CHAR * answer.length, MIN_WORK);
  let fences = 0;
  let fencesAll = true;
  for (const match of answer.matchAll(FENCE)) {
    if (++fences > MAX_FENCES || work <= 0) {
      fencesAll = false;
      break;
    }
    work -= match[1]!.length;
    yield tryParse(match[1]!.trim());
  }
  let starts = 0;
  let i = 0;
  for (; i < answer.length && starts < MAX_STARTS && work > 0; i += 1) {
    if (answer[i] !== '{' && answer[i] !== '[') continue;
    starts += 1;
    const end = balancedJsonEnd(answer, i);
    work -= (end ?? answer.length) - i;
    if (end === undefined) continue;
    work -= end - i;
    const parsed = tryParse(answer.slice(i, end));
    yield parsed;
    if (parsed.ok) i = end - 1;
  }
  // Where a bound stopped the search before the answer's end, a value after it was not seen (`jsonValuesInWords`).
  search.searchedAll = fencesAll && i >= answer.length;
}
