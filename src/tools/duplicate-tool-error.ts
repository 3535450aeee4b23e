/** Two tools in one registry share a name (a declared tool and a toolset tool, say). */
export class DuplicateToolError extends Error {
  readonly toolName: string;
  readonly sources: readonly string[];

  constructor(options: { toolName: string; sources: readonly string[] }) {
    super(
      `tool '${options.toolName}' is defined twice (${options.sources.join(' and ')}); rename the tool declared under tools:`,
    );
    this.name = 'DuplicateToolError';
    this.toolName = options.toolName;
    this.sources = [...options.sources];
  }
}
