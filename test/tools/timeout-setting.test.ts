import { expect, it } from 'vitest';
import { commandTool } from '../../src/tools/command-tool.ts';
import { httpToolset } from '../../src/tools/http/http-toolset.ts';
import type { McpServerSession } from '../../src/tools/mcp/mcp-server-session.ts';
import { mcpTool } from '../../src/tools/mcp/mcp-tool.ts';

// A step stopped by its tool's limit was told to raise "the timeout_seconds of its tool 'http_get'", a key the plan
// has nowhere: an http tool's limit is `http.timeout_seconds`, an MCP tool's its server's. Each tool says where.
it('names where the plan sets each kind of tool’s limit', () => {
  const command = commandTool('deploy', { description: 'd', command: ['true'], timeout_seconds: 5 }, { cwd: process.cwd(), env: {} });
  expect(command).toMatchObject({ timeoutSeconds: 5, timeoutSetting: 'tools.deploy.timeout_seconds' });
  for (const tool of httpToolset({ allow: ['https://api.example.com/'], timeoutSeconds: 5 })) expect(tool).toMatchObject({ timeoutSeconds: 5, timeoutSetting: 'http.timeout_seconds' });
  const session = { name: 'docs' } as McpServerSession;
  const mcp = mcpTool({ name: 'docs__search', session, tool: { name: 'search', inputSchema: { type: 'object' } }, timeoutMs: 60_000 });
  expect(mcp).toMatchObject({ timeoutSeconds: 60, timeoutSetting: 'mcp_servers.docs.timeout_seconds' });
});
