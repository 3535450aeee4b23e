import type { Toolset } from './toolset-name.ts';

/** A toolset the plan enables cannot work in this run: a token, the repository or the plan's config is missing. */
export class ToolsetSetupError extends Error {
  readonly toolset: Toolset;

  constructor(toolset: Toolset, reason: string) {
    super(`toolsets: [${toolset}] ${reason}`);
    this.name = 'ToolsetSetupError';
    this.toolset = toolset;
  }
}
