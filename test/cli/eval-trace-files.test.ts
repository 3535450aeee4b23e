// `plan-runner eval --trace-dir` kept every run's trace open until the last run ended: a file and a process exit
// listener per run, so with --runs 300 the runs past the process's open-file limit failed with EMFILE, and the eval
// still exited 0 (found by an adversarial pass).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-traces-'));
const plan = path.join(dir, 'sum.yml');
writeFileSync(plan, 'name: sum\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');

/** Open file descriptors of this process, where the system lists them. */
const openFiles = (): number | undefined => (existsSync('/proc/self/fd') ? readdirSync('/proc/self/fd').length : undefined);

describe('plan-runner eval --trace-dir', () => {
  it('closes each run’s trace as the run ends', async () => {
    const traces = path.join(dir, 'traces');
    // What is open as each run's progress line is written.
    const held: Array<{ exitListeners: number; files: number | undefined }> = [];
    const { code } = await cliInProcess(['eval', plan, '--runs', '30', '--trace-dir', traces], {
      onWrite: (chunk) => {
        if (/^plan run \d+:/.test(chunk)) held.push({ exitListeners: process.listenerCount('exit'), files: openFiles() });
      },
    });
    expect(code).toBe(0);
    expect(held).toHaveLength(30);
    expect(held.at(-1)!.exitListeners - held[0]!.exitListeners).toBe(0);
    const files = held.map((at) => at.files).filter((count) => count !== undefined);
    if (files.length > 0) expect(Math.max(...files) - Math.min(...files)).toBeLessThan(5);
    // Every trace is whole all the same.
    expect(readdirSync(traces).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `plan-run-${i + 1}.jsonl`).sort());
    for (const file of readdirSync(traces)) expect(readFileSync(path.join(traces, file), 'utf8')).toContain('"run_finished"');
  });

  // Found by a replay hunt: a trace eval wrote was resumed, and the step its scripted answer completed was reused as a
  // real run's result; a run that reused every step passed its goals on scripted answers alone.
  it('writes traces that a resume refuses, as their answers may be scripted', async () => {
    const asked = path.join(dir, 'asked.yml');
    writeFileSync(asked, 'name: asked\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: Say whether the release is safe }\ngoals:\n  - { name: safe, matches: SAFE }\n');
    const answers = path.join(dir, 'answers.yml');
    writeFileSync(answers, 'step:1:\n  - text: "SAFE, said a scripted answer"\n');
    const traces = path.join(dir, 'scripted');
    expect((await cliInProcess(['eval', asked, '--runs', '1', '--answers', answers, '--trace-dir', traces])).code).toBe(0);
    const trace = path.join(traces, 'plan-run-1.jsonl');
    const resumed = await cliInProcess(['run', asked, '--resume', trace, '--trace', path.join(dir, 'resumed.jsonl'), '--summary', path.join(dir, 'resumed.md')]);
    expect(resumed.code).toBe(1);
    expect(resumed.out).toContain(`cannot resume: ${trace} is the trace of an eval run, whose model answers may be scripted (--answers)`);
    expect(resumed.out).not.toContain('status: succeeded');
  });

  // Found by a replay hunt: a trace that could not be written whole (a full disk) was a warning, and the eval exited
  // 0 with the trace cut mid-line, where `run` and eval's own --json fail for an output they could not write.
  it.skipIf(process.platform === 'win32')('exits 1, naming the trace, when a run\'s trace cannot be written whole', async () => {
    const traces = path.join(dir, 'limited');
    // Files may grow to 1,024 bytes at most, and SIGXFSZ is ignored, so the trace's write fails with EFBIG.
    const child = spawn('sh', ['-c', 'trap "" XFSZ; ulimit -f 2; exec "$0" "$@"', process.execPath, path.join(root, 'src/cli.ts'), 'eval', 'workflows/bodmas.yml', '--runs', '1', '--trace-dir', traces], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toContain(`plan-runner: cannot write the trace file ${path.join(traces, 'plan-run-1.jsonl')}: EFBIG`);
    expect(code).toBe(1);
  }, 60_000);
});
