import { balancedJsonEnd } from '../core/balanced-json-end.ts';
import { JsonDuplicateKeyError, parseJson } from '../core/parse-json.ts';

export type JsonFound = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string };

const FENCE = /```[ \t]*(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/g;
const MAX_STARTS = 50;

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
  // A value with a key twice is refused as it is, never read from a part: the first `{…}` inside
  // `{"fits": false, "fits": false, "example": {"fits": true}}` is a verdict the answer did not give.
  const whole = tryParse(answer.trim());
  if (whole.ok || whole.ambiguous) return whole;
  for (const match of answer.matchAll(FENCE)) {
    const fenced = tryParse(match[1]!.trim());
    if (fenced.ok || fenced.ambiguous) return fenced;
  }
  let starts = 0;
  for (let i = 0; i < answer.length && starts < MAX_STARTS; i += 1) {
    if (answer[i] !== '{' && answer[i] !== '[') continue;
    starts += 1;
    const end = balancedJsonEnd(answer, i);
    if (end === undefined) continue;
    const inner = tryParse(answer.slice(i, end));
    if (inner.ok || inner.ambiguous) return inner;
  }
  return { ok: false, problem: answer.trim() === '' ? 'the answer was empty' : `the answer holds no JSON (${whole.problem})` };
}
