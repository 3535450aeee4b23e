import type { Plan } from '../plan/schema.ts';
import { commandTool, type CommandToolOptions } from '../tools/command-tool.ts';
import { DuplicateToolError } from '../tools/duplicate-tool-error.ts';
import type { Tool, ToolRegistry } from '../tools/tool.ts';
import { toolsetTools, type ToolsetContext } from '../tools/toolsets.ts';

export interface ToolRegistryOptions extends CommandToolOptions, Omit<ToolsetContext, 'root'> {
  /** Tools from adapters started for the run (MCP servers), added after the plan's own. */
  readonly extraTools?: readonly Tool[];
  /** Where the extra tools come from, for the duplicate-name message; default `an adapter`. */
  readonly extraSource?: string;
}

/**
 * Every tool a plan may call: the tools of its enabled `toolsets` (files confined to `cwd`, github
 * and http as the run allows), its declared `command` tools, then `extraTools`. Two tools with one
 * name are an error rather than one silently hiding the other; a toolset the run cannot set up is
 * a ToolsetSetupError.
 */
export function buildToolRegistry(plan: Plan, options: ToolRegistryOptions): ToolRegistry {
  const tools = new Map<string, Tool>();
  const sources = new Map<string, string>();
  const add = (tool: Tool, source: string): void => {
    const earlier = sources.get(tool.name);
    if (earlier) throw new DuplicateToolError({ toolName: tool.name, sources: [earlier, source] });
    tools.set(tool.name, tool);
    sources.set(tool.name, source);
  };
  const context: ToolsetContext = {
    root: options.cwd,
    redact: options.redact,
    ...(options.octokit !== undefined && { octokit: options.octokit }),
    ...(options.repository !== undefined && { repository: options.repository }),
    ...(options.pullNumber !== undefined && { pullNumber: options.pullNumber }),
    ...(options.earlierWrites !== undefined && { earlierWrites: options.earlierWrites }),
    ...(options.onAllowance !== undefined && { onAllowance: options.onAllowance }),
    ...(options.pullHeadSha !== undefined && { pullHeadSha: options.pullHeadSha }),
  };
  for (const toolset of new Set(plan.toolsets ?? [])) {
    for (const tool of toolsetTools(toolset, plan, context)) add(tool, `toolset '${toolset}'`);
  }
  for (const [name, declaration] of Object.entries(plan.tools ?? {})) {
    add(commandTool(name, declaration, options), `tools.${name}`);
  }
  for (const tool of options.extraTools ?? []) add(tool, options.extraSource ?? 'an adapter');
  return tools;
}
