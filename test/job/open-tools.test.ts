import { createRedactor } from '../../src/core/redact.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { githubRunContext } from '../../src/github/github-run-context.ts';
import { toolsetGitHubContext } from '../../src/github/toolset-github-context.ts';
import { Plan } from '../../src/plan/schema.ts';
import { DuplicateToolError } from '../../src/tools/duplicate-tool-error.ts';
import { PathRefusedError } from '../../src/tools/files/path-refused-error.ts';
import { UrlNotAllowedError } from '../../src/tools/http/url-not-allowed-error.ts';
import { connectMcpServers } from '../../src/tools/mcp/connect-mcp-servers.ts';
import { McpServers } from '../../src/tools/mcp/mcp-config.ts';
import { McpServerStartError } from '../../src/tools/mcp/mcp-server-start-error.ts';
import { openTools, type OpenTools, type OpenToolsContext } from '../../src/job/open-tools.ts';
import type { ToolContext } from '../../src/tools/tool.ts';
import { ToolsetSetupError } from '../../src/tools/toolset-setup-error.ts';
import { everythingServer, marker, processesWith } from '../e2e-tools/mcp-processes.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';

const ctx: ToolContext = { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 'test' };
const env = { PATH: process.env.PATH, HOME: process.env.HOME };
const opened: OpenTools[] = [];
let root: string;

async function open(plan: unknown, context: Partial<OpenToolsContext> = {}): Promise<OpenTools> {
  const tools = await openTools(Plan.parse(plan), { cwd: root, env, signal: new AbortController().signal, redact: createRedactor(), ...context });
  opened.push(tools);
  return tools;
}

