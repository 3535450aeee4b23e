import { StepError } from '../core/step-error.ts';

/** A tool ran past its time limit and was stopped; another attempt may be faster, so it is transient. */
export class ToolTimeoutError extends StepError {
  readonly timeoutMs: number;

  /** `stepKey`: the limit was that step's own `timeout_seconds` (`ToolContext.timeoutMs`), not the tool's. */
  constructor(options: { toolName: string; timeoutMs: number; stderrTail?: string; stepKey?: string }) {
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    const tail = options.stderrTail ? `\nstderr (last lines):\n${options.stderrTail}` : '';
    // Which setting to raise: the tool's would change nothing where the step's own replaced it.
    const remedy = options.stepKey === undefined ? 'raise its timeout_seconds' : `raise the timeout_seconds of step ${options.stepKey}, which replaces the tool's,`;
    super(
      `tool '${options.toolName}' did not finish within ${seconds} s and was stopped; ${remedy} if it needs longer${tail}`,
      { transient: true, toolName: options.toolName },
    );
    this.timeoutMs = options.timeoutMs;
  }
}
