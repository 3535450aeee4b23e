import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { ToolOutputTooLargeError } from '../../src/tools/tool-output-too-large-error.ts';
import { serveHttpMcp } from '../helpers/http-mcp-server.ts';
import { dispatchedOptions } from '../helpers/dispatched-options.ts';

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

// Found by a review of the http tools: Node's fetch ends a request at undici's own 300 s for its headers, and each pause
// of an event stream's body, so a call a step allowed 400 s (or a start allowed 450 s) failed at 300 s as lost.
describe('an HTTP MCP server’s requests allowed past undici’s 300 s', () => {
  it('are sent with undici’s waits raised past the start’s or the call’s limit, and kept within it otherwise', async () => {
    const url = await serve('');
    let connection: Awaited<ReturnType<typeof connectMcpServers>> | undefined;
    const started = await dispatchedOptions(async () => {
      connection = await connectMcpServers({ build: { url, timeout_seconds: 30, start_timeout_seconds: 450 } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    });
    onTestFinished(() => connection!.close());
    const long = await dispatchedOptions(() => connection!.tools[0]!.execute({}, { ...ctx, timeoutMs: 400_000 }));
    const short = await dispatchedOptions(() => connection!.tools[0]!.execute({}, ctx));
    expect(started.length).toBeGreaterThanOrEqual(3);
    expect(started.map((options) => options['headersTimeout'])).toEqual(started.map(() => 451_000));
    expect(long.map((options) => [options['headersTimeout'], options['bodyTimeout']])).toEqual([[401_000, 401_000]]);
    expect(short).toHaveLength(1);
    expect(short[0]).not.toHaveProperty('headersTimeout');
  });
});