function call(tools: OpenTools, name: string, args: Record<string, unknown>): Promise<unknown> {
  const tool = tools.tools.get(name);
  if (!tool) throw new Error(`no tool ${name}; have ${[...tools.tools.keys()].join(', ')}`);
  return tool.execute(args, ctx);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'open-tools-'));
  await writeFile(path.join(root, 'notes.txt'), 'ship it on Friday\n');
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((tools) => tools.close()));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('openTools: toolsets', () => {
  it('math and command tools need no context', async () => {
    const tools = await open({ toolsets: ['math'], tools: { hello: { description: 'Say hello', command: [process.execPath, '-e', 'console.log(JSON.stringify("hello"))'] } } });
    expect([...tools.tools.keys()].sort()).toEqual(['add', 'divide', 'hello', 'multiply', 'subtract']);
    expect(await call(tools, 'multiply', { a: 6, b: 7 })).toBe(42);
    expect(await call(tools, 'hello', {})).toBe('hello');
    expect(tools.extraTools).toEqual([]);
  });

  it('files reads inside the repository root and refuses to leave it', async () => {
    const tools = await open({ toolsets: ['files'] });
    expect([...tools.tools.keys()].sort()).toEqual(['list_files', 'read_file', 'search_files']);
    expect(await call(tools, 'read_file', { path: 'notes.txt' })).toBe('ship it on Friday\n');
    await expect(call(tools, 'read_file', { path: '../outside.txt' })).rejects.toBeInstanceOf(PathRefusedError);
  });

  describe('http', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(`you asked for ${request.url}`));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('calls URLs under the plan’s http.allow and refuses others before any request', async () => {
      const tools = await open({ toolsets: ['http'], http: { allow: [`${base}/v1/`] } });
      expect(await call(tools, 'http_get', { url: `${base}/v1/status` })).toMatchObject({ status: 200, body: 'you asked for /v1/status' });
      await expect(call(tools, 'http_get', { url: `${base}/admin` })).rejects.toBeInstanceOf(UrlNotAllowedError);
      expect(tools.tools.get('http_get')!.description).toContain(`${base}/v1/`);
    });

    it('without http.allow is a setup error that says what to add', async () => {
      const error = await open({ toolsets: ['http'] }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ToolsetSetupError);
      expect((error as Error).message).toBe(
        'toolsets: [http] needs the URL prefixes its tools may call: add http: { allow: [https://api.example.com/v1/] } to the plan',
      );
    });
  });

  describe('github', () => {
    let api: FakeGitHubApi;
    beforeAll(async () => {
      api = await startFakeGitHubApi();
    });
    afterEach(() => {
      expect(api.problems).toEqual([]);
      api.requests.length = 0;
    });
    afterAll(async () => {
      await api.close();
    });
    const octokit = () => createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });

    it('reads the run’s pull request by default and labels it in the run’s repository', async () => {
      api.handlers['pulls/get'] = () => ({ text: 'diff --git a/x b/x\n+fixed\n' });
      api.handlers['issues/add-labels'] = () => ({ body: [{ name: 'needs-tests' }] });
      const tools = await open({ toolsets: ['github'], github: { writes: { labels: ['needs-tests'] } } }, { octokit: octokit(), repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' }, pullNumber: 12 });
      expect(await call(tools, 'get_pull_request_diff', {})).toBe('diff --git a/x b/x\n+fixed\n');
      expect(await call(tools, 'add_labels', { issue_number: 12, labels: ['needs-tests'] })).toEqual({ labels: ['needs-tests'] });
      expect(api.requests.map((request) => [request.operationId, request.params])).toEqual([
        ['pulls/get', { owner: 'octo', repo: 'demo', pull_number: '12' }],
        ['issues/add-labels', { owner: 'octo', repo: 'demo', issue_number: '12' }],
      ]);
      expect(tools.tools.get('add_labels')!.sideEffects).toBe(true);
      expect(tools.tools.get('get_pull_request_diff')!.sideEffects).toBe(false);
    });

    it('writes to another repository only when github.allow_repos names it', async () => {
      api.handlers['issues/add-labels'] = () => ({ body: [{ name: 'x' }] });
      const context = { octokit: octokit(), repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } };
      const strict = await open({ toolsets: ['github'] }, context);
      await expect(call(strict, 'add_labels', { owner: 'octo', repo: 'other', issue_number: 1, labels: ['x'] })).rejects.toThrow(/octo\/other/);
      const allowing = await open({ toolsets: ['github'], github: { allow_repos: ['octo/other'], writes: { labels: ['x'] } } }, context);
      await expect(call(allowing, 'add_labels', { owner: 'octo', repo: 'other', issue_number: 1, labels: ['x'] })).resolves.toEqual({ labels: ['x'] });
      expect(api.requests).toHaveLength(1);
    });

    it('on GitHub Enterprise Server, links into the run’s repository there stay links in what it writes, and the same path on github.com does not', async () => {
      api.handlers['issues/create-comment'] = () => ({ status: 201, body: { id: 77, html_url: 'https://ghes.example.test/octo/demo/issues/12#c77' } });
      const run = githubRunContext({ GITHUB_SERVER_URL: 'https://ghes.example.test', GITHUB_API_URL: api.baseUrl, GITHUB_REPOSITORY: 'octo/demo' });
      const tools = await open({ toolsets: ['github'] }, toolsetGitHubContext(run, octokit()));
      await call(tools, 'add_comment', { issue_number: 12, body: 'See [the guide](https://ghes.example.test/octo/demo/blob/main/GUIDE.md), not [this](https://github.com/octo/demo/blob/main/GUIDE.md).' });
      const sent = api.requests.filter((request) => request.operationId === 'issues/create-comment').map((request) => request.body);
      expect(sent).toEqual([{ body: 'See [the guide](https://ghes.example.test/octo/demo/blob/main/GUIDE.md), not this (`https://github.com/octo/demo/blob/main/GUIDE.md`).' }]);
    });

    // Found by an adversarial pass: the tools read the pull request's head as it was at each call, while the comment and
    // the check run named the event's commit, so a push during the run had the gate judge one commit by another's diff.
    it('reads the event’s pull request as of the event’s commit, and fails a read once a push moved its head', async () => {
      const runSha = 'a'.repeat(40);
      let head = runSha;
      api.handlers['pulls/get'] = (request) => (String(request.headers.accept).includes('diff') ? { text: `diff of ${head.slice(0, 7)}\n` } : { body: { head: { sha: head }, base: { sha: 'c'.repeat(40) } } });
      // The run's pull request's diff is the comparison of the run's commit with its base, whatever its head is now.
      api.handlers['repos/compare-commits-with-basehead'] = (request) => ({ text: `diff of ${request.params.basehead!.split('...')[1]!.slice(0, 7)}\n` });
      const event = path.join(root, 'event.json');
      await writeFile(event, JSON.stringify({ pull_request: { number: 12, head: { sha: runSha } }, repository: { name: 'demo', owner: { login: 'octo' } } }));
      const run = githubRunContext({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_API_URL: api.baseUrl, GITHUB_REPOSITORY: 'octo/demo' });
      const tools = await open({ toolsets: ['github'] }, toolsetGitHubContext(run, octokit()));
      expect(await call(tools, 'get_pull_request_diff', {})).toBe('diff of aaaaaaa\n');
      head = 'b'.repeat(40);
      await expect(call(tools, 'get_pull_request_diff', {})).rejects.toThrow(`get_pull_request_diff: pull request #12 of octo/demo moved on to commit ${head} during the run, which is for commit ${runSha}`);
    });

    it('without a token is a setup error naming the token to set', async () => {
      const error = await open({ toolsets: ['github'] }, { repository: { owner: 'octo', repo: 'demo', url: 'https://github.com/octo/demo/' } }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ToolsetSetupError);
      expect((error as Error).message).toMatch(/^toolsets: \[github\] needs a GitHub token and none was given: set the action's github-token input .* or GITHUB_TOKEN for the CLI$/);
    });

    it('without the repository is a setup error naming GITHUB_REPOSITORY', async () => {
      await expect(open({ toolsets: ['github'] }, { octokit: octokit() })).rejects.toThrow(/GITHUB_REPOSITORY=owner\/name/);
    });
  });
});

