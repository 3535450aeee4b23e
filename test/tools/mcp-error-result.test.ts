import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { McpToolError } from '../../src/tools/mcp/mcp-tool-error.ts';

const serve = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../fixtures/mcp/serve-stdio.mjs')).href);

/** A stdio server whose one tool answers with `result`. */
async function toolAnswering(result: unknown) {
  const script = `import { serveStdio } from ${serve}; serveStdio({ name: 's', listTools: () => ({ tools: [{ name: 'go', inputSchema: { type: 'object' } }] }), callTool: () => (${JSON.stringify(result)}) });`;
  const connection = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '--input-type=module', '-e', script] } }), {
    signal: new AbortController().signal,
    timeoutMs: 15_000,
    env: { PATH: process.env['PATH'] },
  });
  onTestFinished(() => connection.close());
  return connection.tools[0]!;
}

// Found by an adversarial pass: a server that gave its error's details only as structuredContent was reported as
// having given none ("no details given"), and a replan or a person deciding on it had nothing to go on.
describe('an MCP tool’s error result', () => {
  it('says what the server gave as structured content when it gave no text', async () => {
    const go = await toolAnswering({ isError: true, content: [], structuredContent: { error: 'quota exceeded', retry_in: 60 } });
    const error = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpToolError);
    expect((error as Error).message).toBe(`s__go: MCP server 's' reported an error: {"error":"quota exceeded","retry_in":60}`);
  });

  it('keeps to the text when the server gave some', async () => {
    const go = await toolAnswering({ isError: true, content: [{ type: 'text', text: 'quota exceeded' }], structuredContent: { code: 7 } });
    const error = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("s__go: MCP server 's' reported an error: quota exceeded");
  });
});
