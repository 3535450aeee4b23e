import { cutNote } from '../../core/cut-note.ts';
import { formatBytes } from '../files/format-bytes.ts';

/** `text` cut to `maxBytes` of UTF-8, with a note saying what was cut and what to do instead. */
export function capText(text: string, maxBytes: number, what: string, instead?: string): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  const hint = instead === undefined ? '' : `; ${instead}`;
  // `…` where the text was cut: the redactor hides the start of a known secret a cut leaves there.
  return `${cutNote(`${what} is ${formatBytes(bytes)}; showing the first ${formatBytes(maxBytes)}${hint}`)}\n${cut}…`;
}
