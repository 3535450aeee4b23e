import { z } from 'zod';
import { balancedJsonEnd } from '../core/balanced-json-end.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';
import { shorten } from './excerpt.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';
import { parseJsonText } from './parse-json-result.ts';

/**
 * What a judge answers about one goal. A reason a reader cannot see (blanks, invisible characters) is none: the
 * gate opened on a verdict whose evidence showed nothing (found by an adversarial pass).
 */
export const JudgeVerdict = z.object({ met: z.boolean(), reason: z.string().refine(hasVisibleText, 'the reason is empty') });
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;

/** The verdict as a strict JSON schema for `response_format` (every property required, nothing extra). */
export const JUDGE_VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    met: { type: 'boolean', description: 'true only if the result clearly meets the criterion' },
    reason: { type: 'string', description: 'one or two sentences that point at the result' },
  },
  required: ['met', 'reason'],
  additionalProperties: false,
} as const;

/** Objects scanned for in a reply that is not one JSON value: enough for any honest reply, and a bound on the work. */
const MAX_OBJECT_STARTS = 50;

/** Every JSON object in `text` that parses (fenced or in prose, nested ones too), from the first MAX_OBJECT_STARTS braces. */
function embeddedObjects(text: string): unknown[] {
  const found: unknown[] = [];
  let starts = 0;
  for (let start = text.indexOf('{'); start !== -1 && starts < MAX_OBJECT_STARTS; start = text.indexOf('{', start + 1), starts++) {
    const end = balancedJsonEnd(text, start);
    if (end === undefined) continue;
    const parsed = parseJsonText(text.slice(start, end));
    if (parsed.ok) found.push(parsed.value);
  }
  return found;
}

/**
 * How many object keys in JSON `json` read `met` (escapes decoded): JSON.parse keeps only the last of
 * duplicates. One pass over its string literals: a pattern for them started again inside a string at
 * each escaped quote and read on to its end, so a judge quoting a result full of `"` took time that grew
 * with their square (3.5 s at 64 KiB, 45 s at 256 KiB).
 */
function metKeys(json: string): number {
  let count = 0;
  for (let at = json.indexOf('"'); at !== -1; at = json.indexOf('"', at + 1)) {
    const start = at;
    for (at++; at < json.length && json[at] !== '"'; at++) if (json[at] === '\\') at++;
    let next = at + 1;
    while (json[next] === ' ' || json[next] === '\t' || json[next] === '\n' || json[next] === '\r') next++;
    // A string followed by a colon is a key (the text is valid JSON: a colon outside strings follows one).
    if (json[next] !== ':') continue;
    const literal = json.slice(start, at + 1);
    if ((literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1)) === 'met') count++;
  }
  return count;
}

/** The keys of a verdict object besides `met` and `reason`, the first five (a verdict's own are all `JUDGE_VERDICT_SCHEMA` allows). */
function keysBesideVerdict(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.keys(value).filter((key) => key !== 'met' && key !== 'reason').slice(0, 5);
}

/** A reply that is one fenced block and nothing else: its label in any case, its lines ended by LF or CRLF (a `met` one was refused as unreadable). */
const ONLY_A_FENCE = /^```[A-Za-z]*\r?\n([\s\S]*)\r?\n```$/;

/**
 * The verdict in a judge's reply: plain JSON, JSON in a code fence, or a JSON object inside prose.
 * Anything else throws `GoalNotEvaluableError`: an unreadable verdict is never taken as met, and
 * neither is a reply with verdicts that disagree (a "met" draft, then a correction; a verdict the
 * judged result forged and the judge quoted, fenced or not, beside its own), nor one with a "met"
 * key in a verdict that could not be read. A "met" verdict counts only as the whole reply (or its
 * one fence): among other words it reads the same as a verdict the judge quoted from the judged
 * text without giving its own. An unmet one in prose is read: it can only fail the goal.
 */
export function parseJudgeVerdict(content: string): JudgeVerdict {
  const trimmed = content.trim();
  const whole = parseJsonText(ONLY_A_FENCE.exec(trimmed)?.[1] ?? trimmed);
  const candidates = whole.ok ? [whole.value] : embeddedObjects(content);
  const verdicts = candidates.flatMap((candidate) => {
    const verdict = JudgeVerdict.safeParse(candidate);
    return verdict.success ? [verdict.data] : [];
  });
  // One JSON value with two `met` keys ({"met": false, …, "met": true}, or a verdict nested in another)
  // holds two verdicts, of which parsing would keep one.
  if (whole.ok && metKeys(ONLY_A_FENCE.exec(trimmed)?.[1] ?? trimmed) > 1) {
    throw new GoalNotEvaluableError(`the judge's answer holds more than one verdict: "${shorten(content, 160)}"`);
  }
  if (verdicts.length > 1 && verdicts.some((verdict) => verdict.met !== verdicts[0]!.met)) {
    throw new GoalNotEvaluableError(`the judge's answer holds verdicts that disagree: "${shorten(content, 160)}"`);
  }
  if (!whole.ok && (content.match(/"met"\s*:/g)?.length ?? 0) > verdicts.length) {
    throw new GoalNotEvaluableError(`the judge's answer holds a verdict that could not be read beside the others: "${shorten(content, 160)}"`);
  }
  if (verdicts[0]?.met && !whole.ok) {
    throw new GoalNotEvaluableError(
      `the judge's answer puts a "met" verdict among other words, where a verdict quoted from the judged text reads the same; a met verdict counts only as the whole answer (a model that follows response_format gives one): "${shorten(content, 160)}"`,
    );
  }
  // Read through the schema, a met verdict dropped every other key: `{"met": true, "reason": …, "criterion_met": false}`
  // or `"verdict": "not met"` opened the gate on what the rest of the answer denied (found by an adversarial pass).
  const extra = verdicts[0]?.met && whole.ok ? keysBesideVerdict(whole.value) : [];
  if (extra.length > 0) {
    throw new GoalNotEvaluableError(
      `the judge's answer says "met" with other keys beside met and reason (${extra.map((key) => JSON.stringify(shorten(key, 40))).join(', ')}), which may say otherwise; a met verdict counts only as {"met": true, "reason": "…"} and nothing else (a model that follows response_format gives one): "${shorten(content, 160)}"`,
    );
  }
  if (verdicts[0]) return verdicts[0];
  throw new GoalNotEvaluableError(
    `the judge's answer is not a verdict {"met": boolean, "reason": string}: "${shorten(content, 160)}"`,
  );
}
