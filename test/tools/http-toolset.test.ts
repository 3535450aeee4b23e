import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAllowed } from '../../src/tools/http/fetch-allowed.ts';
import { HttpConfig } from '../../src/tools/http/http-config.ts';
import { HttpStatusError } from '../../src/tools/http/http-status-error.ts';
import { httpToolset, type HttpToolResult } from '../../src/tools/http/http-toolset.ts';
import { HttpTransportError } from '../../src/tools/http/http-transport-error.ts';
import { UrlNotAllowedError } from '../../src/tools/http/url-not-allowed-error.ts';
import { resolveRetryPolicy, retryDelayMs } from '../../src/run/retry-policy.ts';
import { refusalReason } from '../../src/security/url-allow-list.ts';
import { isEffectUnknown } from '../../src/core/step-error.ts';
import type { Tool, ToolContext } from '../../src/tools/tool.ts';
import { dispatchedOptions } from '../helpers/dispatched-options.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let origin: string;
let received: string[];
let handler: Handler;

function tools(options: { timeoutSeconds?: number; maxResponseBytes?: number; allow?: string[] } = {}): Map<string, Tool> {
  return new Map(httpToolset({ allow: [`${origin}/v1/`], ...options }).map((tool) => [tool.name, tool]));
}

/** A second local server, another origin (another port), for `use`; it is closed afterwards. */
async function withOtherOrigin(handle: (request: IncomingMessage, response: ServerResponse) => void, use: (otherOrigin: string) => Promise<void>): Promise<void> {
  const other = createServer(handle);
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await use(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
}

function ctx(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { signal, cwd: process.cwd(), stepKey: 'test' };
}

async function get(url: string, options: { timeoutSeconds?: number; maxResponseBytes?: number } = {}): Promise<HttpToolResult> {
  return (await tools(options).get('http_get')?.execute({ url }, ctx())) as HttpToolResult;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(`${request.method} ${request.url}`);
      handler(request, response, Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  handler = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  };
});

describe('the allow list', () => {
  const allow = ['https://api.example.com/v1/'];
  it.each([
    ['a host that merely starts with the allowed one', 'https://api.example.com.evil.com/v1/x'],
    ['a dot-dot path that leaves the prefix', 'https://api.example.com/v1/../admin'],
    ['an encoded dot-dot path', 'https://api.example.com/v1/%2e%2e/admin'],
    ['a backslash dot-dot path', 'https://api.example.com/v1\\..\\admin'],
    ['a path that shares only letters with the prefix', 'https://api.example.com/v1admin'],
    ['credentials in the URL', 'https://user:pw@api.example.com/v1/x'],
    ['an allowed-looking userinfo before another host', 'https://api.example.com:443@evil.com/v1/x'],
    ['another scheme', 'http://api.example.com/v1/x'],
    ['another port', 'https://api.example.com:8443/v1/x'],
    ['a file URL', 'file:///etc/passwd'],
    // Left encoded by URL parsing; a server that decodes before routing would leave the prefix.
    ['an encoded slash after a dot-dot', 'https://api.example.com/v1/..%2Fadmin'],
    ['an encoded dot-dot-slash', 'https://api.example.com/v1/%2e%2e%2fadmin'],
    ['an encoded backslash', 'https://api.example.com/v1/..%5cadmin'],
    // Found by a review: read as ../ by servers that drop `;…` or decode twice.
    ['a dot-dot with a path parameter', 'https://api.example.com/v1/public/..;/admin'],
    ['a dot with a path parameter', 'https://api.example.com/v1/.;x/x'],
    ['a doubly encoded dot-dot-slash', 'https://api.example.com/v1/%252e%252e%252fadmin'],
    // Found by a review: Spring decodes `%3b` before it drops `;…`.
    ['a dot-dot with an encoded path parameter', 'https://api.example.com/v1/public/..%3b/admin'],
    ['a dot-dot with an upper-case encoded path parameter', 'https://api.example.com/v1/public/..%3B/admin'],
    ['a dot-dot with a doubly encoded path parameter', 'https://api.example.com/v1/public/..%253b/admin'],
    // Found by an adversarial pass: Apache's mod_rewrite decodes `%3F` into a `?` that ends the path it proxies to (CVE-2024-38474).
    ['a dot-dot ended by an encoded question mark', 'https://api.example.com/v1/..%3F'],
    ['a dot-dot ended by an encoded hash', 'https://api.example.com/v1/..%23/x'],
    ['a dot-dot ended by a doubly encoded question mark', 'https://api.example.com/v1/..%253f'],
    // Found by an adversarial pass: the hex digits of the second escape encoded too; each decodes to `../` twice decoded.
    ['a dot-dot-slash whose escapes have encoded hex digits', 'https://api.example.com/v1/%25%32%65%25%32%65%25%32%66admin'],
    ['a dot-dot-slash with some hex digits encoded', 'https://api.example.com/v1/%25%32e%25%32e%25%32fadmin'],
    ['a dot-dot with the second hex digit encoded', 'https://api.example.com/v1/public/%252%65%252%65/admin'],
    ['a dot-dot-slash encoded three times', 'https://api.example.com/v1/%25252e%25252e%25252fadmin'],
    ['a dot-dot with a parameter whose escape has encoded hex digits', 'https://api.example.com/v1/public/..%25%33%62/admin'],
    // Found by an adversarial pass: read as `..` or `/` by some decoders.
    ['an IIS %u escape of dot-dot', 'https://api.example.com/v1/%u002e%u002e/a'],
    ['an overlong UTF-8 dot-dot', 'https://api.example.com/v1/%c0%ae%c0%ae/a'],
    // Found by an adversarial pass: the three- and four-byte overlong forms the same lenient decoders read (IIS's `%e0%80%af`).
    ['a three-byte overlong UTF-8 dot-dot', 'https://api.example.com/v1/%e0%80%ae%e0%80%ae/a'],
    ['a three-byte overlong UTF-8 slash', 'https://api.example.com/v1/..%E0%80%AFadmin'],
    ['a four-byte overlong UTF-8 dot-dot', 'https://api.example.com/v1/%f0%80%80%ae%f0%80%80%ae/a'],
    ['a five-byte overlong UTF-8 slash', 'https://api.example.com/v1/..%f8%80%80%80%afadmin'],
    ['a dot-dot with a NUL', 'https://api.example.com/v1/..%00/a'],
    ['a dot-dot with a tab', 'https://api.example.com/v1/..%09/a'],
    ['a full-width dot-dot', 'https://api.example.com/v1/%ef%bc%8e%ef%bc%8e/a'],
    ['a full-width dot-dot, unescaped', 'https://api.example.com/v1/\uff0e\uff0e/a'],
    ['a full-width solidus', 'https://api.example.com/v1/..%ef%bc%8fadmin'],
  ])('refuses %s', (_label, raw) => {
    expect(refusalReason(new URL(raw), allow)).toBeDefined();
  });

  it.each([
    ['a URL under the prefix', 'https://api.example.com/v1/users?page=2'],
    ['the prefix itself', 'https://api.example.com/v1/'],
    ['an upper-case host and the default port', 'https://API.example.com:443/v1/x'],
    ['a path parameter on an ordinary segment', 'https://api.example.com/v1/items;v=2/x'],
    ['an encoded percent sign', 'https://api.example.com/v1/pages/100%25%20done'],
    ['an encoded percent sign before hex digits that are no separator', 'https://api.example.com/v1/pages/%2541%2520x'],
    ['a file name with dots', 'https://api.example.com/v1/files/report.v2..final.txt'],
    ['an encoded question mark in an ordinary segment', 'https://api.example.com/v1/search/why%3F'],
    ['a path of non-ASCII words', 'https://api.example.com/v1/caf%C3%A9/%E6%97%A5%E6%9C%AC'],
    ['three- and four-byte characters whose first bytes also start overlong forms', 'https://api.example.com/v1/%E0%A4%85/%F0%9F%98%80'],
    ['a Latin-1 escape of a letter that is no UTF-8 lead (ü, ø, ÿ)', 'https://api.example.com/v1/cities/d%FCsseldorf/tr%F8ndelag/%FF'],
  ])('accepts %s', (_label, raw) => {
    expect(refusalReason(new URL(raw), allow)).toBeUndefined();
  });

  it('treats a prefix without a trailing slash as a whole segment', () => {
    expect(refusalReason(new URL('https://api.example.com/v1/x'), ['https://api.example.com/v1'])).toBeUndefined();
    expect(refusalReason(new URL('https://api.example.com/v10'), ['https://api.example.com/v1'])).toBeDefined();
  });

  it('rejects allow entries with credentials, queries or other schemes in the plan', () => {
    expect(HttpConfig.safeParse({ allow: ['https://api.example.com/v1/'] }).success).toBe(true);
    for (const bad of ['https://u:p@api.example.com/', 'https://api.example.com/?q=1', 'ftp://api.example.com/']) {
      expect(HttpConfig.safeParse({ allow: [bad] }).success, bad).toBe(false);
    }
  });
});

