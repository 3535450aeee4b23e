import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';

const serve = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../fixtures/mcp/serve-stdio.mjs')).href);

/** A stdio server whose one tool answers with structured content whose numbers are written as `numbers` gives them. */
async function toolAnsweringNumbers(numbers: Record<string, string>) {
  const script = `import { serveStdio } from ${serve}; serveStdio({ name: 's', listTools: () => ({ tools: [{ name: 'go', inputSchema: { type: 'object' } }] }), callTool: () => ({ content: [], structuredContent: Object.fromEntries(Object.entries(${JSON.stringify(numbers)}).map(([key, json]) => [key, JSON.rawJSON(json)])) }) });`;
  const connection = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '--input-type=module', '-e', script] } }), {
    signal: new AbortController().signal,
    timeoutMs: 15_000,
    env: { PATH: process.env['PATH'] },
  });
  onTestFinished(() => connection.close());
  return connection.tools[0]!;
}

// Found by an adversarial pass: a server's `{"id": 9007199254740993}` (a Discord or Twitter id) reached the plan as
// 9007199254740992, another id a later step acted on, and `1e400` as Infinity, which the trace writes as null.
describe('an MCP tool’s structured result', () => {
  it('keeps a number a double cannot hold as the text the server wrote', async () => {
    const go = await toolAnsweringNumbers({ id: '9007199254740993', n: '12', big: '1e400', safe: '9007199254740991', half: '0.5' });
    const result = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' });
    expect(result).toEqual({ id: '9007199254740993', n: 12, big: '1e400', safe: 9007199254740991, half: 0.5 });
  });
});
