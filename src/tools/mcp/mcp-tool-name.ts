/** The registry name of an MCP tool: `<server>__<tool>`, made a valid function name (^[a-zA-Z0-9_-]{1,64}$). */
export function mcpToolName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}
