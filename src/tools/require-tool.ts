import type { Tool, ToolRegistry } from './tool.ts';
import { ToolNotFoundError } from './tool-not-found-error.ts';

/**
 * The tool named `name`, or a `ToolNotFoundError` listing the available ones. `caller` starts the
 * message ("Model" when the model chose the tool, "Step 3" when the plan did).
 */
export function requireTool(registry: ToolRegistry, name: string, caller?: string): Tool {
  const tool = registry.get(name);
  if (tool) return tool;
  throw new ToolNotFoundError({ toolName: name, availableTools: [...registry.keys()].sort(), ...(caller && { caller }) });
}
