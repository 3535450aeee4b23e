import { redactDeep, type Redactor } from '../core/redact.ts';
import type { Tool, ToolRegistry } from './tool.ts';

/**
 * The registry with every tool's arguments redacted before it runs: whoever chose them (the plan
 * through `${steps.…}`, or the model), a secret the run knows never reaches a GitHub write, an
 * HTTP request, an MCP server or a command's stdin. Secrets a tool needs come from its `env:` or
 * `headers:` configuration, which is not an argument. A write's `findEffect` gets them redacted
 * too: it looks for what `execute` made, with the arguments `execute` had.
 */
export function redactingTools(tools: ToolRegistry, redact: Redactor): Map<string, Tool> {
  return new Map(
    [...tools].map(([name, tool]) => {
      const findEffect = tool.findEffect?.bind(tool);
      const redacting: Tool = {
        ...tool,
        execute: (args, ctx) => tool.execute(redactDeep(args, redact), ctx),
        ...(findEffect && { findEffect: (args: Record<string, unknown>, ctx: Parameters<typeof findEffect>[1]) => findEffect(redactDeep(args, redact), ctx) }),
      };
      return [name, redacting];
    }),
  );
}
