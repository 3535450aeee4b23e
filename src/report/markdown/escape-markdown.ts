import { visibleControls } from '../../core/visible-controls.ts';

/**
 * Characters that start Markdown structure anywhere in a line, with the condition they do it under; `at`: a pattern
 * of what a text must hold for the pattern to match in it, for the pre-check `INLINE_AT`, which is made from them so
 * that no pattern is added without one.
 */
const INLINE_PATTERNS: ReadonlyArray<{ readonly source: string; readonly at: string }> = [
  // a backslash that would escape what follows, or at the end what the caller puts after the text (the `**` of a bold line)
  { source: '\\\\(?=[!-/:-@[-`{-~]|$)', at: '\\\\' },
  // code, emphasis, table cells, math, strikethrough, links and images; a `]` too: left bare beside an escaped `[`, it
  // is a stray bracket, which the outbound neutraliser makes fullwidth, and a comment showed `review[0］`
  { source: '[`*|$~[\\]]', at: '[`*|$~[\\]]' },
  { source: '(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])', at: '_' }, // emphasis; snake_case stays as it is
  { source: '<(?=[A-Za-z/!?])', at: '<' }, // HTML tags, comments and autolinks; `a < b` stays
  { source: '&(?=#?[A-Za-z0-9]+;)', at: '&' }, // character references
  { source: '@(?=[A-Za-z0-9])', at: '@' }, // mentions
  { source: '#(?=[A-Za-z0-9])', at: '#' }, // issue references
  { source: ':(?=//)', at: ':' }, // bare URLs: scheme://host is not turned into a link
  // www.host autolinks: whatever follows (cmark-gfm also links `www.a_b.x`, `www.ä.x`, `www.a%41.x`)
  { source: '\\.(?<=[Ww]{3}\\.)(?=\\S)', at: '[Ww]{3}\\.' },
];

const INLINE = new RegExp(INLINE_PATTERNS.map((pattern) => pattern.source).join('|'), 'g');

/** Whether `INLINE` can match in a text: it holds a character one of its patterns starts with, or `www.`. */
const INLINE_AT = new RegExp(INLINE_PATTERNS.map((pattern) => pattern.at).join('|'));

/** Text that starts like this would be a heading, quote, list item, rule or setext underline. */
const LINE_START = /^(\s*)(#(?=#{0,5}(\s|$))|>|[-+](?=\s|$|[-+]*$)|=(?==*\s*$)|\d{1,9}(?=[.)](\s|$)))/;

/**
 * Escapes the characters Markdown and GFM would read as structure inside a line — inline markup,
 * HTML, links and autolinks, mentions, issue references, table cells — and flattens line breaks.
 * For text that follows other text on its line (after an icon, a label, in a table cell).
 */
export function escapeInlineMarkdown(text: string): string {
  const flat = text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?|\n/g, ' ') : text;
  // Control characters and bidi overrides shown, as on the log: a reader sees what the text holds.
  const shown = visibleControls(flat);
  // Most texts (a step's title, its key) have none of those characters: not scanned for every pattern.
  return INLINE_AT.test(shown) ? shown.replace(INLINE, (c) => `\\${c}`) : shown;
}

/**
 * Escapes the characters Markdown and GFM would read as structure here — inline markup, HTML,
 * links and autolinks, mentions, issue references, table cells, and block markers at the start —
 * and flattens line breaks, so data shows as the same plain text on one line (also in a table
 * cell). Everything else is left alone, so `this week's` and `2 + 3` read as written.
 */
export function escapeMarkdown(text: string): string {
  return escapeInlineMarkdown(text).replace(LINE_START, (_, space: string, marker: string) => (/^\d/.test(marker) ? `${space}${marker}\\` : `${space}\\${marker}`));
}

/** Escapes text for an HTML context such as `<summary>`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
