import { StepError } from '../core/step-error.ts';
import type { ToolFault } from './fault-rule.ts';

/** A failure `plan-runner eval` injected into a tool call; transient exactly where the real failure would be. */
export class InjectedFaultError extends StepError {
  readonly fault: ToolFault;
  /** Which call of the tool in this run (1-based). */
  readonly call: number;

  constructor(options: { toolName: string; fault: ToolFault; call: number; retryAfterMs?: number }) {
    const transient = options.fault !== 'exit 1';
    super(`tool '${options.toolName}' failed: injected fault '${options.fault}' on call ${options.call} (plan-runner eval)${transient ? '' : ', a permanent failure'}`, {
      transient,
      toolName: options.toolName,
      ...(options.retryAfterMs !== undefined ? { retryAfterMs: options.retryAfterMs } : {}),
    });
    this.fault = options.fault;
    this.call = options.call;
  }
}
