/**
 * The work micromark's GitHub autolinks may do (`autolinkScanCost`) beyond which each `www.`,
 * `http://` and `https://` is broken by an invisible U+200B after its letters, so that neither
 * micromark nor GitHub links it: a URL's domain is read from each `www.` to the end of its word,
 * and at each dot, bracket or other punctuation the run of such characters after it is read to see
 * whether the URL ends there (16 KiB of `_www.a.b_c` took 1–5 s to post; one URL followed by 16 KiB
 * of `.`, `!`, `)` or `&a;` then a letter, 2–3 s).
 */
export const MAX_AUTOLINK_SCAN = 200_000;

// Where micromark reads a URL's possible end: in its domain at `.` and `_`, in its path at these too.
const TRAIL_CHECKED = new Set('!"&\')*,.:;<?]_~');
const TRAILING = new Set('!"\')*,.:;?_~');
const URL_START = /www\.|https?:\/\//gi;
const URL_LETTERS = /www|https?/iy;

/** For each place in `word`, how long the run of characters that could end a URL (punctuation, `]`, `&name;`) from it is. */
function trailLengths(word: string): Int32Array {
  const lengths = new Int32Array(word.length + 1);
  for (let at = word.length - 1; at >= 0; at--) {
    const char = word[at]!;
    if (TRAILING.has(char)) lengths[at] = 1 + lengths[at + 1]!;
    else if (char === ']') lengths[at] = 1 + (word[at + 1] === '(' || word[at + 1] === '[' ? 0 : lengths[at + 1]!);
    else if (char === '&') {
      let end = at + 1;
      while (end < word.length && /[A-Za-z]/.test(word[end]!)) end++;
      lengths[at] = word[end] === ';' && end > at + 1 ? end + 1 - at + lengths[end + 1]! : end - at;
    }
  }
  return lengths;
}

/**
 * Where URLs GitHub would link by themselves may start in `word`: any `www.`, since where a quote's
 * `>`, a footnote's label or a table's `|` ends, a block's text starts with nothing before it (micromark
 * tries `www.` after nothing, a space or one of `(*_[]~`); `http://`, `https://` after no letter.
 */
function urlStarts(word: string): number[] {
  const starts: number[] = [];
  for (const match of word.matchAll(URL_START)) {
    const www = match[0].length === 4;
    if (www || match.index === 0 || !/[A-Za-z]/.test(word[match.index - 1]!)) starts.push(match.index);
  }
  return starts;
}

/**
 * At least the characters micromark reads for GitHub's autolinked URLs: in each word (what lies
 * between whitespace, which ends every URL) where one may start, each start may read the rest of
 * the word, and each place where the URL may end, the run of ending characters after it.
 */
function autolinkScanCost(text: string): number {
  if (!/www\.|https?:\/\//i.test(text)) return 0;
  let cost = 0;
  for (const match of text.matchAll(/\S+/gu)) {
    const word = match[0];
    if (word.length < 4 || !/www\.|https?:\/\//i.test(word)) continue;
    const starts = urlStarts(word).length;
    if (starts === 0) continue;
    const lengths = trailLengths(word);
    let trails = 0;
    for (let at = 0; at < word.length; at++) if (TRAIL_CHECKED.has(word[at]!)) trails += lengths[at]!;
    cost += starts * (word.length + trails);
  }
  return cost;
}

/** `text` with no URL GitHub links by itself once reading them would cost more than MAX_AUTOLINK_SCAN. */
export function plainAutolinks(text: string): string {
  if (autolinkScanCost(text) <= MAX_AUTOLINK_SCAN) return text;
  return text.replace(/\S+/gu, (word) => {
    const starts = /www\.|https?:\/\//i.test(word) ? urlStarts(word) : [];
    if (starts.length === 0) return word;
    let out = '';
    let at = 0;
    for (const start of starts) {
      URL_LETTERS.lastIndex = start;
      const letters = URL_LETTERS.exec(word)![0].length;
      out += `${word.slice(at, start + letters)}\u200B`;
      at = start + letters;
    }
    return out + word.slice(at);
  });
}
