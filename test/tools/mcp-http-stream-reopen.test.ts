import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';

// Found by a hunt of the MCP adapters: an HTTP server that answered the SDK's event stream (a GET) with `retry: 0` and
// closed it had it opened again at once, 400 times a second for as long as the run held the session: half a core.
it('opens an HTTP MCP server’s event stream again at most once a second, whatever retry the server asks for', async () => {
  let streams = 0;
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      streams += 1;
      return void response.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 0\n\n');
    }
    if (request.method === 'DELETE') return void response.writeHead(200).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method?: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) return void response.writeHead(202, { 'mcp-session-id': 's1' }).end();
      const json = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'eager', version: '1' } });
      return json({ tools: [{ name: 'go', inputSchema: { type: 'object' } }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const connection = await connectMcpServers({ eager: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` } }, { signal: new AbortController().signal, env: {} });
  const opened = streams;
  await sleep(1_500);
  await connection.close();
  // One or two a second (the first may open after it connected): not hundreds.
  expect(streams - opened).toBeLessThanOrEqual(3);
});
