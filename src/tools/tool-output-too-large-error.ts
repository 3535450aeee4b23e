import { StepError } from '../core/step-error.ts';

/** A command tool wrote more to stdout than the cap allows; it was stopped so it cannot exhaust memory. */
export class ToolOutputTooLargeError extends StepError {
  readonly limitBytes: number;

  constructor(options: { toolName: string; limitBytes: number }) {
    super(
      `tool '${options.toolName}' wrote more than ${formatBytes(options.limitBytes)} to stdout and was stopped; ` +
        'make it print a smaller result (filter or summarise before printing)',
      { transient: false, toolName: options.toolName },
    );
    this.limitBytes = options.limitBytes;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
