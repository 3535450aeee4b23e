import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';

const ctx = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' };

/** An MCP server over HTTP that answers `initialize` and `tools/list`, and `refuse(method)`'s status, with no body, where it gives one. */
async function serve(refuse: (method: string) => number | undefined): Promise<string> {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
      const status = refuse(message.method);
      if (status !== undefined) return void response.writeHead(status).end();
      if (message.id === undefined) return void response.writeHead(202).end();
      const json = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'docs', version: '1' } });
      return json({ tools: [{ name: 'search', inputSchema: { type: 'object' } }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

// Found by an adversarial pass: a server that answered 401 with no body failed the start with "Streamable HTTP error:
// Error POSTing to endpoint: ." and a call so refused likewise: the status, and so what to do, was nowhere.
describe('an HTTP MCP server that refuses with a status and no words', () => {
  it('fails the start naming the status, and says where credentials go when it asks for them', async () => {
    const url = await serve(() => 401);
    const error = await connectMcpServers({ docs: { url } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "MCP server 'docs' failed to start: it answered HTTP 401 (it wants credentials, or refused those sent: send them in headers, from a runner variable, such as Authorization: Bearer ${env.TOKEN}). Check mcp_servers.docs in the plan.",
    );
  });

  it('fails a call naming the status', async () => {
    const url = await serve((method) => (method === 'tools/call' ? 403 : undefined));
    const connection = await connectMcpServers({ docs: { url } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    const error = await connection.tools[0]!.execute({}, ctx).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "docs__search: calling MCP server 'docs' failed: it answered HTTP 403 (it wants credentials, or refused those sent: send them in headers, from a runner variable, such as Authorization: Bearer ${env.TOKEN})",
    );
    expect(error).toMatchObject({ transient: false, effectUnknown: false });
  });

  it('says a redirect to another host was not followed, and what to do, in the plan’s words rather than the SDK’s', async () => {
    const server = createServer((_request, response) => void response.writeHead(307, { location: 'http://other.invalid/mcp' }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      await new Promise((resolve) => server.close(resolve));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const error = await connectMcpServers({ docs: { url, headers: { 'X-Api-Key': 'k' } } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      "MCP server 'docs' failed to start: it answered HTTP 307: Redirect to http://other.invalid/mcp not followed; plan-runner follows a server's redirects only within its origin: set the url to where it leads. Check mcp_servers.docs in the plan.",
    );
  });
});

// Found by an adversarial pass: the SDK's timeout held `initialize` only, and the `notifications/initialized` POST
// after it waited as long as the server let it: undici's 300 s for no answer, for good for an error body sent a byte
// at a time, past the server's start_timeout_seconds and the run's own limits.
describe('an HTTP MCP server that answers initialize and then never answers the notification after it', () => {
  /** A server that answers requests at once, and each notification with `stall` (its intervals are cleared after the test). */
  async function stalling(stall: (response: ServerResponse, intervals: NodeJS.Timeout[]) => void): Promise<string> {
    const intervals: NodeJS.Timeout[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const message = JSON.parse(body) as { id?: number; params?: { protocolVersion?: string } };
        if (message.id === undefined) return stall(response, intervals);
        const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'mute', version: '1' } };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      for (const interval of intervals) clearInterval(interval);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  }
  const expected =
    "MCP server 'mute' failed to start: it did not answer within 0.5 s of starting (mcp_servers.mute.start_timeout_seconds; timeout_seconds limits each tool call, not these); its url must be an MCP server (streamable HTTP) that answers in that time. Check mcp_servers.mute in the plan.";

  it('fails the start at its start_timeout_seconds when no answer comes', async () => {
    const url = await stalling(() => undefined);
    const error = await connectMcpServers({ mute: { url, start_timeout_seconds: 0.5 } }, { signal: new AbortController().signal, env: {} }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(expected);
  }, 15_000);

  it('fails the start at its start_timeout_seconds when the refusal’s body comes a byte at a time', async () => {
    const url = await stalling((response, intervals) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      intervals.push(setInterval(() => response.write('.'), 100));
    });
    const error = await connectMcpServers({ mute: { url, start_timeout_seconds: 0.5 } }, { signal: new AbortController().signal, env: {} }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(expected);
  }, 15_000);
});

// Found by an adversarial pass: a call an HTTP server refused with 429 or 503 and a `retry-after` was retried with the
// step's backoff alone (1 s, 2 s), as if the server had named no wait: all of its attempts went within the time the
// server asked to be left alone, where an `http` tool's and a model call's `retry-after` is honoured.
describe('an HTTP MCP server that refuses a call for now and says how long to wait', () => {
  it('fails the call with that wait, for the step’s retry to honour', async () => {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        // The client's GET for a stream of its own and its DELETE at close carry no message: a stateless server takes neither.
        if (request.method !== 'POST') return void response.writeHead(405).end();
        const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
        if (message.method === 'tools/call') return void response.writeHead(429, { 'retry-after': '20' }).end();
        if (message.id === undefined) return void response.writeHead(202).end();
        const json = (result: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
        if (message.method === 'initialize') return json({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'docs', version: '1' } });
        return json({ tools: [{ name: 'search', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const connection = await connectMcpServers({ docs: { url } }, { signal: new AbortController().signal, env: {}, timeoutMs: 5_000 });
    onTestFinished(() => connection.close());
    const error = await connection.tools[0]!.execute({}, ctx).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ transient: true, retryAfterMs: 20_000 });
  });
});
