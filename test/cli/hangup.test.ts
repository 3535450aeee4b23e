import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelOnSignals } from '../../src/cli/cancel-on-signals.ts';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';


// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(cliBundle, 600_000);

// A closed terminal (or a dropped ssh session) sends SIGHUP: Node's default ended the CLI at once, with no
// summary and no end to its trace, and the tool it was running, in its own process group, ran on without
// it (found by an adversarial pass).
describe('SIGHUP', () => {
  it('cancels the run as SIGINT and SIGTERM do', () => {
    const controller = new AbortController();
    const remove = cancelOnSignals(controller, () => undefined, { exit: () => undefined });
    try {
      process.emit('SIGHUP');
      expect(controller.signal.reason).toBe('SIGHUP');
    } finally {
      remove();
    }
  });

  it('still writes the summary and ends the trace of a run whose terminal closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-hangup-'));
    writeFileSync(
      path.join(dir, 'plan.yml'),
      [
        'name: Long nap',
        'tools:',
        `  nap: { description: Sleeps, command: [${JSON.stringify(process.execPath)}, -e, "setTimeout(() => {}, 60000)"], input: { type: object } }`,
        'workflow_sequence:',
        '  - { id: a, type: tool_call, tool: nap, args: {} }',
        '',
      ].join('\n'),
    );
    const child = spawn(process.execPath, [(await cliBundle()).cli, 'run', 'plan.yml', '--trace', 'trace.jsonl', '--summary', 'report.md'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...compileCacheEnv() } });
    let out = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    // Hung up once, when the step is running (the checklist shows it started): a hang-up sent again with each later
    // chunk of output could land while the CLI exits, its handlers gone, and end it by the signal (a flaky failure).
    let hungUp = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!hungUp && out.includes('⏳ a.')) {
        hungUp = true;
        child.kill('SIGHUP');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
    expect(out).toContain('status: cancelled');
    expect(code, out).toBe(1);
    expect(readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('cancelled (SIGHUP)');
    expect(readFileSync(path.join(dir, 'trace.jsonl'), 'utf8')).toContain('"type":"run_finished"');
  }, 60_000);
});
