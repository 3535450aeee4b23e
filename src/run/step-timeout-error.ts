import { StepError } from '../core/step-error.ts';

/** A step ran past its `timeout_seconds` (its own, or its tool's). Trying again may help. */
export class StepTimeoutError extends StepError {
  readonly stepKey: string;
  readonly timeoutSeconds: number;

  /**
   * `toolsLimit`: the limit is the tool's (the step sets none), set in the plan at `setting` when the tool says where
   * (`http.timeout_seconds`, `mcp_servers.docs.timeout_seconds`). The step's own `timeout_seconds` replaces it, always.
   */
  constructor(stepKey: string, timeoutSeconds: number, toolName?: string, toolsLimit?: { readonly setting: string | undefined }) {
    // Which setting to raise: the step's own, or its tool's where the plan sets it. "The timeout_seconds of its tool"
    // sent the user of an http or MCP tool to a tools: entry that does not exist (its limit is under http: or mcp_servers:).
    const remedy =
      toolsLimit && toolName !== undefined
        ? `, the limit of its tool '${toolName}'; ${toolsLimit.setting === undefined ? '' : `raise ${toolsLimit.setting}, or `}give the step its own timeout_seconds if it needs longer`
        : '; raise its timeout_seconds if it needs longer';
    super(`step ${stepKey} timed out after ${timeoutSeconds} s${remedy}`, { transient: true, toolName });
    this.stepKey = stepKey;
    this.timeoutSeconds = timeoutSeconds;
  }
}
