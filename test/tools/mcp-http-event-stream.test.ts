import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { ToolOutputTooLargeError } from '../../src/tools/tool-output-too-large-error.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** An MCP server over HTTP whose tool answers a call with an event stream: `before` (events), then its result. */
async function serve(before: string, result: unknown = { content: [{ type: 'text', text: 'built' }] }): Promise<string> {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const json = (answer: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: answer }));
      if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'build', version: '1' } });
      if (message.method === 'tools/list') return json({ tools: [{ name: 'run', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(before);
      response.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
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