describe('openTools: MCP servers', () => {
  it('adds the servers’ tools, reports them as extraTools, and calls them', async () => {
    const mark = marker();
    const tools = await open({ toolsets: ['math'], mcp_servers: { everything: everythingServer(mark, { tools: ['echo', 'get-sum'] }) } });
    expect(tools.extraTools.map((tool) => tool.name)).toEqual(['everything__echo', 'everything__get-sum']);
    expect(tools.tools.has('everything__echo') && tools.tools.has('add')).toBe(true);
    expect(await call(tools, 'everything__get-sum', { a: 2, b: 3 })).toBe('The sum of 2 and 3 is 5.');
    expect(processesWith(mark)).toHaveLength(1);
    await tools.close();
    expect(processesWith(mark)).toEqual([]);
  });

  it('closes servers no step names, and starts one again when a revised plan calls its tool', async () => {
    const [usedMark, idleMark] = [marker(), marker()];
    const tools = await open({
      mcp_servers: { used: everythingServer(usedMark, { tools: ['echo'] }), idle: everythingServer(idleMark, { tools: ['echo'] }) },
      workflow_sequence: [{ id: 1, type: 'tool_call', tool: 'used__echo', args: { message: 'hi' } }],
    });
    expect(processesWith(usedMark)).toHaveLength(1);
    expect(processesWith(idleMark)).toEqual([]);
    expect(await call(tools, 'idle__echo', { message: 'back' })).toBe('Echo: back');
    expect(processesWith(idleMark)).toHaveLength(1);
    await tools.close();
    expect([...processesWith(usedMark), ...processesWith(idleMark)]).toEqual([]);
  });

  it('reports a server that fails to start by name, and leaves no process behind', async () => {
    const mark = marker();
    const error = await open({
      mcp_servers: { good: everythingServer(mark), broken: { command: [process.execPath, '-e', 'process.exit(3)'] } },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpServerStartError);
    expect(error).toMatchObject({ server: 'broken' });
    expect(processesWith(mark)).toEqual([]);
  });

  it('starts no server when a toolset cannot be set up', async () => {
    const mark = marker();
    await expect(open({ toolsets: ['github'], mcp_servers: { everything: everythingServer(mark) } })).rejects.toBeInstanceOf(ToolsetSetupError);
    expect(processesWith(mark)).toEqual([]);
  });

  it('ends servers it was handed (started for validation) when the registry cannot be built', async () => {
    const mark = marker();
    const servers = await connectMcpServers(McpServers.parse({ everything: everythingServer(mark, { tools: ['echo'] }) }), {
      signal: new AbortController().signal,
      env,
    });
    expect(processesWith(mark)).toHaveLength(1);
    const clash = { tools: { everything__echo: { description: 'clash', command: ['true'] } } };
    const error = await open(clash, { servers }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DuplicateToolError);
    expect((error as Error).message).toBe("tool 'everything__echo' is defined twice (tools.everything__echo and mcp_servers); rename the tool declared under tools:");
    expect(processesWith(mark)).toEqual([]);
  });

  it('refuses MCP calls after close instead of starting a server nothing would end', async () => {
    const mark = marker();
    const tools = await open({ mcp_servers: { everything: everythingServer(mark, { tools: ['echo'] }) } });
    await tools.close();
    await expect(call(tools, 'everything__echo', { message: 'late' })).rejects.toThrow("everything__echo: the run's MCP servers are already closed");
    expect(processesWith(mark)).toEqual([]);
  });

  it('ends every server when the run’s signal aborts', async () => {
    const mark = marker();
    const controller = new AbortController();
    await open({ mcp_servers: { everything: everythingServer(mark, { tools: ['echo'] }) } }, { signal: controller.signal });
    expect(processesWith(mark)).toHaveLength(1);
    controller.abort(new Error('cancelled'));
    await expect.poll(() => processesWith(mark), { timeout: 10_000 }).toEqual([]);
  });
});
