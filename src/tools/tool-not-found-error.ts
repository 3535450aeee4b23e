import { StepError } from '../core/step-error.ts';

/** A step or the model asked for a tool the run's registry does not have. */
export class ToolNotFoundError extends StepError {
  readonly availableTools: readonly string[];

  constructor(options: { toolName: string; availableTools: readonly string[]; caller?: string }) {
    const available = options.availableTools.length ? options.availableTools.join(', ') : 'none';
    super(
      `${options.caller ?? 'Model'} tried to call unavailable tool '${options.toolName}'. Available tools: ${available}.`,
      { transient: false, toolName: options.toolName },
    );
    this.availableTools = [...options.availableTools];
  }
}
