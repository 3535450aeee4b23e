import { StepError } from '../core/step-error.ts';

/** A command tool's program could not be started (not found, not executable). */
export class ToolSpawnError extends StepError {
  readonly program: string;
  /** The system error code, e.g. `ENOENT` or `EACCES`. */
  readonly code?: string;

  /** `problem`: why it could not, when known (its `#!` line names an interpreter that is not there); else a hint by `code`. */
  constructor(options: { toolName: string; program: string; code?: string; problem?: string; cause?: unknown }) {
    const hint =
      options.problem ??
      (options.code === 'ENOENT'
        ? 'check the path (relative paths start at the repository root; bare names are looked up on PATH)'
        : options.code === 'EACCES'
          ? 'make the file executable (chmod +x) or run it through its interpreter, e.g. [node, path/to/script.mjs]'
          : 'check the command in the plan');
    super(`tool '${options.toolName}': cannot start '${options.program}' (${options.code ?? 'unknown error'}); ${hint}`, {
      transient: false,
      toolName: options.toolName,
      cause: options.cause,
    });
    this.program = options.program;
    if (options.code !== undefined) this.code = options.code;
  }
}
