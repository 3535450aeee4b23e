import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

// Runs isolated (vitest.config.ts): `@actions/github` decides its proxy from the environment when it is
// first loaded, which here is at the first request of a client made while a proxy variable is set.
let github: FakeGitHub;
let proxy: Server;
const tunnels: string[] = [];
const API = 'http://api.github.invalid';

beforeAll(async () => {
  github = await startFakeGitHub();
  // A proxy as undici's ProxyAgent meets one: CONNECT host:port, then the bytes both ways, here to the fake GitHub.
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, socket, head) => {
    tunnels.push(req.url ?? '');
    const upstream = connect(Number(new URL(github.url).port), '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).on('error', () => socket.destroy());
      socket.pipe(upstream).on('error', () => upstream.destroy());
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  vi.stubEnv('GITHUB_API_URL', API);
  vi.stubEnv('http_proxy', `http://127.0.0.1:${address.port}`);
  // A machine's own no_proxy could send the request around the proxy.
  vi.stubEnv('no_proxy', '');
  vi.stubEnv('NO_PROXY', '');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await github.stop();
});

describe('createOctokit with a proxy variable set', () => {
  it('sends its requests through the proxy, with the toolkit’s proxy-aware fetch', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: API, warn: () => undefined, throttle: zeroSpacingThrottle() });
    await octokit.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 1, body: 'through the proxy' });
    expect(tunnels).toEqual(['api.github.invalid:80']);
    expect(github.commentsOn('o', 'r', 1).map((c) => c.body)).toEqual(['through the proxy']);
  });
});
