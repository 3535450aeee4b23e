// A stdio MCP server whose answer to tools/call is written by hand, so it can be any line: a JSON encoder could not
// write a value nested 300,000 levels deep, nor leave out what every tool result holds.
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { ToolResultTooDeepError } from '../../src/tools/tool-result-too-deep-error.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** A stdio server with one tool, `go`, that answers every call with the JSON text the JavaScript expression `result` makes. */
async function toolAnswering(result: string) {
  const script = `
    const send = (text) => process.stdout.write(text + '\\n');
    let held = '';
    process.stdin.setEncoding('utf8').on('data', (chunk) => {
      held += chunk;
      for (let end = held.indexOf('\\n'); end !== -1; end = held.indexOf('\\n')) {
        const message = JSON.parse(held.slice(0, end));
        held = held.slice(end + 1);
        if (message.id === undefined) continue;
        const reply = (text) => send('{"jsonrpc":"2.0","id":' + message.id + ',"result":' + text + '}');
        if (message.method === 'initialize') reply(JSON.stringify({ protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }));
        else if (message.method === 'tools/list') reply(JSON.stringify({ tools: [{ name: 'go', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }));
        else if (message.method === 'tools/call') reply(${result});
        else send(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no' } }));
      }
    });`;
  const connection = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '-e', script], timeout_seconds: 5 } }), {
    signal: new AbortController().signal,
    timeoutMs: 15_000,
    env: { PATH: process.env['PATH']},
  });
  onTestFinished(() => connection.close());
  return connection.tools[0]!;
}

describe('a stdio MCP server’s answer to a tool call', () => {
  // Found by an adversarial pass: reading such an answer's numbers overflowed the stack, the answer was dropped as no
  // message, and the call waited out its timeout_seconds to fail as a lost call, worth trying again.
  it('refuses a result nested 300,000 levels deep that holds a long number as too deep, not as a call that got no answer', async () => {
    const go = await toolAnswering(`'{"content":[],"structuredContent":{"id":12345678901234567890,"v":' + '['.repeat(300000) + ']'.repeat(300000) + '}}'`);
    const error = await go.execute({}, ctx).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolResultTooDeepError);
  });
});
