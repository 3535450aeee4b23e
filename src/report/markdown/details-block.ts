import { escapeHtml } from './escape-markdown.ts';

/**
 * A collapsed `<details>` block. The blank lines around `body` let Markdown (a code fence) render
 * inside it; the summary is HTML-escaped, so neither can close the block early.
 */
export function detailsBlock(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary)}</summary>\n\n${body}\n\n</details>`;
}