describe('http_get against a local server', () => {
  it('returns status, final URL, content type and body for an allowed URL', async () => {
    const result = await get(`${origin}/v1/things`);
    expect(result).toEqual({ status: 200, url: `${origin}/v1/things`, content_type: 'application/json', body: '{"ok":true}' });
    expect(received).toEqual(['GET /v1/things']);
  });

  it.each([
    ['outside the prefix', (o: string) => `${o}/admin`],
    ['a dot-dot escape', (o: string) => `${o}/v1/../admin`],
    ['userinfo', (o: string) => o.replace('http://', 'http://user:secret@') + '/v1/x'],
    ['a host suffix', (o: string) => o.replace('127.0.0.1', '127.0.0.1.nip.io') + '/v1/x'],
  ])('refuses a URL %s before sending anything', async (_label, build) => {
    await expect(get(build(origin))).rejects.toBeInstanceOf(UrlNotAllowedError);
    expect(received).toEqual([]);
  });

  it('follows a redirect that stays inside the allow list', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/old') response.writeHead(302, { location: '/v1/new' }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('moved here');
    };
    const result = await get(`${origin}/v1/old`);
    expect(result.body).toBe('moved here');
    expect(result.url).toBe(`${origin}/v1/new`);
  });

  // A release download redirects to a presigned link: its signature, the server's credential for the link, reached the
  // step's result, so the PR comment, the summary and the trace, as errors no longer show it (found by an adversarial pass).
  it('names the URL a redirect led to without its query, and the URL asked for as it was asked', async () => {
    const signed = '/v1/assets/1?X-Amz-Signature=8f2b1c7e9d3a4b5c6d7e8f9a0b1c2d3e&X-Amz-Expires=300';
    handler = (request, response) => {
      if (request.url === '/v1/download') response.writeHead(302, { location: signed }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('asset');
    };
    const result = await get(`${origin}/v1/download`);
    expect(result).toMatchObject({ status: 200, url: `${origin}/v1/assets/1?…`, body: 'asset' });
    expect(received).toEqual(['GET /v1/download', `GET ${signed}`]);
    expect((await get(`${origin}/v1/search?q=plan&page=2`)).url).toBe(`${origin}/v1/search?q=plan&page=2`);
  });

  it('refuses a redirect to a URL outside the allow list without requesting it', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/go') response.writeHead(302, { location: `${origin}/admin/secrets` }).end();
      else response.writeHead(200).end('should not be fetched');
    };
    const error = await get(`${origin}/v1/go`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UrlNotAllowedError);
    expect((error as Error).message).toContain(`redirected from ${origin}/v1/go`);
    expect(received).toEqual(['GET /v1/go']);
  });

  // A POST that creates something often answers 303 to what it made: refused there, the call counted as one
  // that took no effect, and a replan or a resumed run posted it again (found by an adversarial pass).
  it('leaves the effect of a POST unknown when its answer redirects where the tools may not go, not when nothing was sent', async () => {
    handler = (request, response) => response.writeHead(303, { location: `${origin}/admin/orders/7` }).end();
    const post = tools().get('http_post')!;
    const redirected = await post.execute({ url: `${origin}/v1/orders`, body: { item: 'x' } }, ctx()).catch((caught: unknown) => caught);
    expect(redirected).toBeInstanceOf(UrlNotAllowedError);
    expect(received).toEqual(['POST /v1/orders']);
    expect(isEffectUnknown(redirected)).toBe(true);
    const refused = await post.execute({ url: `${origin}/admin/orders`, body: { item: 'x' } }, ctx()).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(UrlNotAllowedError);
    expect(received).toEqual(['POST /v1/orders']);
    expect(isEffectUnknown(refused)).toBe(false);
  });

  it('sends a redirect to another allowed origin none of the headers that may carry a credential', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const own: Array<Record<string, string | string[] | undefined>> = [];
    const landing = (request: IncomingMessage, response: ServerResponse) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('other host');
    };
    await withOtherOrigin(landing, async (otherOrigin) => {
      handler = (request, response) => {
        own.push(request.headers);
        if (request.url === '/v1/same') response.writeHead(307, { location: '/v1/cross' }).end();
        else response.writeHead(302, { location: `${otherOrigin}/v1/landing` }).end();
      };
      const sent = { Authorization: 'Bearer sk-one', 'X-Api-Key': 'key-two', 'Private-Token': 'three', Accept: 'text/plain', 'X-Trace': 'four' };
      const http = tools({ allow: [`${origin}/v1/`, `${otherOrigin}/v1/`] });
      const result = (await http.get('http_get')?.execute({ url: `${origin}/v1/same`, headers: sent }, ctx())) as HttpToolResult;
      expect(result).toMatchObject({ url: `${otherOrigin}/v1/landing`, body: 'other host' });
      // The same origin, through a redirect of its own, got them all.
      expect(received).toEqual(['GET /v1/same', 'GET /v1/cross']);
      expect(own[1]).toMatchObject({ authorization: 'Bearer sk-one', 'x-api-key': 'key-two', 'private-token': 'three', 'x-trace': 'four' });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ accept: 'text/plain' });
      for (const name of ['authorization', 'x-api-key', 'private-token', 'x-trace']) expect(seen[0], name).not.toHaveProperty(name);
    });
  });

  it('keeps the headers on a redirect within the origin, and drops the body and its headers when a POST turns into a GET', async () => {
    const heads: Array<Record<string, string | string[] | undefined>> = [];
    handler = (request, response, body) => {
      heads.push({ ...request.headers, body });
      if (request.url === '/v1/post') response.writeHead(303, { location: '/v1/result' }).end();
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    };
    const http = tools();
    await http.get('http_post')?.execute({ url: `${origin}/v1/post`, body: { a: 1 }, headers: { Authorization: 'Bearer sk-one', 'Content-Language': 'en' } }, ctx());
    expect(received).toEqual(['POST /v1/post', 'GET /v1/result']);
    expect(heads[0]).toMatchObject({ authorization: 'Bearer sk-one', 'content-type': 'application/json', 'content-language': 'en', body: '{"a":1}' });
    expect(heads[1]).toMatchObject({ authorization: 'Bearer sk-one', body: '' });
    for (const name of ['content-type', 'content-language']) expect(heads[1], name).not.toHaveProperty(name);
  });

  it('refuses a 307 that would send a POST body to another allowed origin, without sending it there', async () => {
    const seen: string[] = [];
    const sink = (request: IncomingMessage, response: ServerResponse) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(200).end('took it');
    };
    await withOtherOrigin(sink, async (otherOrigin) => {
      handler = (_request, response) => response.writeHead(307, { location: `${otherOrigin}/v1/sink` }).end();
      const http = tools({ allow: [`${origin}/v1/`, `${otherOrigin}/v1/`] });
      const error = await http.get('http_post')?.execute({ url: `${origin}/v1/token`, body: 'client_secret=S3CRET' }, ctx()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UrlNotAllowedError);
      expect((error as Error).message).toContain('would send the request body again to another origin');
      expect((error as Error).message).not.toContain('http.allow');
      expect(received).toEqual(['POST /v1/token']);
      expect(seen).toEqual([]);
    });
  });

  // Found by an adversarial pass: a download that redirects to a presigned link (a blob store's `?sig=…`) outside the
  // allow list, or whose link had expired (403), put the link's signature in the error, and so in the PR comment.
  it('names a URL in its errors without its query or credentials, which may hold a signature or a token', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/download') response.writeHead(302, { location: `${origin}/blob/a.zip?se=2026&sig=SIGNATURE123` }).end();
      else if (request.url === '/v1/expired') response.writeHead(302, { location: '/v1/blob/a.zip?sig=SIGNATURE456' }).end();
      else response.writeHead(403).end('expired');
    };
    const refused = await get(`${origin}/v1/download`).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(UrlNotAllowedError);
    expect((refused as Error).message).toContain(`refused ${origin}/blob/a.zip?… (redirected from ${origin}/v1/download)`);
    const expired = await get(`${origin}/v1/expired`).catch((caught: unknown) => caught);
    expect(expired).toBeInstanceOf(HttpStatusError);
    expect((expired as Error).message).toContain(`${origin}/v1/blob/a.zip?… (redirected from ${origin}/v1/expired) answered HTTP 403`);
    const credentials = await get(`${origin.replace('http://', 'http://user:pa55word@')}/v1/x`).catch((caught: unknown) => caught);
    expect((credentials as Error).message).toContain(`refused ${origin.replace('http://', 'http://***@')}/v1/x: URLs may not carry credentials`);
    for (const error of [refused, expired, credentials]) expect((error as Error).message).not.toMatch(/SIGNATURE|pa55word/);
  });

  // Found by an adversarial pass: a URL that is no URL (a space in its host, a broken Location) was named as it came,
  // its password with it, and whole: a 100,000-character URL from a model was the step's error.
  it('names a URL that is no URL without its credentials, and cut', async () => {
    const spaced = await get('https://deploy:hunter2pass@exa mple.com/v1/x').catch((caught: unknown) => caught);
    expect(spaced).toBeInstanceOf(UrlNotAllowedError);
    expect((spaced as Error).message).toContain('refused https://***@exa mple.com/v1/x: it is not an absolute URL');
    handler = (_request, response) => response.writeHead(302, { location: 'http://bot:hunter2pass@[::1/v1/y' }).end();
    const broken = await get(`${origin}/v1/go`).catch((caught: unknown) => caught);
    expect((broken as Error).message).toContain('refused http://***@[::1/v1/y (redirected from');
    const long = await get(`https://exa mple.com/${'a'.repeat(100_000)}`).catch((caught: unknown) => caught);
    expect((long as Error).message.length).toBeLessThan(1_000);
    for (const error of [spaced, broken]) expect((error as Error).message).not.toContain('hunter2pass');
  });

  it('refuses a redirect to another host', async () => {
    handler = (_request, response) => response.writeHead(301, { location: 'http://localhost:1/v1/x' }).end();
    await expect(get(`${origin}/v1/go`)).rejects.toThrow(/refused http:\/\/localhost:1\/v1\/x/);
  });

  it('cuts a large response at the cap and says so', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let index = 0; index < 48; index++) response.write('y'.repeat(64 * 1024));
      response.end();
    };
    const result = await get(`${origin}/v1/big`, { maxResponseBytes: 1024 * 1024 });
    expect(result.body.startsWith('[cut: response is larger than 1 MiB; showing the first 1 MiB]\n')).toBe(true);
    expect(result.body.length).toBe('[cut: response is larger than 1 MiB; showing the first 1 MiB]\n'.length + 1024 * 1024 + 1);
    expect(result.body.endsWith('y…')).toBe(true);
  });

  it('does not take a compressed body’s content-length for its size when it cuts it', async () => {
    // 4,096 characters drawn by a fixed generator, then 1 MiB of one: about 3.5 KiB gzipped, 1 MiB and more as read.
    let seed = 1;
    const drawn = Array.from({ length: 4096 }, () => String.fromCharCode(33 + ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 94)));
    const text = drawn.join('') + 'y'.repeat(1024 * 1024);
    const gzipped = gzipSync(text);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': gzipped.byteLength });
      response.end(gzipped);
    };
    expect(gzipped.byteLength).toBeGreaterThan(2048);
    const result = await get(`${origin}/v1/big`, { maxResponseBytes: 2048 });
    expect(result.body.split('\n', 1)[0]).toBe('[cut: response is larger than 2 KiB; showing the first 2 KiB]');
  });

  it('reads a body in the charset its content type names, not always as UTF-8', async () => {
    const bodies: Record<string, [string, Buffer]> = {
      '/v1/latin': ['text/plain; charset=ISO-8859-1', Buffer.from('café', 'latin1')],
      '/v1/sjis': ['text/plain; charset="Shift_JIS"', Buffer.from([0x82, 0xa0])],
      '/v1/utf16': ['application/json;charset=utf-16le', Buffer.from('{"a":"é"}', 'utf16le')],
      '/v1/unknown': ['text/plain; charset=no-such-charset', Buffer.from('café', 'utf8')],
    };
    handler = (request, response) => {
      const [type, body] = bodies[request.url ?? ''] ?? ['text/plain', Buffer.alloc(0)];
      response.writeHead(200, { 'content-type': type }).end(body);
    };
    expect((await get(`${origin}/v1/latin`)).body).toBe('café');
    expect((await get(`${origin}/v1/sjis`)).body).toBe('あ');
    expect((await get(`${origin}/v1/utf16`)).body).toBe('{"a":"é"}');
    expect((await get(`${origin}/v1/unknown`)).body).toBe('café');
  });

  // An image or an archive read as UTF-8 reached the model, the trace and the reports as a megabyte of `\uFFFD`s and NULs.
  it('says a binary body is binary instead of returning its bytes as text, and reads a body as its byte order mark says', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    handler = (request, response) => {
      if (request.url === '/v1/logo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (request.url === '/v1/big.zip') response.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.concat([png, Buffer.alloc(4096)]));
      else response.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Passed', 'utf16le')]));
    };
    await expect(get(`${origin}/v1/logo.png`)).resolves.toMatchObject({ status: 200, content_type: 'image/png', body: '[binary body: the response is 16 B; not shown]' });
    expect((await get(`${origin}/v1/big.zip`, { maxResponseBytes: 2048 })).body).toBe('[binary body: the response is larger than 2 KiB; not shown]');
    expect((await get(`${origin}/v1/status.txt`)).body).toBe('Passed');
  });

  it('reports 503 as transient with the server’s retry-after', async () => {
    handler = (_request, response) => response.writeHead(503, { 'retry-after': '7' }).end('maintenance');
    const error = await get(`${origin}/v1/x`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 503, transient: true, retryAfterMs: 7000 });
    expect((error as Error).message).toContain('maintenance');
  });

  // Found by a hunt of retries: a wait over 10 minutes was dropped as none asked, and the retry came at once (600 s waited
  // max_interval, 601 s a second's jitter). The wait is kept, however long; the retry policy holds it to max_interval.
  it('keeps a server’s retry-after longer than ten minutes, which the retry policy then holds to max_interval', async () => {
    handler = (_request, response) => response.writeHead(429, { 'retry-after': '3600' }).end();
    const error = await get(`${origin}/v1/x`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterMs: 3_600_000 });
    expect(retryDelayMs(resolveRetryPolicy(), 1, () => 0.5, (error as HttpStatusError).retryAfterMs)).toBe(30_000);
  });

  // Found by an adversarial pass: an error status whose body could not be read (cut off, or not the gzip it said)
  // was reported as a host that "could not be reached", its status lost: a 404 was retried, a 503 not.
  it('reports an error status as such when its body cannot be read', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/gone') {
        response.writeHead(404, { 'content-length': '100' }).write('not her');
        setImmediate(() => response.socket?.destroy());
      } else {
        response.writeHead(503, { 'content-encoding': 'gzip', 'retry-after': '7' }).end('not gzip');
      }
    };
    await expect(get(`${origin}/v1/gone`)).rejects.toMatchObject({ status: 404, transient: false });
    await expect(get(`${origin}/v1/busy`)).rejects.toMatchObject({ status: 503, transient: true, retryAfterMs: 7000 });
  });

  it('reports 429 and 408 as transient and 404 as permanent', async () => {
    for (const [status, transient] of [[429, true], [408, true], [404, false]] as const) {
      handler = (_request, response) => response.writeHead(status).end();
      await expect(get(`${origin}/v1/x`)).rejects.toMatchObject({ status, transient });
    }
  });

  it('times out a server that never answers, as a transient error', async () => {
    handler = () => undefined;
    const error = await get(`${origin}/v1/slow`, { timeoutSeconds: 0.2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error).toMatchObject({ kind: 'timeout', transient: true });
  });

  // Found by an adversarial pass: a step that asked 10 s of http_get was stopped at http.timeout_seconds (1 s).
  it("waits as long as the step's own timeout says, in place of http.timeout_seconds", async () => {
    handler = (_request, response) => void setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 400);
    const call = tools({ timeoutSeconds: 0.2 }).get('http_get')!.execute({ url: `${origin}/v1/slow` }, { ...ctx(), timeoutMs: 5_000 });
    await expect(call).resolves.toMatchObject({ status: 200, body: 'late' });
  });

  // Found by a review: Node's fetch ends a request at undici's own 300 s for its headers (and each pause of its body),
  // so a step allowed 400 s failed at 300 s as "could not be reached", and was tried again.
  it('is sent with undici’s waits raised past a limit over its 300 s, from the step or from http.timeout_seconds', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const stepLong = await dispatchedOptions(() => tools().get('http_post')!.execute({ url: `${origin}/v1/x`, body: 'b' }, { ...ctx(), timeoutMs: 400_000 }));
    const configLong = await dispatchedOptions(() => get(`${origin}/v1/x`, { timeoutSeconds: 450 }));
    const short = await dispatchedOptions(() => get(`${origin}/v1/x`));
    expect(stepLong.map((options) => [options['headersTimeout'], options['bodyTimeout']])).toEqual([[401_000, 401_000]]);
    expect(configLong.map((options) => options['headersTimeout'])).toEqual([451_000]);
    expect(short).toHaveLength(1);
    expect(short[0]).not.toHaveProperty('headersTimeout');
  });

  // `AbortSignal.timeout` refuses 123.39999999999999 ms: every call of a tool with `timeout_seconds: 0.1234` failed with "delay … must be an integer".
  it('runs with a timeout of a fraction of a second that is no whole number of milliseconds', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    await expect(get(`${origin}/v1/x`, { timeoutSeconds: 1.2345 })).resolves.toMatchObject({ status: 200, body: 'ok' });
  });

  it('reports a refused connection as a transient network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const tool = httpToolset({ allow: [`http://127.0.0.1:${port}/`] })[0] as Tool;
    await expect(tool.execute({ url: `http://127.0.0.1:${port}/x` }, ctx())).rejects.toMatchObject({
      kind: 'network',
      transient: true,
    });
  });

  it('stops when the run is cancelled and does not call it a transient failure', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    const pending = tools().get('http_get')?.execute({ url: `${origin}/v1/slow` }, ctx(controller.signal));
    controller.abort(new Error('run cancelled'));
    await expect(pending).rejects.toThrow('run cancelled');
  });
});

