import { StepError } from '../../core/step-error.ts';

/** A file tool was asked for a path it may not touch (outside the repository, `.git`, `/proc`, ...). */
export class PathRefusedError extends StepError {
  readonly path: string;
  readonly reason: string;

  /** `advice`: what to do instead, where it is not to give a path inside the repository (which a folder is, say). */
  constructor(toolName: string, path: string, reason: string, advice = 'Use a path relative to the repository root, inside it.') {
    super(`${toolName}: refused path '${path}': ${reason}. ${advice}`, {
      transient: false,
      toolName,
    });
    this.path = path;
    this.reason = reason;
  }
}
