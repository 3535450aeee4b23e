import { cutText } from './cut-text.ts';
import { groupDigits } from './group-digits.ts';

/** A regular expression the linear-time engine cannot compile: bad syntax, or a feature that needs backtracking. */
export class RegexSyntaxError extends Error {
  readonly pattern: string;
  /** What is wrong, without the pattern. */
  readonly reason: string;

  constructor(pattern: string, reason: string, options: { cause?: unknown } = {}) {
    super(`the pattern ${shownPattern(pattern)} cannot be used: ${reason}`, { cause: options.cause });
    this.name = new.target.name;
    this.pattern = pattern;
    this.reason = reason;
  }
}

/** A pattern as an error quotes it: its first 200 characters (one may be 64 KiB long), then how many more. */
export function shownPattern(pattern: string): string {
  const shown = cutText(pattern, 201);
  return shown === pattern ? pattern : `${shown} (${groupDigits(pattern.length - shown.length + 1)} more characters)`;
}