describe('http_post', () => {
  // Found by an adversarial pass: every network failure of a POST counted as one that may have taken effect, so a
  // server that was restarting (connection refused) escalated the run instead of the call being retried.
  it('says a POST that never reached the server was not sent, and one the server dropped after reading it may have been', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const refused = await tools({ allow: [`http://127.0.0.1:${closed}/`] }).get('http_post')!.execute({ url: `http://127.0.0.1:${closed}/v1/orders`, body: { n: 1 } }, ctx()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpTransportError);
    expect(refused).toMatchObject({ message: expect.stringContaining('could not be reached (ECONNREFUSED)'), transient: true, notSent: true });
    let read = '';
    handler = (request, _response, body) => {
      read = body;
      request.socket.destroy();
    };
    const dropped = await tools().get('http_post')!.execute({ url: `${origin}/v1/orders`, body: { n: 1 } }, ctx()).catch((error: unknown) => error);
    expect(read).toBe('{"n":1}');
    expect(dropped).toMatchObject({ transient: true, notSent: false });
  });

  // Found by an adversarial pass: an answer with headers past Node's 16 KiB read "could not be reached … can be
  // retried", and was tried again, though the server had taken the request and would answer the same.
  it('says an answer’s headers were too large, once, and that a POST it answered may have taken effect', async () => {
    let requests = 0;
    handler = (_request, response) => {
      requests += 1;
      response.writeHead(200, { 'x-big': 'a'.repeat(20_000) }).end('ok');
    };
    const error = await tools().get('http_post')!.execute({ url: `${origin}/v1/orders`, body: { n: 1 } }, ctx()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: expect.stringContaining('answered with headers larger than the 16 KiB Node reads'), transient: false, effectUnknown: true });
    expect(requests).toBe(1);
  });

  // Found by an adversarial pass: a body that is not what its content-encoding says (`gzip` on plain text, a corrupt
  // brotli stream) read "could not be reached (body cut off) … can be retried" and was asked again for the same answer.
  it.each(['gzip', 'br', 'zstd'])('says a body that is not the %s its content-encoding names cannot be read, once, and that a POST it answered may have taken effect', async (encoding) => {
    let requests = 0;
    handler = (_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding }).end('plain text, not compressed');
    };
    const error = await tools().get('http_post')!.execute({ url: `${origin}/v1/orders`, body: { n: 1 } }, ctx()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: expect.stringContaining(`is not valid ${encoding}`), transient: false, effectUnknown: true });
    expect((error as Error).message).not.toContain('could not be reached');
    expect(requests).toBe(1);
  });

  // Found by a review: a POST the server took and answered with a redirect (303 to what it made), whose next hop was
  // refused at connect, said "never sent", and the run sent the POST again.
  it('does not say a POST was never sent when a redirect’s next request could not connect', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    handler = (_request, response) => response.writeHead(303, { location: `http://127.0.0.1:${closed}/orders/7` }).end();
    const post = tools({ allow: [`${origin}/v1/`, `http://127.0.0.1:${closed}/`] }).get('http_post')!;
    const error = await post.execute({ url: `${origin}/v1/orders`, body: { n: 1 } }, ctx()).catch((caught: unknown) => caught);
    expect(received).toEqual(['POST /v1/orders']);
    expect(error).toBeInstanceOf(HttpTransportError);
    expect(error).toMatchObject({ message: expect.stringContaining('ECONNREFUSED'), transient: true, notSent: false });
  });

  // Found by an adversarial pass: a POST the server took and answered 303 to what it made, whose next request got an
  // error status (a 404 before the new order could be read, a 401 from another origin the credentials stay behind
  // from), counted as a call that took no effect: an agent was told it failed and posted the order again.
  it('leaves the effect of a POST unknown when the request after its redirect gets an error status, not when the POST itself does', async () => {
    handler = (request, response) => {
      if (request.url === '/v1/orders') response.writeHead(303, { location: '/v1/orders/7' }).end();
      else response.writeHead(404).end('no such order yet');
    };
    const post = tools().get('http_post')!;
    const error = await post.execute({ url: `${origin}/v1/orders`, body: { n: 1 } }, ctx()).catch((caught: unknown) => caught);
    expect(received).toEqual(['POST /v1/orders', 'GET /v1/orders/7']);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 404, transient: false, effectUnknown: true });
    expect((error as Error).message).toContain(`${origin}/v1/orders/7 (redirected from ${origin}/v1/orders) answered HTTP 404`);
    const refused = await post.execute({ url: `${origin}/v1/orders/8`, body: { n: 1 } }, ctx()).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ status: 404, transient: false, effectUnknown: false });
  });

  // Found by a review: EHOSTUNREACH and ENETUNREACH also end a request on a connection already open (a kept-alive
  // socket the POST was written to, the route lost before the answer): only one that failed to connect was never sent.
  it('says a POST was never sent only when its error came from resolving or connecting, every address tried', () => {
    const fetchFailed = (cause: Error) => new TypeError('fetch failed', { cause });
    const socketError = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
    const url = `${origin}/v1/orders`;
    const after = new HttpTransportError('http_post', url, 'network', 'EHOSTUNREACH', fetchFailed(socketError('EHOSTUNREACH', 'read')));
    expect(after).toMatchObject({ transient: true, notSent: false });
    expect(new HttpTransportError('http_post', url, 'network', 'ENETUNREACH', fetchFailed(socketError('ENETUNREACH', 'write')))).toMatchObject({ notSent: false });
    expect(new HttpTransportError('http_post', url, 'network', 'EHOSTUNREACH', fetchFailed(socketError('EHOSTUNREACH', 'connect')))).toMatchObject({ notSent: true });
    expect(new HttpTransportError('http_post', url, 'network', 'EAI_AGAIN', fetchFailed(socketError('EAI_AGAIN', 'getaddrinfo')))).toMatchObject({ notSent: true });
    // Happy eyeballs: every address refused is an AggregateError with the first one's code.
    const everyAddress = Object.assign(new AggregateError([socketError('ECONNREFUSED', 'connect'), socketError('ENETUNREACH', 'connect')]), { code: 'ECONNREFUSED' });
    expect(new HttpTransportError('http_post', url, 'network', 'ECONNREFUSED', fetchFailed(everyAddress))).toMatchObject({ notSent: true });
  });

  it('sends an object body as JSON and is marked as having side effects', async () => {
    let seen: { contentType?: string; body?: string } = {};
    handler = (request, response, body) => {
      seen = { contentType: request.headers['content-type'], body };
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
    };
    const tool = tools().get('http_post') as Tool;
    const result = (await tool.execute({ url: `${origin}/v1/items`, body: { name: 'x' } }, ctx())) as HttpToolResult;
    expect(tool.sideEffects).toBe(true);
    expect(result.status).toBe(201);
    expect(seen).toEqual({ contentType: 'application/json', body: '{"name":"x"}' });
  });

  it('drops headers the model may not set', async () => {
    let host: string | undefined;
    let accept: string | undefined;
    handler = (request, response) => {
      host = request.headers.host;
      accept = request.headers.accept;
      response.writeHead(200).end('ok');
    };
    const tool = tools().get('http_post') as Tool;
    await tool.execute({ url: `${origin}/v1/items`, body: 'x', headers: { Host: 'evil.com', accept: 'text/plain' } }, ctx());
    expect(host).toBe(origin.replace('http://', ''));
    expect(accept).toBe('text/plain');
  });

  // IIS and older Symfony route by X-Original-URL; many frameworks take the method from an override header:
  // an http_get (no side effects, so offered on read-only runs) would DELETE another path (found by a review).
  it('drops headers that route a request to another path, method, host or client', async () => {
    let seen: Record<string, unknown> = {};
    handler = (request, response) => {
      seen = request.headers;
      response.writeHead(200).end('ok');
    };
    const routing = ['X-Original-URL', 'X-Original-Host', 'X-Original-Method', 'X-Rewrite-URL', 'X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override', 'Forwarded', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'X-Forwarded-Prefix', 'X-Forwarded-Uri', 'X-Forwarded-Port', 'X-Host', 'X-Real-IP'];
    await (tools().get('http_get') as Tool).execute({ url: `${origin}/v1/items`, headers: Object.fromEntries(routing.map((name) => [name, '/admin'])) }, ctx());
    expect(Object.keys(seen).filter((name) => routing.some((header) => header.toLowerCase() === name))).toEqual([]);
  });

  // Found by a review: CGI and WSGI servers read `X_Forwarded_Host` as `X-Forwarded-Host`, and the
  // client-IP headers of CDNs and proxies went through.
  it('drops routing headers spelled with underscores, and the client-IP headers of proxies and CDNs', async () => {
    let seen: Record<string, unknown> = {};
    handler = (request, response) => {
      seen = request.headers;
      response.writeHead(200).end('ok');
    };
    // The second review: lighttpd's CGI reads every other character as `_` too, and more of the family went through.
    const routing = ['X_Original_URL', 'X_Forwarded_Host', 'X_HTTP_Method_Override', 'True-Client-IP', 'X-Client-IP', 'CF-Connecting-IP', 'X-Cluster-Client-IP', 'X-Envoy-Original-Path', 'Expect', 'X.Forwarded.Host', 'X+Original+URL', 'X~HTTP~Method~Override', 'X.Real.IP', 'Client-IP', 'X-Forwarded', 'Forwarded-For', 'X-Remote-IP', 'X-Remote-Addr', 'X-Originating-IP', 'X-HTTP-Host-Override'];
    await (tools().get('http_get') as Tool).execute({ url: `${origin}/v1/items`, headers: { ...Object.fromEntries(routing.map((name) => [name, '/admin'])), accept: 'text/plain' } }, ctx());
    expect(Object.keys(seen).filter((name) => routing.some((header) => header.toLowerCase() === name))).toEqual([]);
    expect(seen['accept']).toBe('text/plain');
  });

  // Found by an adversarial hunt: the "reverse proxied" WSGI middleware many Flask apps copy takes SCRIPT_NAME from
  // X-Script-Name and cuts it off the path it routes, so `/v1/public/admin` with `X-Script-Name: /v1/public` is
  // routed as `/admin`, outside the allowed prefix (as X-Forwarded-Prefix, already dropped, is read by others).
  it('drops X-Script-Name, by which an app behind a proxy routes a shorter path than the URL’s', async () => {
    let seen: Record<string, unknown> = {};
    handler = (request, response) => {
      seen = request.headers;
      response.writeHead(200).end('ok');
    };
    const routing = ['X-Script-Name', 'X_Script_Name'];
    await (tools().get('http_get') as Tool).execute({ url: `${origin}/v1/public/admin`, headers: { ...Object.fromEntries(routing.map((name) => [name, '/v1/public'])), accept: 'text/plain' } }, ctx());
    expect(Object.keys(seen).filter((name) => routing.some((header) => header.toLowerCase() === name))).toEqual([]);
    expect(seen['accept']).toBe('text/plain');
  });

  // Found by a review: fetch refused them before sending, and the tool reported a host that could not be
  // reached, to be retried with the same arguments.
  it('refuses a header with a line break or a bad name as the model\'s mistake, sending nothing', async () => {
    let requests = 0;
    handler = (_request, response) => {
      requests++;
      response.writeHead(200).end('ok');
    };
    // The message names the header, never its value: a credential there would reach every report.
    for (const [headers, said] of [
      [{ accept: 'text/plain\r\nX-Injected: sk-hidden-value' }, /^http_get: the value of header "accept" holds a control character or a character past U\+00FF \(a line break/],
      [{ 'bad name': 'sk-hidden-value' }, /^http_get: a header name may hold only letters, digits and .*; got "bad name"$/],
    ] as const) {
      const error = await (tools().get('http_get') as Tool).execute({ url: `${origin}/v1/items`, headers }, ctx()).catch((e: unknown) => e);
      expect(error).toMatchObject({ transient: false, message: expect.stringMatching(said) });
      expect((error as Error).message).not.toContain('sk-hidden-value');
    }
    expect(requests).toBe(0);
  });
});

