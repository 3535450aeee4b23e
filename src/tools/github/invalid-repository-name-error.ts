import { StepError } from '../../core/step-error.ts';

/** A github tool was given an `owner` or `repo` that is not a GitHub name; nothing was requested. */
export class InvalidRepositoryNameError extends StepError {
  readonly problem: string;

  constructor(toolName: string, problem: string) {
    super(`${toolName}: ${problem}; nothing was requested.`, { transient: false, toolName });
    this.problem = problem;
  }
}
