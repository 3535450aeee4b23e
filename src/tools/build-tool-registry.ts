import type { Plan } from '../plan/schema.ts';
import { commandTool, type CommandToolOptions } from './command-tool.ts';
import { DuplicateToolError } from './duplicate-tool-error.ts';
import type { Tool, ToolRegistry } from './tool.ts';
import { toolsetTools } from './toolsets.ts';

/**
 * Every tool a plan may call: the tools of its enabled `toolsets`, then its declared `command`
 * tools. Two tools with one name are an error rather than one silently hiding the other.
 */
export function buildToolRegistry(plan: Plan, options: CommandToolOptions): ToolRegistry {
  const tools = new Map<string, Tool>();
  const sources = new Map<string, string>();
  const add = (tool: Tool, source: string): void => {
    const earlier = sources.get(tool.name);
    if (earlier) throw new DuplicateToolError({ toolName: tool.name, sources: [earlier, source] });
    tools.set(tool.name, tool);
    sources.set(tool.name, source);
  };
  for (const toolset of new Set(plan.toolsets ?? [])) {
    for (const tool of toolsetTools(toolset)) add(tool, `toolset '${toolset}'`);
  }
  for (const [name, declaration] of Object.entries(plan.tools ?? {})) {
    add(commandTool(name, declaration, options), `tools.${name}`);
  }
  return tools;
}
