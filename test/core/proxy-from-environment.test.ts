// A runner that reaches the internet only through a proxy: every request plan-runner makes with Node's fetch (the
// model endpoint, the http tools, MCP servers over HTTP) goes through the proxy its variables name, as GitHub
// requests do, and `no_proxy` is read the same way. The proxy is a local one that records what it is asked.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { globalDispatcher, sendFetchThroughProxy } from '../../src/core/proxy-from-environment.ts';
import { createModelClient } from '../../src/llm/create-model-client.ts';
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';
import { cliBundle, runCli } from '../helpers/run-cli.ts';

interface RecordingProxy {
  readonly url: string;
  /** Each request line it was sent (`CONNECT host:80`, `GET http://host/path`), in order. */
  readonly seen: string[];
  readonly authorizations: string[];
  close(): Promise<void>;
}

/** A forward proxy that takes every request, whatever its host, to `upstreamPort` on this machine: CONNECT as a tunnel (as undici asks for http URLs too), or a plain request forwarded. */
async function startProxy(upstreamPort: number): Promise<RecordingProxy> {
  const seen: string[] = [];
  const authorizations: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    authorizations.push(req.headers['proxy-authorization'] ?? '');
    const target = new URL(req.url ?? '/', 'http://unused');
    const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: target.pathname + target.search, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    authorizations.push(req.headers['proxy-authorization'] ?? '');
    const upstream = connect(upstreamPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).on('error', () => socket.destroy());
      socket.pipe(upstream).on('error', () => upstream.destroy());
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    authorizations,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let chat: ChatServer | undefined;
let proxy: RecordingProxy | undefined;
let restore: (() => void) | undefined;

afterEach(async () => {
  restore?.();
  restore = undefined;
  await proxy?.close();
  await chat?.close();
  proxy = undefined;
  chat = undefined;
});

// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(cliBundle, 600_000);

describe('plan-runner run on a runner behind a proxy', () => {
  it('sends the model calls through the proxy http_proxy names, its password nowhere in what the run writes', async () => {
    chat = await startChatServer(() => textAnswer('42'));
    proxy = await startProxy(Number(new URL(chat.baseURL).port));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-proxy-'));
    writeFileSync(path.join(dir, 'plan.yml'), 'name: Proxied\nlimits: { max_replans: 0 }\nworkflow_sequence:\n  - id: think\n    type: reasoning\n    description: Say a number\n');
    const password = 'pr0xy-pa55word-7Qz';
    const withCredentials = proxy.url.replace('http://', `http://build:${password}@`);
    const run = await runCli(['run', 'plan.yml', '--base-url', 'http://model.invalid/v1', '--model', 'gpt-test', '--trace', 'trace.jsonl', '--summary', 'summary.md'], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test', http_proxy: withCredentials, no_proxy: '' },
    });
    const result = { out: `${run.stdout}${run.stderr}` };
    expect(result.out).toContain('status: succeeded');
    expect(proxy.seen).toEqual(['CONNECT model.invalid:80']);
    expect(proxy.authorizations).toEqual([`Basic ${Buffer.from(`build:${password}`).toString('base64')}`]);
    for (const text of [result.out, readFileSync(path.join(dir, 'trace.jsonl'), 'utf8'), readFileSync(path.join(dir, 'summary.md'), 'utf8')]) expect(text).not.toContain(password);
  });
});

describe('sendFetchThroughProxy', () => {
  async function fetchedThrough(url: string): Promise<boolean> {
    const before = proxy!.seen.length;
    await (await fetch(url)).text();
    return proxy!.seen.length > before;
  }

  it('reads no_proxy as GitHub requests do: domains, ports, and this machine’s own names never through the proxy', async () => {
    chat = await startChatServer(() => textAnswer('42'));
    const port = Number(new URL(chat.baseURL).port);
    proxy = await startProxy(port);
    ({ restore } = sendFetchThroughProxy({ http_proxy: proxy.url, no_proxy: '.skip.invalid, other.invalid:8080' }));
    expect(await fetchedThrough('http://model.invalid/v1/models')).toBe(true);
    expect(await fetchedThrough('http://other.invalid/v1/models')).toBe(true);
    expect(await fetchedThrough(`http://127.0.0.1:${port}/v1/models`)).toBe(false);
    expect(await fetchedThrough(`http://localhost:${port}/v1/models`)).toBe(false);
    await expect(fetch('http://api.skip.invalid/v1/models')).rejects.toThrow('fetch failed');
    expect(proxy.seen).toEqual(['CONNECT model.invalid:80', 'CONNECT other.invalid:80']);
  });

  // A model request allowed more than undici's 300 s is sent through a dispatcher that raises undici's waits
  // (`longWaitFetch`): it must still be the proxy's.
  it('sends a model request that may wait past undici’s 300 s through the proxy too', async () => {
    chat = await startChatServer(() => textAnswer('42'));
    proxy = await startProxy(Number(new URL(chat.baseURL).port));
    ({ restore } = sendFetchThroughProxy({ http_proxy: proxy.url }));
    const client = createModelClient({ baseURL: 'http://model.invalid/v1', apiKey: 'sk-test', timeoutSeconds: 600 })!;
    const answer = await client.complete({ model: 'm', messages: [{ role: 'user', content: 'a number' }] }, { purpose: 'step:think' });
    expect(answer.choices[0]?.message.content).toBe('42');
    expect(proxy.seen).toEqual(['CONNECT model.invalid:80']);
    // The tunnel's socket, kept alive, held the proxy's close for seconds.
    await globalDispatcher()!.destroy();
  });

  it('sends what GitHub requests send direct, direct: every 127.x address, and an https URL when only http_proxy is set', async () => {
    chat = await startChatServer(() => textAnswer('42'));
    const port = Number(new URL(chat.baseURL).port);
    proxy = await startProxy(port);
    ({ restore } = sendFetchThroughProxy({ http_proxy: proxy.url }));
    // Direct, nothing listens there (the chat server is on 127.0.0.1 alone): through the proxy, the chat server would answer.
    await expect(fetch(`http://127.0.0.2:${port}/v1/models`)).rejects.toThrow('fetch failed');
    await expect(fetch('https://model.invalid/v1/models')).rejects.toThrow('fetch failed');
    expect(await fetchedThrough('http://model.invalid/v1/models')).toBe(true);
    expect(proxy.seen).toEqual(['CONNECT model.invalid:80']);
  });

  it('sends nothing through a proxy when no_proxy has *, and says so of a proxy it cannot use without showing its value', async () => {
    chat = await startChatServer(() => textAnswer('42'));
    proxy = await startProxy(Number(new URL(chat.baseURL).port));
    ({ restore } = sendFetchThroughProxy({ HTTP_PROXY: proxy.url, NO_PROXY: 'internal.invalid,*' }));
    await expect(fetch('http://model.invalid/v1/models')).rejects.toThrow('fetch failed');
    expect(proxy.seen).toEqual([]);
    const refused = sendFetchThroughProxy({ https_proxy: 'socks5://user:s3cret-value@proxy.invalid:1080' });
    expect(refused.warning).toBe('https_proxy (or HTTPS_PROXY) is not an http:// or https:// proxy URL, so requests to the model endpoint, the http tools and MCP servers do not go through a proxy; set it to http://host:port');
  });
});
