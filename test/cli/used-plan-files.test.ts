import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usedPlanFiles } from '../../src/cli/used-plan-files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-runner-used-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Found by an adversarial pass: `run fifo` opened the FIFO blocking, before the loader could say "not a
// file", and waited for a writer past Ctrl-C and SIGTERM. In a child process, so a regression blocks that
// process (killed at the timeout with SIGKILL, which a process blocked in `open` cannot put off), not the suite.
describe('the plan files a plan uses, read before its run', () => {
  it('are not waited for when the plan is a FIFO', () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const module = pathToFileURL(join(import.meta.dirname, '../../src/cli/used-plan-files.ts')).href;
    const script = `import { usedPlanFiles } from ${JSON.stringify(module)};\nconsole.log(JSON.stringify(await usedPlanFiles(${JSON.stringify(fifo)})));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000, killSignal: 'SIGKILL' });
    expect({ signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ signal: null, stdout: '[]', stderr: '' });
  });

  // A plan written as JSON (which is YAML) quotes its keys: its used plan and command file were not found, and
  // `run plan.json --trace sub.yml` overwrote the plan it used.
  it('are found in a plan whose keys are quoted, as JSON writes them', async () => {
    const plan = join(dir, 'main.json');
    await writeFile(plan, JSON.stringify({ goal: 'g', tools: { t: { description: 'd', command: ['node', join(dir, 'main.json')] } }, workflow_sequence: [{ id: 's', type: 'plan', uses: join(dir, 'sub.yml') }] }));
    expect(await usedPlanFiles(plan, dir)).toEqual([
      [`the plan ${join(dir, 'sub.yml')} it uses`, join(dir, 'sub.yml')],
      ["the plan's command file", join(dir, 'main.json')],
    ]);
  });
});
