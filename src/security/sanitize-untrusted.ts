/** Untrusted text longer than this many characters is cut before it enters a prompt. */
export const UNTRUSTED_CHAR_LIMIT = 32_000;

// Characters a reader cannot see but a model reads: zero-width and word joiners, invisible
// operators, the byte-order mark, bidi embeddings/overrides/isolates, and Unicode tag characters.
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// ![alt](url "title") → ![](url): alt text is invisible in rendered Markdown.
const IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*(<[^>]*>|[^\s)]*)(?:\s+(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^)\\])*\)))?\s*\)/g;
// [text](url "title") → [text](url): a link's title shows only on hover.
const LINK_TITLE = /\]\(\s*(<[^>]*>|[^\s)]*)\s+(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^)\\])*\))\s*\)/g;
// [id]: url "title" → [id]: url
const DEFINITION_TITLE = /^( {0,3}\[[^\]]+\]:[ \t]*\S+)[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\))[ \t]*$/gm;
// alt="…" and title="…" of HTML tags such as <img>.
const HIDDEN_ATTRIBUTE = /(<[A-Za-z][^<>]*?)\s(?:alt|title|aria-label)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

export interface SanitizeOptions {
  /** Longer text is cut with a visible note; default `UNTRUSTED_CHAR_LIMIT`. */
  readonly maxChars?: number;
}

/**
 * Makes untrusted text (tool outputs, step results, event text) safe to show a model: removes what
 * a person reviewing it would not see — HTML comments, zero-width, bidi-control and Unicode tag
 * characters, image alt text, link titles and alt/title attributes — and caps the length. What
 * remains is what the page shows, so an instruction cannot hide in it.
 */
export function sanitizeUntrusted(text: string, options: SanitizeOptions = {}): string {
  let out = text.replace(INVISIBLE, '');
  // Invisible characters are gone first, so `<!\u200B--` cannot dodge the comment rule; repeated,
  // so removing one comment cannot join the pieces around it into another.
  let before: string;
  do {
    before = out;
    out = out.replace(HTML_COMMENT, '');
  } while (out !== before);
  out = out.replace(IMAGE, (_match, _alt: string, url: string) => `![](${url})`);
  out = out.replace(LINK_TITLE, (_match, url: string) => `](${url})`);
  out = out.replace(DEFINITION_TITLE, '$1');
  let previous: string;
  do {
    previous = out;
    out = out.replace(HIDDEN_ATTRIBUTE, '$1');
  } while (out !== previous);
  const limit = options.maxChars ?? UNTRUSTED_CHAR_LIMIT;
  if (out.length <= limit) return out;
  return `${out.slice(0, limit)}\n[cut: ${(out.length - limit).toLocaleString('en-US')} more characters]`;
}
