import { StepError } from '../core/step-error.ts';

/** A github write the plan's `github.writes` does not allow: over a cap, or a label not in the list. Never transient. */
export class WriteRefusedError extends StepError {
  readonly rule: string;

  constructor(options: { toolName: string; problem: string; rule: string }) {
    super(`${options.toolName} refused: ${options.problem}. Change \`github.writes.${options.rule}\` in the plan if this write is intended.`, {
      transient: false,
      toolName: options.toolName,
    });
    this.rule = options.rule;
  }
}
