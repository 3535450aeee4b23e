import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { ToolOutputTooLargeError } from '../../src/tools/tool-output-too-large-error.ts';
import { serveHttpMcp } from '../helpers/http-mcp-server.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** An MCP server over HTTP whose tool answers a call with an event stream: `before` (events), then its result. */
function serve(before: string, result: unknown = { content: [{ type: 'text', text: 'built' }] }): Promise<string> {
  const build = { name: 'build', capabilities: { tools: {}, logging: {} }, tool: { name: 'run', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } } };
  return serveHttpMcp(build, (id) => `${before}data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`);
}

/** `count` logging notifications of about 1 KiB each, as a server streaming a long build's output writes them. */
function logLines(count: number, end = '\n'): string {
  const line = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1000) } })}${end}${end}`;
  return line.repeat(count);
}

// Found by an adversarial pass: the 4 MiB bound of a server's message was put on the whole answer to a call over HTTP,
// an event stream that carries the server's notifications before its result: a tool that logged 5 MB of a long
// build's output over the call, its result one word, failed as an answer over 4 MiB (which a stdio server's did not).
describe('an HTTP MCP server’s event stream answering a call', () => {
  it('takes a small result after more than 4 MiB of small notifications', async () => {
    const url = await serve(logLines(5000));
    const connection = await connectMcpServers({ build: { url, timeout_seconds: 30 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    await expect(connection.tools[0]!.execute({}, ctx)).resolves.toBe('built');
  });

  it('takes it so with events ended by \\r\\n', async () => {
    const url = await serve(logLines(5000, '\r\n'));
    const connection = await connectMcpServers({ build: { url, timeout_seconds: 30 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    await expect(connection.tools[0]!.execute({}, ctx)).resolves.toBe('built');
  });

  it('still refuses one event over 4 MiB, written over many data lines', async () => {
    const url = await serve(`${'data: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(60_000)}\n`);
    const connection = await connectMcpServers({ build: { url, timeout_seconds: 30 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    await expect(connection.tools[0]!.execute({}, ctx)).rejects.toBeInstanceOf(ToolOutputTooLargeError);
  });

  it('still refuses a result over 4 MiB', async () => {
    const url = await serve('', { content: [{ type: 'text', text: 'x'.repeat(5 * 1024 * 1024) }] });
    const connection = await connectMcpServers({ build: { url, timeout_seconds: 30 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    await expect(connection.tools[0]!.execute({}, ctx)).rejects.toBeInstanceOf(ToolOutputTooLargeError);
  });
});
