import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** What an MCP server over HTTP says of itself: its name and capabilities, and the one tool it lists. */
export interface HttpMcpServer {
  readonly name: string;
  readonly capabilities: Record<string, unknown>;
  readonly tool: { readonly name: string; readonly inputSchema: Record<string, unknown>; readonly annotations?: Record<string, unknown> };
}

/**
 * An MCP server over HTTP on 127.0.0.1, closed when the test finishes: it answers `initialize` and `tools/list` as JSON,
 * and a call of its tool with the event stream `events(id)`, `id` the call's. Returns its URL.
 */
export async function serveHttpMcp(described: HttpMcpServer, events: (id: number) => string): Promise<string> {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202).end();
      const json = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: described.capabilities, serverInfo: { name: described.name, version: '1' } });
      if (message.method === 'tools/list') return json({ tools: [described.tool] });
      response.writeHead(200, { 'content-type': 'text/event-stream' }).end(events(message.id));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}
