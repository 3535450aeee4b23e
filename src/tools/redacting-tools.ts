import { redactDeep, type Redactor } from '../core/redact.ts';
import type { Tool, ToolRegistry } from './tool.ts';

/**
 * The registry with every tool's arguments redacted before it runs: whoever chose them (the plan
 * through `${steps.…}`, or the model), a secret the run knows never reaches a GitHub write, an
 * HTTP request, an MCP server or a command's stdin. Secrets a tool needs come from its `env:` or
 * `headers:` configuration, which is not an argument.
 */
export function redactingTools(tools: ToolRegistry, redact: Redactor): Map<string, Tool> {
  return new Map(
    [...tools].map(([name, tool]) => [
      name,
      { ...tool, execute: (args, ctx) => tool.execute(redactDeep(args, redact), ctx) } satisfies Tool,
    ]),
  );
}
