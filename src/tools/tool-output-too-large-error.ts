import { StepError } from '../core/step-error.ts';

/** The largest result a tool may give (a command's stdout, an MCP server's answer): results go into the trace, the reports and prompts. */
export const TOOL_RESULT_LIMIT_BYTES = 1024 * 1024;

/**
 * A tool's result was over the cap: a command wrote more to stdout (and was stopped, so it cannot
 * exhaust memory), or an MCP server answered with more (`answered`).
 */
export class ToolOutputTooLargeError extends StepError {
  readonly limitBytes: number;

  constructor(options: { toolName: string; limitBytes: number; answered?: boolean }) {
    super(
      options.answered
        ? `tool '${options.toolName}' answered with more than ${formatBytes(options.limitBytes)}; make it return a smaller result (filter or summarise it)`
        : `tool '${options.toolName}' wrote more than ${formatBytes(options.limitBytes)} to stdout and was stopped; ` +
            'make it print a smaller result (filter or summarise before printing)',
      // Stopped mid-way, or an answer not read: whether the call took effect is not known.
      { transient: false, toolName: options.toolName, effectUnknown: true },
    );
    this.limitBytes = options.limitBytes;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
