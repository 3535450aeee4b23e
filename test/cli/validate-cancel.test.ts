import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate-command.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-validate-cancel-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// `validate` had no signal handler: Ctrl-C while a plan's MCP server started ended the CLI at once, and the
// server, in its own process group, ran on (found by an adversarial pass).
it('ends the MCP server a plan started when cancelled, says so, and validates nothing more', async () => {
  const started = path.join(dir, 'server.pid');
  const plan = path.join(dir, 'plan.yml');
  await writeFile(plan, `name: Slow server\nmcp_servers:\n  slow: { command: [sh, -c, 'echo $$ > ${started}; exec sleep 40'] }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Think }\n`);
  const controller = new AbortController();
  const watching = (async () => {
    while (!(await readFile(started, 'utf8').catch(() => '')).trim()) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort('SIGINT');
  })();
  const lines: string[] = [];
  const valid = await validateCommand([plan, plan], (line) => lines.push(line), { signal: controller.signal, cwd: dir });
  await watching;
  expect(valid).toBe(false);
  expect(lines).toEqual(['cancelled (SIGINT): 2 files not validated']);
  const pid = Number((await readFile(started, 'utf8')).trim());
  expect(() => process.kill(pid, 0)).toThrow();
});

// The files after a cancel were still validated, and the command could exit 0 after Ctrl-C (found by a review).
it('validates no further file once cancelled, and fails', async () => {
  const controller = new AbortController();
  controller.abort('SIGINT');
  const lines: string[] = [];
  expect(await validateCommand(['workflows/bodmas.yml', 'workflows/bodmas.yml'], (line) => lines.push(line), { signal: controller.signal })).toBe(false);
  expect(lines).toEqual(['cancelled (SIGINT): 2 files not validated']);
});
