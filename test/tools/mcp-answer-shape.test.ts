import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';

const serve = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../fixtures/mcp/serve-stdio.mjs')).href);
const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** A stdio server whose answers to initialize, tools/list and tools/call are the ones given, as JSON. */
function server(answers: { initialize?: unknown; list?: unknown; call?: unknown }): string[] {
  const list = JSON.stringify(answers.list ?? { tools: [{ name: 'go', inputSchema: { type: 'object' } }] });
  const call = JSON.stringify(answers.call ?? { content: [] });
  const init = answers.initialize === undefined ? '' : `process.stdin.on('data', (c) => { for (const l of c.toString().split('\\n')) { if (l.includes('"initialize"')) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(l).id, result: ${JSON.stringify(answers.initialize)} }) + '\\n'); } }); if (false)`;
  return [process.execPath, '--input-type=module', '-e', `import { serveStdio } from ${serve}; ${init} serveStdio({ name: 's', listTools: () => (${list}), callTool: () => (${call}) });`];
}

async function start(command: string[]) {
  const connection = await connectMcpServers(McpServers.parse({ s: { command } }), { signal: new AbortController().signal, timeoutMs: 15_000, env: { PATH: process.env['PATH'] } });
  onTestFinished(() => connection.close());
  return connection;
}

// Found by an adversarial pass: the SDK's schema refusal reached the log, summary and comment as zod's issues in
// JSON, eleven lines of brackets and quotes, naming neither the request nor where in the answer plainly.
describe('an MCP server whose answer is not what MCP allows', () => {
  it('fails a call in one line saying which request, where in the answer and what was wrong, its effect unknown', async () => {
    const connection = await start(server({ call: { content: 'not a list' } }));
    const error = await connection.tools[0]!.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("s__go: calling MCP server 's' failed: its answer to tools/call is not what MCP allows: at content, expected array, received string");
    expect(error).toMatchObject({ transient: false, effectUnknown: true });
  });

  it('fails a tool listing so, naming the tool and how to leave it out', async () => {
    const error = await start(server({ list: { tools: [{ name: 'go', inputSchema: { type: 'object' } }, { name: 'x' }] } })).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "MCP server 's' started, but its tools cannot be used: its tool 'x' is not what MCP allows: at inputSchema, expected object, received undefined; leave it out with a tools: allowlist. Check mcp_servers.s in the plan.",
    );
    const nameless = await start(server({ list: { tools: [{ name: 'go', inputSchema: { type: 'object' } }, { inputSchema: { type: 'object' } }] } })).catch((caught: unknown) => caught);
    expect((nameless as Error).message).toBe(
      "MCP server 's' started, but its tools cannot be used: the tool it lists at tools[1] is not what MCP allows: at name, expected string, received undefined; leave it out with a tools: allowlist. Check mcp_servers.s in the plan.",
    );
  });

  // The SDK's schema refused the whole list for one such tool, so an allowlist that left it out could not help.
  it('serves the tools an allowlist keeps when another tool it lists is not what MCP allows', async () => {
    const command = server({ list: { tools: [{ name: 'x', inputSchema: { type: 'string' } }, { name: 'go', inputSchema: { type: 'object' } }, { inputSchema: 1 }] } });
    const connection = await connectMcpServers(McpServers.parse({ s: { command, tools: ['go'] } }), { signal: new AbortController().signal, timeoutMs: 15_000, env: { PATH: process.env['PATH'] } });
    onTestFinished(() => connection.close());
    expect(connection.tools.map((tool) => tool.name)).toEqual(['s__go']);
    await expect(connection.tools[0]!.execute({}, ctx)).resolves.toBeDefined();
  });

  it('fails a start so, and counts the other problems', async () => {
    const error = await start(server({ initialize: { capabilities: 'none' } })).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /^MCP server 's' failed to start: its answer to initialize is not what MCP allows: at protocolVersion, expected string, received undefined \(and 2 more problems\)\. Check mcp_servers\.s in the plan\.$/,
    );
  });
});

// Found by an adversarial pass: a server that listed one tool twice (a page sent again) was refused with "leave one out
// with a tools: allowlist", which cannot tell one 'go' from the other: the start failed again, as the message said to do.
describe('an MCP server that lists one tool twice', () => {
  it('fails the start saying so, not asking for an allowlist that cannot help', async () => {
    const twice = server({ list: { tools: [{ name: 'go', inputSchema: { type: 'object' } }, { name: 'go', inputSchema: { type: 'object' } }] } });
    for (const config of [{ command: twice }, { command: twice, tools: ['go'] }]) {
      const error = await connectMcpServers(McpServers.parse({ s: config }), { signal: new AbortController().signal, timeoutMs: 15_000, env: { PATH: process.env['PATH'] } }).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe("MCP server 's' started, but its tools cannot be used: it lists its tool 'go' twice, where MCP wants each name once; the server must be fixed or left out of the plan. Check mcp_servers.s in the plan.");
    }
  });
});
