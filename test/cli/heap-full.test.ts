import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliBundle, runCli } from '../helpers/run-cli.ts';

let dir: string;
beforeAll(async () => {
  await cliBundle();
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-heap-'));
}, 600_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each item keeps a 211 KiB file as its result, for the steps after it: 1,000 of them are some 200 MB. In
// a 64 MB heap V8 ended the CLI after about 250 items (SIGABRT: "JavaScript heap out of memory"), with no
// summary, and a trace cut off mid-run. NODE_OPTIONS as node also reads it: a word in double quotes (a review
// found the guard took the 256 MB of heap_size_limit then, and the run died as before).
it('stops a run whose heap fills before V8 ends it, writing the summary and the whole trace', async () => {
  await writeFile(path.join(dir, 'big.txt'), 'lorem ipsum dolor sit amet '.repeat(8_000));
  await writeFile(
    path.join(dir, 'plan.yml'),
    `name: Big results
toolsets: [files]
tools:
  list: { description: The numbers, command: [node, -e, "process.stdout.write(JSON.stringify(Array.from({ length: 1000 }, (_, i) => i)))"] }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: read, type: tool_call, tool: read_file, for_each: "\${steps.list.result}", args: { path: big.txt } }
`,
  );
  const run = await runCli(['run', 'plan.yml', '--trace', 'trace.jsonl', '--summary', 'summary.md'], { cwd: dir, env: { NODE_OPTIONS: '"--max-old-space-size=64"' } });
  expect(run.stderr).not.toContain('heap out of memory');
  expect(run.code).toBe(1);
  expect(run.stdout).toContain('status: failed');
  const summary = await readFile(path.join(dir, 'summary.md'), 'utf8');
  expect(summary).toMatch(/memory nearly full: the heap holds \d+ MB of its 64 MB limit, so an item of step read did not start/);
  const events = (await readFile(path.join(dir, 'trace.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; reason?: string });
  const completed = events.filter((event) => event.type === 'item_completed').length;
  expect(completed).toBeGreaterThan(50);
  expect(completed).toBeLessThan(1_000);
  expect(summary).toContain(`${completed}/1,000 done`);
  expect(events.find((event) => event.type === 'run_finished')).toMatchObject({ status: 'failed', reason: expect.stringContaining('memory nearly full') });
}, 60_000);
