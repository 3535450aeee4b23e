// A stdio MCP server whose answer to tools/call is written by hand, so it can be any line: a JSON encoder could not
// write a value nested 300,000 levels deep, nor leave out what every tool result holds.
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { isEffectUnknown, isTransient } from '../../src/core/step-error.ts';
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

  // Found by an adversarial pass: the SDK takes a missing `content` as an empty list, so `{}`, an answer of MCP's first
  // version (`toolResult`) and a task the call was not asked to be made as succeeded with the empty text, the server's
  // answer lost, and the step ✅.
  it('fails as no tool result when it holds neither content nor structuredContent, its effect unknown', async () => {
    for (const answer of ['{}', '{"toolResult":{"sent":42}}', '{"task":{"taskId":"t1","status":"working"}}']) {
      const go = await toolAnswering(`'${answer}'`);
      const error = await go.execute({}, ctx).catch((caught: unknown) => caught);
      expect(error, answer).toBeInstanceOf(Error);
      expect((error as Error).message, answer).toBe("s__go: calling MCP server 's' failed: its answer to tools/call is not what MCP allows: it holds neither content nor structuredContent");
      expect(isTransient(error), answer).toBe(false);
      expect(isEffectUnknown(error), answer).toBe(true);
    }
  });

  it('takes a result with structuredContent and no content, as MCP allows for a tool with an output schema', async () => {
    const go = await toolAnswering(`'{"structuredContent":{"sent":42}}'`);
    await expect(go.execute({}, ctx)).resolves.toEqual({ sent: 42 });
  });

  it('takes an isError result with no content as the server’s error', async () => {
    const go = await toolAnswering(`'{"isError":true}'`);
    await expect(go.execute({}, ctx)).rejects.toThrow("s__go: MCP server 's' reported an error: no details given");
  });
});

// Found by an adversarial pass: the server, stopped for the message, failed its start with "MCP error -32000: Connection
// closed" alone, which said neither what it did nor why it was stopped.
describe('a stdio MCP server that writes a line over 4 MiB', () => {
  it('fails its start saying it sent a message over the limit and was stopped', async () => {
    const script = `process.stdout.write('x'.repeat(5 * 1024 * 1024) + '\\n'); setInterval(() => {}, 1000);`;
    const error = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '-e', script], start_timeout_seconds: 20 } }), {
      signal: new AbortController().signal,
      env: { PATH: process.env['PATH'] },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "MCP server 's' failed to start: it sent a message over 4 MiB (its answer to initialize, or a line it wrote on stdout), more than plan-runner reads from a server; it was stopped. Check mcp_servers.s in the plan.",
    );
  });

  it('fails the listing of its tools so when its answer to tools/list is the line', async () => {
    const script = `
      let held = '';
      process.stdin.setEncoding('utf8').on('data', (chunk) => {
        held += chunk;
        for (let end = held.indexOf('\\n'); end !== -1; end = held.indexOf('\\n')) {
          const message = JSON.parse(held.slice(0, end));
          held = held.slice(end + 1);
          if (message.id === undefined) continue;
          const result = message.method === 'initialize'
            ? { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }
            : { tools: [{ name: 'go', description: 'x'.repeat(5 * 1024 * 1024), inputSchema: { type: 'object' } }] };
          process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
        }
      });`;
    const error = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '-e', script], start_timeout_seconds: 20 } }), {
      signal: new AbortController().signal,
      env: { PATH: process.env['PATH'] },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "MCP server 's' started, but its tools cannot be used: listing its tools failed: it sent a message over 4 MiB (its answer to tools/list, or a line it wrote on stdout), more than plan-runner reads from a server; it was stopped. Check mcp_servers.s in the plan.",
    );
  });
});
