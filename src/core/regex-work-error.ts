import { groupDigits } from './group-digits.ts';
import { shownPattern } from './regex-syntax-error.ts';

/**
 * A pattern too large for the text it was to be run on: the linear-time engine's work is its program's
 * size times the text's length, and it runs on the event loop, where no timeout can stop it.
 */
export class RegexWorkError extends Error {
  readonly pattern: string;

  constructor(pattern: string, size: number, length: number, limit: number) {
    super(
      `the pattern ${shownPattern(pattern)} compiles to ${groupDigits(size)} steps, so checking ${groupDigits(length)} characters with it could take ` +
        `${groupDigits(size * length)} steps, more than the ${groupDigits(limit)} one check may take on the event loop, where no timeout can stop it: ` +
        'make its repeats (`{n}`) smaller, or check a shorter text',
    );
    this.name = new.target.name;
    this.pattern = pattern;
  }
}
