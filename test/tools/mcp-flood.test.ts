import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';

const source = (file: string): string => JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src', file)).href);
const server = JSON.stringify(join(import.meta.dirname, '../fixtures/mcp/large-answers-server.mjs'));

/**
 * A stdio server that stops reading and sends 100,000 requests of its own (pings, which the SDK answers):
 * each answer waited for the pipe to drain with listeners of its own, which drain and close removed one by
 * one, quadratic and synchronous: 40,000 held the event loop 21 s past every timeout and signal, 300,000
 * for more than 10 minutes (found by an adversarial pass). In a child process given 60 s: killed, the test fails.
 */
const SCRIPT = `
  import { connectMcpServers } from ${source('tools/mcp/connect-mcp-servers.ts')};
  import { McpServers } from ${source('tools/mcp/mcp-config.ts')};
  const connection = await connectMcpServers(McpServers.parse({ flood: { command: [process.execPath, ${server}], timeout_seconds: 20 } }), {
    signal: new AbortController().signal, timeoutMs: 15_000, env: { PATH: process.env.PATH },
  });
  const flood = connection.tools.find((tool) => tool.name === 'flood__flood');
  const error = await flood.execute(JSON.parse(process.argv[1]), { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' }).then(() => undefined, (caught) => caught);
  console.log(error?.message);
  await connection.close();
`;

describe('an MCP server that sends requests of its own and stops reading the answers', () => {
  it('is stopped once 1,000 answers wait unread, and the call fails saying so, within its timeout', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, JSON.stringify({ count: 100_000 })], { encoding: 'utf8', timeout: 60_000 });
    expect({ signal: run.signal, status: run.status, stderr: run.stderr.includes('MaxListenersExceededWarning') }).toEqual({ signal: null, status: 0, stderr: false });
    expect(run.stdout).toContain("flood__flood: calling MCP server 'flood' failed: it sent requests of its own and left plan-runner's answers unread (1,000 of them, or 16 MiB); it was stopped");
  });

  // Found by a hunt of the MCP adapters: an answer repeats the id the server chose, and 990 unread answers to pings with
  // ids of 4 MB each ran plan-runner out of memory in 20 s (its reports unwritten, the server left running).
  it('is stopped once 16 MiB of answers wait unread, however few they are', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT, JSON.stringify({ count: 200, idChars: 1_000_000 })], { encoding: 'utf8', timeout: 60_000 });
    expect({ signal: run.signal, status: run.status }).toEqual({ signal: null, status: 0 });
    expect(run.stdout).toContain("flood__flood: calling MCP server 'flood' failed: it sent requests of its own and left plan-runner's answers unread (1,000 of them, or 16 MiB); it was stopped");
  });
});

/**
 * The same over Streamable HTTP: the SDK answers each of a server's requests with a POST of its own. 50,000 pings in
 * one answer's event stream (2.5 MB, under the message limit) held the event loop for 23 s at a stretch, took the
 * process to 1.4 GB, and ran the call to its timeout (found by an adversarial pass).
 */
describe('an HTTP MCP server that sends requests of its own faster than it takes the answers', () => {
  it.each([
    ['1,000 answers are under way', 50_000, ''],
    // Found by a hunt of the MCP adapters: each answer repeats the id the server chose (here 1 MB): 16 MiB is a bound too.
    ['16 MiB of answers are under way, however few', 40, 'x'.repeat(1_000_000)],
  ])('is stopped once %s, and the call fails saying so', async (_when, pings, padding) => {
    const server = createServer((request, response) => {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const message = JSON.parse(body) as { id?: number; method?: string; params?: { protocolVersion?: string } };
        // Our answers to its requests are never taken: each POST waits.
        if (message.method === undefined) return;
        if (message.id === undefined) return void response.writeHead(202).end();
        const json = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
        if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'flood', version: '1' } });
        if (message.method === 'tools/list') return json({ tools: [{ name: 'send', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] });
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (let n = 0; n < pings; n++) response.write(`data: {"jsonrpc":"2.0","id":"p${n}${padding}","method":"ping"}\n\n`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const connection = await connectMcpServers({ flood: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, timeout_seconds: 600 } }, { signal: new AbortController().signal, env: {} });
    onTestFinished(() => connection.close());
    const error = await connection.tools[0]!.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("flood__send: calling MCP server 'flood' failed: it sent requests of its own and left plan-runner's answers unread (1,000 of them, or 16 MiB); it was stopped");
    expect(error).toMatchObject({ transient: true });
  });
});
