import { StepError } from '../../core/step-error.ts';

/** A file tool was asked for a path it may not touch (outside the repository, `.git`, `/proc`, ...). */
export class PathRefusedError extends StepError {
  readonly path: string;
  readonly reason: string;

  constructor(toolName: string, path: string, reason: string) {
    super(`${toolName}: refused path '${path}': ${reason}. Use a path relative to the repository root, inside it.`, {
      transient: false,
      toolName,
    });
    this.path = path;
    this.reason = reason;
  }
}
