/** A regular expression the linear-time engine cannot compile: bad syntax, or a feature that needs backtracking. */
export class RegexSyntaxError extends Error {
  readonly pattern: string;
  /** What is wrong, without the pattern. */
  readonly reason: string;

  constructor(pattern: string, reason: string, options: { cause?: unknown } = {}) {
    super(`the pattern ${pattern} cannot be used: ${reason}`, { cause: options.cause });
    this.name = new.target.name;
    this.pattern = pattern;
    this.reason = reason;
  }
}