describe('header values fetch would refuse', () => {
  // Found by an adversarial pass: a control character other than CR, LF or NUL (`\x01`, DEL) passed the check, and
  // fetch refused it before connecting; that read "could not be reached … it can be retried", was tried again, and a
  // POST counted as one that may have taken effect, escalating the run though nothing was sent.
  it.each([
    ['a control character', 'a\x01b'],
    ['a DEL', 'a\x7fb'],
    ['a character past U+00FF', 'caf\u20ac'],
  ])('refuses a value holding %s as the model’s mistake, sending nothing', async (_label, value) => {
    let requests = 0;
    handler = (_request, response) => {
      requests++;
      response.writeHead(200).end('ok');
    };
    const error = await (tools().get('http_post') as Tool).execute({ url: `${origin}/v1/orders`, body: { n: 1 }, headers: { 'x-trace': value } }, ctx()).catch((e: unknown) => e);
    expect(error).toMatchObject({ transient: false, message: expect.stringMatching(/^http_post: the value of header "x-trace" holds a control character or a character past U\+00FF/) });
    expect(isEffectUnknown(error)).toBe(false);
    expect(requests).toBe(0);
  });
});

describe('redirects between origins a local server cannot show (fetch stubbed)', () => {
  interface Call {
    readonly url: string;
    readonly method: string;
    readonly headers: Record<string, string>;
    readonly body: unknown;
  }
  /** Answers each request with the next hop's status and location, and records what was sent. */
  function stubFetch(hops: ReadonlyArray<readonly [number, string?]>): Call[] {
    const calls: Call[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), method: String(init.method), headers: { ...(init.headers as Record<string, string>) }, body: init.body });
      const [status, location] = hops[calls.length - 1] ?? [200];
      return new Response(null, { status, headers: location === undefined ? {} : { location } });
    });
    return calls;
  }
  afterEach(() => vi.unstubAllGlobals());
  const options = (allow: string[]) => ({ allow, signal: new AbortController().signal, cancel: new AbortController().signal, timeoutLabel: '1 s', waitMs: 1_000 });
  const sent = { Authorization: 'Bearer sk-one', 'X-Api-Key': 'key-two', Accept: 'application/json' };

  it('drops the credentials on https to http on the same host: another origin', async () => {
    const calls = stubFetch([[302, 'http://api.example.com/v1/b']]);
    await fetchAllowed({ toolName: 't', method: 'GET', url: 'https://api.example.com/v1/a', headers: sent }, options(['https://api.example.com/v1/', 'http://api.example.com/v1/']));
    expect(calls[1]).toMatchObject({ url: 'http://api.example.com/v1/b', headers: { Accept: 'application/json' } });
    expect(Object.keys(calls[1]!.headers)).toEqual(['Accept']);
  });

  it('keeps them for the same origin spelled with an upper-case host and its default port', async () => {
    const calls = stubFetch([[302, 'HTTPS://API.EXAMPLE.COM:443/v1/b']]);
    await fetchAllowed({ toolName: 't', method: 'GET', url: 'https://api.example.com/v1/a', headers: sent }, options(['https://api.example.com/v1/']));
    expect(calls[1]!.headers).toEqual(sent);
  });

  it('sends neither the body headers nor the credentials after a POST answered 303 to another origin', async () => {
    const calls = stubFetch([[303, 'https://b.example.com/v1/r']]);
    const request = { toolName: 't', method: 'POST', url: 'https://a.example.com/v1/p', headers: { ...sent, 'Content-Type': 'application/json' }, body: '{}' } as const;
    await fetchAllowed(request, options(['https://a.example.com/v1/', 'https://b.example.com/v1/']));
    expect(calls[1]).toMatchObject({ method: 'GET', body: undefined });
    expect(Object.keys(calls[1]!.headers)).toEqual(['Accept']);
  });

  it('follows 5 redirects and refuses the 6th, advising the final URL rather than a wider allow list', async () => {
    const calls = stubFetch(Array.from({ length: 10 }, (_, hop) => [302, `https://api.example.com/v1/${hop + 1}`] as const));
    const error = await fetchAllowed({ toolName: 't', method: 'GET', url: 'https://api.example.com/v1/0', headers: {} }, options(['https://api.example.com/v1/'])).catch((caught: unknown) => caught);
    expect(calls.map((call) => call.url)).toEqual([0, 1, 2, 3, 4, 5].map((hop) => `https://api.example.com/v1/${hop}`));
    expect(error).toBeInstanceOf(UrlNotAllowedError);
    expect((error as Error).message).toBe(
      't: refused https://api.example.com/v1/6 (redirected from https://api.example.com/v1/5): a redirect after 5 redirects. ' +
        'Request it directly if it is the URL needed, or fix the redirect loop; http.allow does not change this limit.',
    );
  });

  it('refuses a redirect whose Location is not a URL as the tool’s refusal, naming both', async () => {
    stubFetch([[302, 'http://[']]);
    const error = await fetchAllowed({ toolName: 't', method: 'GET', url: 'https://api.example.com/v1/a', headers: {} }, options(['https://api.example.com/v1/'])).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UrlNotAllowedError);
    expect((error as Error).message).toBe('t: refused http://[ (redirected from https://api.example.com/v1/a): the Location it was redirected to is not a URL. The server answered with a broken redirect; nothing more was requested.');
  });

  it('keeps the headers of a GET answered 303, as fetch does', async () => {
    const calls = stubFetch([[303, 'https://api.example.com/v1/b']]);
    const headers = { Accept: 'application/json', 'Content-Language': 'en' };
    await fetchAllowed({ toolName: 't', method: 'GET', url: 'https://api.example.com/v1/a', headers }, options(['https://api.example.com/v1/']));
    expect(calls[1]!.headers).toEqual(headers);
  });
});
