import { RegexSyntaxError } from '../../core/regex-syntax-error.ts';
import { StepError } from '../../core/step-error.ts';

/** `search_files` was given a regular expression that does not compile. */
export class InvalidSearchError extends StepError {
  readonly query: string;

  constructor(query: string, cause: unknown) {
    const reason = cause instanceof RegexSyntaxError ? cause.reason : cause instanceof Error ? cause.message : String(cause);
    super(`search_files: '${query}' cannot be used as a regular expression (${reason}); fix it or set regex: false.`, {
      transient: false,
      toolName: 'search_files',
      cause,
    });
    this.query = query;
  }
}
