import { cutText } from '../core/cut-text.ts';

/** Characters a reader cannot see or tell from a space: default-ignorable ones (a zero-width space), and spaces other than ` `. */
const UNSEEN = /[\p{Default_Ignorable_Code_Point}\p{Zs}\u0085]/gu;

/**
 * `text` with each character a reader cannot see, or tell from a space, written as its escape (`name\u200b`): a key
 * with a zero-width space was "unknown key `name` — did you mean `name`?", and `tool:\u00a0multiply` told nothing of
 * the no-break space (found by a hunt of plan errors). A plain space stays.
 */
export function shownText(text: string): string {
  return text.replace(UNSEEN, (char) => (char === ' ' ? char : `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`));
}

/** A short, readable rendering of a value for an error message. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  // JSON writes infinity and not-a-number as `null`: `id: 1e400` was told it got `null` (found by an adversarial pass).
  if (typeof value === 'number' && !Number.isFinite(value)) return describeKind(value);
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  const short = text.length > 40 ? cutText(text, 38) : text;
  return `\`${shownText(short)}\``;
}

/** What kind of value something is, in words: "a list", "a number". */
export function describeKind(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number' && Number.isNaN(value)) return 'not a number (`.nan`)';
  // YAML reads `.inf`, and a number too large for a double (`1e400`), as infinity.
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value < 0 ? 'minus ' : ''}infinity (\`${value < 0 ? '-' : ''}.inf\`, or a number too large, such as 1e400)`;
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  if (typeof value === 'boolean') return value ? '`true`' : '`false`';
  return typeof value;
}
