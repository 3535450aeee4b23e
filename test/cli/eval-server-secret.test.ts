import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-server-secret-'));

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env['PLAN_RUNNER_TEST_SALES'];
});

// Found by a secret hunt: `validate` and `run` learn the values a plan gives its MCP servers before they start,
// `eval` checked the plan without doing so, and printed a failing server's stderr with the value in it.
it('hides the values a plan gives an MCP server when eval’s check of the plan prints its stderr', async () => {
  const server = path.join(dir, 'leaky-server.mjs');
  writeFileSync(server, "process.stderr.write(`Error: bad API_TOKEN=${process.env.API_TOKEN}\\n`); process.exit(1);\n");
  const plan = path.join(dir, 'leaky.yml');
  writeFileSync(plan, `name: leaky\nmcp_servers:\n  docs:\n    command: [node, ${JSON.stringify(server)}]\n    env:\n      API_TOKEN: "\${env.PLAN_RUNNER_TEST_SALES}"\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: docs__x, args: {} }\n`);
  process.env['PLAN_RUNNER_TEST_SALES'] = 'sal3s-S3cretValue-9876';
  const { code, out } = await cliInProcess(['eval', plan, '--runs', '1']);
  expect(code).toBe(1);
  expect(out).toContain('API_TOKEN=***');
  expect(out).not.toContain('S3cretValue');
});
