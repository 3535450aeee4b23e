/**
 * The text a goal met by what it finds (`contains`, `matches`, `min_words`) reads: without HTML comments, which no reader
 * of the rendered result sees. `Two blocking bugs remain. <!-- LGTM -->` met `contains: LGTM`, where
 * `every_sentence_matches` and the judge read no comment (found by a hunt of the goal kinds). A goal that asks for a
 * comment itself (`<!--` in what it looks for) reads the text as written. Tags and their attributes are kept: a result
 * may be XML or HTML data whose attributes a goal checks. The stripper loads only for a text with a comment in it.
 */
export async function withoutHiddenComments(text: string, asked: string): Promise<string> {
  if (!text.includes('<!--') || asked.includes('<!--')) return text;
  return (await import('./without-html.ts')).withoutComments(text);
}

/** Said beside a goal unmet on the text a reader sees where the text as written held it: in a comment. */
export const ONLY_IN_A_COMMENT = ' (it is only in an HTML comment, which a reader of the result does not see)';
