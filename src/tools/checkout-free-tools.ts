import { mathToolset } from './math-toolset.ts';
import { toolsetDescriptions } from './toolset-descriptions.ts';

/**
 * The names of the tools that read no checkout: math, and the github and http toolsets (GitHub's API, the
 * web). Every other tool (a command, the files toolset, an MCP server's) may read the repository it runs in.
 */
export function checkoutFreeToolNames(): Set<string> {
  return new Set([...mathToolset(), ...toolsetDescriptions('github', undefined), ...toolsetDescriptions('http', undefined)].map((tool) => tool.name));
}
