// Found by a hunt of retries: an http_post answered 429 with a retry-after, which says the request was not taken, escalated
// the run as a call with side effects that "got no answer" and may have taken effect.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { runOfflineJob } from './job-harness.ts';

it('an http_post answered 429 with a retry-after is sent again after the wait, not escalated', async () => {
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(body);
      if (bodies.length === 1) response.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('slow down');
      else response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const plan = `name: G\ntoolsets: [http]\nhttp: { allow: ["${origin}/"] }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: http_post, args: { url: "${origin}/orders", body: { n: 1 } } }\n`;
  try {
    const job = await runOfflineJob({ plan, script: [] });
    expect(job.outcome.kind).toBe('ran');
    const run = job.outcome.kind === 'ran' ? job.outcome : undefined;
    expect(run?.status).toBe('succeeded');
    expect(bodies).toEqual(['{"n":1}', '{"n":1}']);
  } finally {
    server.close();
  }
});
