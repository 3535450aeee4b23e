// Found by an adversarial pass: an MCP call that never reached its server (the server, started again before the call,
// failed to start; the HTTP server refused the connection) counted as one that may have taken effect. A step calling
// a tool with side effects was neither retried nor recovered: the run stopped for a person to check a call never made.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isNotSent, leftEffectUnknown } from '../../src/core/step-error.ts';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';

const serve = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../fixtures/mcp/serve-stdio.mjs')).href);
const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

describe('an MCP call that never reached its server', () => {
  it('is not sent when the server, ended after the last call, fails to start again before this one', async () => {
    // The first start writes a mark and serves; a start that finds the mark exits at once. The server exits after its first answer.
    const mark = JSON.stringify(path.join(mkdtempSync(path.join(tmpdir(), 'mcp-mark-')), 'started'));
    const script = `import { existsSync, writeFileSync } from 'node:fs'; if (existsSync(${mark})) process.exit(3); writeFileSync(${mark}, '');
      import(${serve}).then(({ serveStdio }) => serveStdio({ name: 's', listTools: () => ({ tools: [{ name: 'send', inputSchema: { type: 'object' } }] }),
        callTool: () => { setTimeout(() => process.exit(0), 50); return { content: [{ type: 'text', text: 'sent' }] }; } }));`;
    const connection = await connectMcpServers(McpServers.parse({ s: { command: [process.execPath, '--input-type=module', '-e', script] } }), { signal: new AbortController().signal, timeoutMs: 15_000, env: { PATH: process.env['PATH'] } });
    onTestFinished(() => connection.close());
    const send = connection.tools[0]!;
    await expect(send.execute({}, ctx)).resolves.toBe('sent');
    // Until the session saw the server end; the next call then starts it again.
    for (let waited = 0; connection.sessions[0]!.connected && waited < 200; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await send.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^s__send: calling MCP server 's' failed: MCP server 's' failed to start: it exited with status 3 before it answered/);
    expect(isNotSent(error)).toBe(true);
    expect(leftEffectUnknown(true, error, false)).toBe(false);
  });

  it('is not sent when the HTTP server refused the connection', async () => {
    // No connection kept alive: a request on one the server closed may have been written before it saw the close.
    const server = createServer((req, res) => {
      res.setHeader('connection', 'close');
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk));
      req.on('end', () => {
        const message = JSON.parse(body || '{}') as { id?: number; method?: string; params?: { protocolVersion?: string } };
        if (req.method !== 'POST' || message.id === undefined) return void res.writeHead(req.method === 'POST' ? 202 : 405).end();
        const result = message.method === 'initialize' ? { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'h', version: '1' } } : { tools: [{ name: 'send', inputSchema: { type: 'object' } }] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const connection = await connectMcpServers(McpServers.parse({ h: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` } }), { signal: new AbortController().signal, timeoutMs: 15_000 });
    onTestFinished(() => connection.close());
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const error = await connection.tools[0]!.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^h__send: calling MCP server 'h' failed: /);
    expect(isNotSent(error)).toBe(true);
    expect(leftEffectUnknown(true, error, false)).toBe(false);
  });
});
