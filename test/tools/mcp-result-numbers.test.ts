import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { answerKeepingNumbers } from '../../src/tools/mcp/exact-numbers-body.ts';

const serve = JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../fixtures/mcp/serve-stdio.mjs')).href);

/** The input schema the servers below list, with bounds JSON.parse reads as doubles (2 ** 63, 2 ** 64). */
const BOUNDED = '{"type":"object","properties":{"n":{"type":"integer","minimum":-9223372036854775808,"maximum":18446744073709551615}}}';

/** A stdio server whose one tool (its input schema `schema`, JSON text) answers with structured content whose numbers are written as `numbers` gives them. */
async function toolAnsweringNumbers(numbers: Record<string, string>, schema = '{"type":"object"}') {
  // JSON.rawJSON writes a number (or other primitive) as given: the schema's numbers as written.
  const script = `import { serveStdio } from ${serve}; serveStdio({ name: 's', listTools: () => ({ tools: [{ name: 'go', inputSchema: JSON.parse(${JSON.stringify(schema)}, (key, value, context) => typeof value === 'number' ? JSON.rawJSON(context.source) : value) }] }), callTool: () => ({ content: [], structuredContent: Object.fromEntries(Object.entries(${JSON.stringify(numbers)}).map(([key, json]) => [key, JSON.rawJSON(json)])) }) });`;
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

  // Found by an adversarial pass: the whole message was read so, and a listed schema's `maximum` became a string, no
  // JSON Schema a model endpoint takes in a tool's parameters.
  it('leaves the numbers of the tool’s input schema numbers', async () => {
    const go = await toolAnsweringNumbers({ id: '9007199254740993' }, BOUNDED);
    expect(go.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer', minimum: -(2 ** 63), maximum: 2 ** 64 } } });
    const result = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' });
    expect(result).toEqual({ id: '9007199254740993' });
  });
});

/** An MCP server over HTTP whose tool answers with structured content written as `raw` (JSON text), as JSON or as an event stream. */
async function httpToolAnswering(raw: string, as: 'json' | 'events' | 'lines', schema = '{"type":"object"}') {
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
            ? `{"tools":[{"name":"go","inputSchema":${schema}}]}`
            : `{"content":[],"structuredContent":${raw}}`;
      const text = `{"jsonrpc":"2.0","id":${message.id},"result":${result}}`;
      if (as === 'json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(text);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      // The message written over two data lines, which the reader joins with a line end.
      if (as === 'lines') return void response.end(`event: message\r\ndata: ${text.replace('"structuredContent"', '\r\ndata: "structuredContent"')}\r\n\r\n`);
      // An event stream sent in pieces that split the data line.
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

  // Found by an adversarial pass: each data line was read alone, and a message over two was not read at all.
  it('keeps such a number in a message an event writes over two data lines', async () => {
    const go = await httpToolAnswering('{"id":9007199254740993,"n":12}', 'lines');
    const result = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' });
    expect(result).toEqual({ id: '9007199254740993', n: 12 });
  });

  it.each(['json', 'events'] as const)('leaves the numbers of the tool’s input schema numbers, answered as %s', async (as) => {
    const go = await httpToolAnswering('{"id":9007199254740993}', as, BOUNDED);
    expect(go.inputSchema).toEqual({ type: 'object', properties: { n: { type: 'integer', minimum: -(2 ** 63), maximum: 2 ** 64 } } });
    const result = await go.execute({}, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' });
    expect(result).toEqual({ id: '9007199254740993' });
  });
});


/** `answerKeepingNumbers`' event stream, given `text` in chunks cut at the byte offsets `cuts`, read whole. */
async function eventsRead(text: string, cuts: readonly number[]): Promise<string> {
  const bytes = Buffer.from(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      [0, ...cuts].forEach((from, index) => controller.enqueue(bytes.subarray(from, cuts[index] ?? bytes.length)));
      controller.close();
    },
  });
  return (await answerKeepingNumbers(new Response(body, { headers: { 'content-type': 'text/event-stream' } }))).text();
}

describe('an HTTP MCP server’s event stream', () => {
  it('keeps a tool’s number in events whose lines end in \\r, cut between \\r and \\n and inside a character', async () => {
    const message = '{"jsonrpc":"2.0","id":1,"result":{"content":[],"structuredContent":{"name":"é","id":9007199254740993}}}';
    const text = `event: message\r\ndata: ${message.slice(0, 46)}\rdata: ${message.slice(46)}\r\r: end\n\n`;
    const read = await eventsRead(text, [text.indexOf('\n'), Buffer.byteLength(text.slice(0, text.indexOf('é'))) + 1]);
    expect(read).toBe(`event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[],"structuredContent":{"name":"é","id":"9007199254740993"}}}\n\n: end\n\n`);
  });
});
