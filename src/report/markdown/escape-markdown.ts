/**
 * Backslash-escapes every ASCII punctuation character that Markdown or GFM give a meaning to, and
 * flattens line breaks, so data shows as plain text on one line (also inside a table cell).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n?|\n/g, ' ').replace(/[\\`*_{}[\]()<>#+\-.!|~&@:=$^"']/g, (c) => `\\${c}`);
}

/** Escapes text for an HTML context such as `<summary>`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
