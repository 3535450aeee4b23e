import { visibleControls } from './visible-controls.ts';

function longestRun(text: string, char: '`'): number {
  if (!text.includes(char)) return 0;
  let longest = 0;
  for (const match of text.matchAll(char === '`' ? /`+/g : /~+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}

/**
 * A fenced code block whose fence is longer than any backtick run in `text`, so the content can
 * never close it (results are data and must not escape into the page). Control characters and bidi
 * overrides show as symbols, as on the log: a code block is shown, and an override reorders it there too.
 */
export function fencedBlock(text: string, language = ''): string {
  const shown = visibleControls(text);
  const fence = '`'.repeat(Math.max(3, longestRun(shown, '`') + 1));
  const body = shown.endsWith('\n') ? shown : `${shown}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

/** An inline code span that survives backticks in `text` (and keeps it on one line), control characters shown as in `fencedBlock`. */
export function inlineCode(text: string): string {
  const flat = visibleControls(text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?|\n/g, ' ') : text);
  const ticks = '`'.repeat(longestRun(flat, '`') + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
