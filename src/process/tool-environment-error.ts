import { StepError } from '../core/step-error.ts';

/** A tool's `env:` reads a runner variable (`${env.NAME}`) that is not set. */
export class ToolEnvironmentError extends StepError {
  readonly variable: string;
  readonly missing: string;

  constructor(options: { toolName: string; variable: string; missing: string }) {
    super(
      `tool '${options.toolName}': env ${options.variable} reads \${env.${options.missing}}, which is not set on the runner; ` +
        `set ${options.missing} in the workflow step's env: (e.g. from a secret)`,
      { transient: false, toolName: options.toolName },
    );
    this.variable = options.variable;
    this.missing = options.missing;
  }
}
