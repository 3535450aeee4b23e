import { StepError } from '../../core/step-error.ts';

/** A file tool was asked for a path that does not exist in the repository. */
export class RepoFileNotFoundError extends StepError {
  readonly path: string;

  constructor(toolName: string, path: string) {
    super(`${toolName}: '${path}' does not exist in the repository; call list_files to see which paths exist.`, {
      transient: false,
      toolName,
    });
    this.path = path;
  }
}
