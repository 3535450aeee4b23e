import { StepError } from '../core/step-error.ts';

/** A tool's input schema cannot be turned into a validator, so no arguments can be checked against it. */
export class UnusableToolSchemaError extends StepError {
  constructor(options: { toolName: string; cause: unknown }) {
    const why = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`Tool '${options.toolName}' has an input schema that cannot be used to check arguments (${why}); fix its input schema, or for an MCP server's tool leave it out with the server's \`tools:\` list.`, {
      transient: false,
      toolName: options.toolName,
      cause: options.cause,
    });
  }
}
