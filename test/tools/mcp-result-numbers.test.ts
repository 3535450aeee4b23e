import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** An MCP server over HTTP whose tool answers with structured content written as `raw` (JSON text), as JSON or as an event stream. */
async function httpToolAnswering(raw: string, as: 'json' | 'events') {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const result =
        message.method === 'initialize'
          ? JSON.stringify({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'n', version: '1' } })
          : message.method === 'tools/list'
            ? JSON.stringify({ tools: [{ name: 'go', inputSchema: { type: 'object' } }] })
            : `{"content":[],"structuredContent":${raw}}`;
      const text = `{"jsonrpc":"2.0","id":${message.id},"result":${result}}`;
      if (as === 'json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(text);
      // An event stream sent in pieces that split the data line.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`event: message\r\ndata: ${text.slice(0, 20)}`);
      setTimeout(() => response.end(`${text.slice(20)}\r\n\r\n`), 10);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const connection = await connectMcpServers({ s: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
  onTestFinished(() => connection.close());
  return connection.tools[0]!;
}

// The SDK reads an HTTP server's answer with JSON.parse: the same id became another there too.
describe('an HTTP MCP tool’s structured result', () => {
  it.each(['json', 'events'] as const)('keeps a number a double cannot hold as the text the server wrote, answered as %s', async (as) => {
    const go = await httpToolAnswering('{"id":9007199254740993,"n":12,"big":1e400,"safe":9007199254740991,"half":0.5}', as);
    const result = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' });
    expect(result).toEqual({ id: '9007199254740993', n: 12, big: '1e400', safe: 9007199254740991, half: 0.5 });
  });
});

