import type { ValueText } from './value-text.ts';
import { normalizeLinear } from '../core/normalize-linear.ts';

/** Each value's text without its HTML comments, made once for all the goals on it (as `countedOnce` counts). */
const shownOnce = new WeakMap<ValueText, string>();

/**
 * The text a goal met by what it finds (`contains`, `matches`, `min_words`) reads: the values without HTML comments, which
 * no reader of the rendered result sees. `Two blocking bugs remain. <!-- LGTM -->` met `contains: LGTM`, where
 * `every_sentence_matches` and the judge read no comment (found by a hunt of the goal kinds). A goal that asks for a
 * comment itself (`<!--` in what it looks for) reads the values as written. Tags and their attributes are kept: a result
 * may be XML or HTML data whose attributes a goal checks. Made once per value, for however many goals read it; the
 * stripper loads only for a value with a comment in it.
 */
export async function shownValues(value: ValueText, asked: string): Promise<string> {
  const written = composedValues(value);
  if (asked.includes('<!--')) return written;
  let shown = shownOnce.get(value);
  if (shown === undefined) {
    shown = written.includes('<!--') ? (await import('./without-html.ts')).withoutComments(written) : written;
    shownOnce.set(value, shown);
  }
  return shown;
}

/** Each value's text in one spelling, made once for all the goals on it. */
const composedOnce = new WeakMap<ValueText, string>();

/**
 * The values as written, each accented letter in one spelling (NFC: `e` + U+0301 is `é`), which `contains` and `matches`
 * read with what they look for spelt the same way: a tool's or a model's decomposed `résumé` (as macOS writes file
 * names) was "missing" the `résumé` a plan wrote, and a decomposed `résume` stood in it, its last `é` an `e` and a mark.
 */
export function composedValues(value: ValueText): string {
  let composed = composedOnce.get(value);
  if (composed === undefined) {
    composed = normalizeLinear(value.values, 'NFC');
    composedOnce.set(value, composed);
  }
  return composed;
}

/** Said beside a goal unmet on the text a reader sees where the text as written held it: in a comment. */
export const ONLY_IN_A_COMMENT = ' (it is only in an HTML comment, which a reader of the result does not see)';
