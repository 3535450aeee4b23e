import { visibleText } from '../../core/invisible-characters.ts';
import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, shorten } from '../excerpt.ts';
import type { ValueText } from '../value-text.ts';

const asWritten = (text: string): string => text;

/**
 * Each value's places as each reading makes them, by the value's texts (the same `ValueText` for every goal on
 * one value): made per goal, each of four goals on a 16 MiB answer folded and rendered all of it again (5.9 s;
 * found by an adversarial pass).
 */
const readingsByValue = new WeakMap<ValueText, Map<(text: string) => string, string[]>>();

function readingsOf(valueText: ValueText): Map<(text: string) => string, string[]> {
  let made = readingsByValue.get(valueText);
  if (!made) readingsByValue.set(valueText, (made = new Map()));
  return made;
}

/** The rendered reading that keeps the marks in its key (`renderedText`), one function for each: the key of `readPlace`'s places. */
const renderedReadings = new Map<string, (text: string) => string>();

/** Place `at` (text `text`) as `read` makes it, made once per value. */
function readPlace(made: Map<(text: string) => string, string[]>, read: (text: string) => string, at: number, text: string): string {
  let places = made.get(read);
  if (!places) made.set(read, (places = []));
  return (places[at] ??= read(text));
}

/**
 * `not_contains`: the text appears nowhere: not in the result's values (strings decoded), not in a
 * key, not in its JSON. A structured result's JSON writes `C:\\Users` for `C:\Users` and `\n` for a
 * line break, so searching the JSON alone missed them. Evidence for a failure is the offending excerpt.
 */
export const notContainsCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { text, valueText, work }) {
    // With the 2,000 entity names it decodes (46 KB), loaded only by a plan with a not_contains goal.
    const { renderedText, pageSpacing, RENDERED_MARKS } = await import('../rendered-text.ts');
    const unwanted = goal.not_contains ?? '';
    // The marks the text itself holds stay on the page as it is read: with every `_` dropped, `AWS<!-- -->_SECRET`
    // showed AWS_SECRET and passed `not_contains: AWS_SECRET` (found by an adversarial pass).
    const keep = [...RENDERED_MARKS].filter((mark) => unwanted.includes(mark)).join('');
    let rendered = renderedReadings.get(keep);
    if (!rendered) renderedReadings.set(keep, (rendered = (text: string): string => renderedText(text, keep)));
    const places = [
      { name: 'the result', text: valueText.values },
      { name: 'a key of the result', text: valueText.keys },
      { name: "the result's JSON", text },
    ];
    // As written, then as a reader sees it: `AK\u200bIA…` or fullwidth
    // `ＡＫＩＡ` shows the text the goal forbids; then as a rendered page shows it: `AK<!-- -->IA`,
    // `A&#75;IA` and `AK**IA**` do too (found by an adversarial pass).
    // The text the goal names is never rendered: `\\n` became `n` and `&amp;` became `&`, and the goal
    // failed on any text holding those (found by a review).
    const readings = [
      { read: asWritten, needle: unwanted, how: '' },
      { read: visibleText, needle: visibleText(unwanted), how: ' as a reader sees it (invisible characters removed, compatibility forms folded)' },
      { read: rendered, needle: pageSpacing(visibleText(unwanted)), how: ' as a rendered page shows it (HTML comments and tags removed, character references decoded, emphasis marks dropped, spacing joined)' },
    ];
    const made = readingsOf(valueText);
    for (const { read, needle, how } of readings) {
      if (needle === '') continue;
      for (const [at, place] of places.entries()) {
        const haystack = readPlace(made, read, at, place.text);
        // Each goal reads the whole result again, on the event loop: charged to the goals' shared bound.
        work.search(haystack.length, 'not_contains');
        const index = haystack.indexOf(needle);
        if (index < 0) continue;
        return { met: false, evidence: `found "${shorten(unwanted)}" in ${place.name}${how}, line ${lineOf(haystack, index)}: ${excerptAround(haystack, index, needle.length)}` };
      }
    }
    return { met: true, evidence: `"${shorten(unwanted)}" does not appear` };
  },
};
