/** Where a tag may start: `<b`, `</b`. */
const TAG_START = /<\/?[A-Za-z]/g;
const NAME_CHAR = /[A-Za-z0-9-]/;

/** `text` without its HTML comments, in one pass (a lazy pattern looked to the end for each unclosed `<!--`). */
export function withoutComments(text: string): string {
  if (!text.includes('<!--')) return text;
  let out = '';
  let at = 0;
  for (let open = text.indexOf('<!--'); open >= 0; open = text.indexOf('<!--', at)) {
    out += text.slice(at, open);
    // `<!-->` and `<!--->` are whole comments to a browser: looked for from `open + 4`, `AK<!-->IA` showed AKIA and
    // passed `not_contains: AKIA` (found by an adversarial pass).
    const close = text.indexOf('-->', open + 2);
    at = close < 0 ? text.length : close + 3;
  }
  return out + text.slice(at);
}

/**
 * Where the tag at `at` ends, past its `>`, or -1: its name, then `>`, `/>`, or blanks and attributes up to a `>`
 * outside a value quoted after `=` (`<b title="a>b">`, whose first `>` left `b">` between two letters a page shows
 * joined; found by an adversarial pass). A value may hold a `<` (`AK<b title="<">IA` shows AKIA; found by a hunt of
 * the goal kinds). A `<` outside a value ends the search, and so does a quote that no later quote closes (`last`:
 * where each quote is last written), so the search is linear: two values of one quote from different tags do not
 * overlap, and a search begun inside a value stops at the next `<`.
 */
function tagEnd(text: string, at: number, last: { readonly '"': number; readonly "'": number }): number {
  let index = text[at + 1] === '/' ? at + 2 : at + 1;
  while (index < text.length && NAME_CHAR.test(text[index]!)) index++;
  if (text[index] === '>') return index + 1;
  if (text.startsWith('/>', index)) return index + 2;
  if (!/\s/.test(text[index] ?? '')) return -1;
  for (; index < text.length; index++) {
    const char = text[index];
    if (char === '>') return index + 1;
    if (char === '<') return -1;
    if (char !== '=') continue;
    let value = index + 1;
    while (value < text.length && /\s/.test(text[value]!)) value++;
    const quote = text[value];
    if (quote !== '"' && quote !== "'") continue;
    if (value >= last[quote]) return -1;
    index = text.indexOf(quote, value + 1);
  }
  return -1;
}

/** `text` without its HTML tags (`tagEnd`). */
function withoutTags(text: string): string {
  let out = '';
  let kept = 0;
  const last = { '"': text.lastIndexOf('"'), "'": text.lastIndexOf("'") };
  TAG_START.lastIndex = 0;
  for (let start = TAG_START.exec(text); start; start = TAG_START.exec(text)) {
    const end = tagEnd(text, start.index, last);
    if (end < 0) continue;
    out += text.slice(kept, start.index);
    kept = TAG_START.lastIndex = end;
  }
  return out + text.slice(kept);
}

/**
 * `text` without the HTML a page hides: its comments, and its tags with their attributes (what is between tags
 * stays). A citation in `<!-- [3] -->` or `<a title="[3]">` is no citation a reader sees. Its own module, apart from
 * `renderedText`'s entity table, which `every_sentence_matches` does not need.
 */
export function withoutHtml(text: string): string {
  return withoutTags(withoutComments(text));
}
