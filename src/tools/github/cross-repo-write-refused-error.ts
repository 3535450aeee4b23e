import { StepError } from '../../core/step-error.ts';

/** A github write tool was asked to write to a repository the plan does not allow. */
export class CrossRepoWriteRefusedError extends StepError {
  readonly target: string;
  readonly allowed: readonly string[];

  constructor(toolName: string, target: string, allowed: readonly string[]) {
    super(
      `${toolName}: writing to ${target} is refused; this run may write only to ${allowed.join(', ')}. ` +
        `List the repository under github.allow_repos in the plan if it is intended.`,
      { transient: false, toolName },
    );
    this.target = target;
    this.allowed = allowed;
  }
}
