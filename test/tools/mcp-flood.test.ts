import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

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
  const error = await flood.execute({ count: 100_000 }, { signal: new AbortController().signal, cwd: process.cwd(), stepKey: 's' }).then(() => undefined, (caught) => caught);
  console.log(error?.message);
  await connection.close();
`;

describe('an MCP server that sends requests of its own and stops reading the answers', () => {
  it('is stopped once 1,000 answers wait unread, and the call fails saying so, within its timeout', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8', timeout: 60_000 });
    expect({ signal: run.signal, status: run.status, stderr: run.stderr.includes('MaxListenersExceededWarning') }).toEqual({ signal: null, status: 0, stderr: false });
    expect(run.stdout).toContain("flood__flood: calling MCP server 'flood' failed: it sent requests of its own and left 1,000 of plan-runner's answers unread; it was stopped");
  });
});
