import { StepError } from '../core/step-error.ts';

/** A tool ran past its time limit and was stopped; another attempt may be faster, so it is transient. */
export class ToolTimeoutError extends StepError {
  readonly timeoutMs: number;

  constructor(options: { toolName: string; timeoutMs: number; stderrTail?: string }) {
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const tail = options.stderrTail ? `\nstderr (last lines):\n${options.stderrTail}` : '';
    super(
      `tool '${options.toolName}' did not finish within ${seconds} s and was stopped; raise its timeout_seconds if it needs longer${tail}`,
      { transient: true, toolName: options.toolName },
    );
    this.timeoutMs = options.timeoutMs;
  }
}
