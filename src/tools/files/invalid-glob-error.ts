import { StepError } from '../../core/step-error.ts';

/** A file tool was given a glob it cannot match: unsupported syntax, or too long. */
export class InvalidGlobError extends StepError {
  readonly pattern: string;

  constructor(toolName: string, pattern: string, reason: string) {
    super(`${toolName}: cannot use the glob '${pattern}': ${reason}. Write a simpler glob, e.g. 'src/**/*.ts' or '{src,test}/**'.`, {
      transient: false,
      toolName,
    });
    this.pattern = pattern;
  }
}
