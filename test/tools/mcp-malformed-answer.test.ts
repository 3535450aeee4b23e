// An MCP server whose answer to a request names the request's id but is no JSON-RPC answer: no `"jsonrpc": "2.0"`,
// an error without its message, a result beside `"error": null`.
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { isEffectUnknown, isTransient } from '../../src/core/step-error.ts';
import { serveHttpMcp } from '../helpers/http-mcp-server.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** A stdio server with one tool, `go`, answering `initialize` with `initialize(id, result)` and a call with `call(id)`, JavaScript expressions making the line. */
function serverScript(initialize: string, call: string): string {
  return `
    const send = (text) => process.stdout.write(text + '\\n');
    let held = '';
    process.stdin.setEncoding('utf8').on('data', (chunk) => {
      held += chunk;
      for (let end = held.indexOf('\\n'); end !== -1; end = held.indexOf('\\n')) {
        const message = JSON.parse(held.slice(0, end));
        held = held.slice(end + 1);
        if (message.id === undefined) continue;
        const id = message.id;
        const answer = (result) => send(JSON.stringify({ jsonrpc: '2.0', id, result }));
        if (message.method === 'initialize') send(${initialize});
        else if (message.method === 'tools/list') answer({ tools: [{ name: 'go', inputSchema: { type: 'object' } }] });
        else if (message.method === 'tools/call') send(${call});
      }
    });`;
}

const initialized = `JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })`;

async function toolAnswering(call: string) {
  const connection = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '-e', serverScript(initialized, call)], timeout_seconds: 20 } }), {
    signal: new AbortController().signal,
    timeoutMs: 15_000,
    env: { PATH: process.env['PATH'] },
  });
  onTestFinished(() => connection.close());
  return connection.tools[0]!;
}

// Found by an adversarial pass: such a line was dropped as no message, and the request waited out its time: a call
// whose server answered at once failed after timeout_seconds as one that got no answer, worth trying again.
describe('a stdio MCP server’s answer that is no JSON-RPC answer', () => {
  it('fails the call at once as an answer MCP does not allow, its effect unknown, when the error has no message', async () => {
    const go = await toolAnswering(`JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000 } })`);
    const error = await go.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^s__go: calling MCP server 's' failed: its answer to tools\/call is not what MCP allows: at error\.message, /);
    expect(isTransient(error)).toBe(false);
    expect(isEffectUnknown(error)).toBe(true);
  });

  it('fails the call so when the answer leaves out "jsonrpc"', async () => {
    const go = await toolAnswering(`JSON.stringify({ id, result: { content: [{ type: 'text', text: 'sent' }] } })`);
    const error = await go.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^s__go: calling MCP server 's' failed: its answer to tools\/call is not what MCP allows: at jsonrpc, /);
    expect(isEffectUnknown(error)).toBe(true);
  });

  it('fails the start at once saying so when the answer to initialize leaves out "jsonrpc"', async () => {
    const script = serverScript(`JSON.stringify({ id, result: { protocolVersion: message.params.protocolVersion, capabilities: {}, serverInfo: { name: 's', version: '1' } } })`, `''`);
    const error = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '-e', script], start_timeout_seconds: 20 } }), {
      signal: new AbortController().signal,
      env: { PATH: process.env['PATH'] },
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^MCP server 's' failed to start: its answer to initialize is not what MCP allows: at jsonrpc, /);
  });

  // Found by an adversarial pass: the error made of such an answer was told by its code alone, -32098, which a server
  // may use for its own errors: a server's "database locked" read as an answer MCP does not allow, and one with
  // `data.issues` of its own choosing failed the call as "Cannot read properties of null".
  it('reads a server’s own error with the code it uses for such answers as the server’s error', async () => {
    const locked = await toolAnswering(`JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32098, message: 'database locked' } })`);
    const error = await locked.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toContain('database locked');
    expect((error as Error).message).not.toContain('not what MCP allows');
    const issues = await toolAnswering(`JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32098, message: 'busy', data: { issues: [null, { message: 7 }] } } })`);
    const odd = await issues.execute({}, ctx).catch((caught: unknown) => caught);
    expect((odd as Error).message).toContain('busy');
    expect((odd as Error).message).not.toContain('Cannot read');
  });

  it('still takes a line of JSON that answers nothing (a log line on stdout) as no message', async () => {
    const go = await toolAnswering(`'{"level":"info","msg":"calling"}\\n' + JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'sent' }] } })`);
    await expect(go.execute({}, ctx)).resolves.toBe('sent');
  });
});

/** An MCP server over HTTP that answers a call with an event stream holding `answer(id)`'s text. */
function serveHttp(answer: (id: number) => string): Promise<string> {
  return serveHttpMcp({ name: 's', capabilities: { tools: {} }, tool: { name: 'go', inputSchema: { type: 'object' } } }, (id) => `data: ${answer(id)}\n\n`);
}

// Found by an adversarial pass: the SDK drops such an event as it dropped such a stdio line.
describe('an HTTP MCP server’s event stream answer that is no JSON-RPC answer', () => {
  it('fails the call at once as an answer MCP does not allow, its effect unknown', async () => {
    const url = await serveHttp((id) => JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'sent' }] }, error: null }));
    const connection = await connectMcpServers({ s: { url, timeout_seconds: 20 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    const error = await connection.tools[0]!.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("s__go: calling MCP server 's' failed: its answer to tools/call is not what MCP allows: Unrecognized key: \"error\"");
    expect(isEffectUnknown(error)).toBe(true);
  });
});
