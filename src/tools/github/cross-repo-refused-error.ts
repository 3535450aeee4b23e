import { StepError } from '../../core/step-error.ts';

/** A github tool was asked to read or write a repository the plan does not allow. */
export class CrossRepoRefusedError extends StepError {
  readonly target: string;
  readonly allowed: readonly string[];

  constructor(toolName: string, target: string, allowed: readonly string[], access: 'reading' | 'writing' = 'writing') {
    super(
      `${toolName}: ${access} ${target} is refused; this run may read and write only ${allowed.join(', ')}. ` +
        `List the repository under github.allow_repos in the plan if it is intended.`,
      { transient: false, toolName },
    );
    this.target = target;
    this.allowed = allowed;
  }
}
