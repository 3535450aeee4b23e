import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliInProcess } from '../helpers/cli-in-process.ts';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';


/**
 * A plan whose second step, in the first run to get there, waits until the file `go` is in its folder (or the folder
 * is gone: a killed run's step, orphaned, must not poll for ever once the test has removed it); in any other it
 * returns at once.
 */
function planIn(dir: string): string {
  const flag = (name: string) => JSON.stringify(path.join(dir, name));
  const wait = `const f=require("node:fs");const done=()=>process.stdout.write("\\"ok\\"");let first=true;try{f.writeFileSync(${flag('first')},"",{flag:"wx"})}catch{first=false}if(first){const t=setInterval(()=>{if(f.existsSync(${flag('go')})||!f.existsSync(${JSON.stringify(dir)})){clearInterval(t);done()}},20)}else done()`;
  const plan = path.join(dir, 'plan.yml');
  writeFileSync(
    plan,
    [
      'name: Two at once',
      'toolsets: [math]',
      'tools:',
      `  wait: { description: Waits for a flag, command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(wait)}], input: { type: object } }`,
      'workflow_sequence:',
      '  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }',
      '  - { id: 2, type: tool_call, tool: wait, args: {} }',
      '  - { id: 3, type: tool_call, tool: add, args: { a: { step_result: 1 }, b: 1 } }',
      '',
    ].join('\n'),
  );
  return plan;
}

/** Starts `plan-runner run` in a child process; resolves once its step 2 runs (its checklist says so). */
async function startedRun(dir: string): Promise<{ child: ChildProcess; ended: Promise<{ code: number | null; out: string }> }> {
  // The built CLI, as users run it (src/cli.ts costs a second of type stripping a run).
  const child = spawn(process.execPath, [(await cliBundle()).cli, 'run', 'plan.yml', '--trace', 'trace.jsonl', '--summary', 'report.md'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...compileCacheEnv() } });
  let out = '';
  let onStep: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (onStep = resolve));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('⏳ 2.')) onStep();
  });
  const ended = new Promise<{ code: number | null; out: string }>((resolve) => child.on('close', (code) => resolve({ code, out })));
  await Promise.race([waiting, ended]);
  return { child, ended };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A step a killed run left waits for `go`: given it, it ends, whatever the test did before it failed.
  for (const dir of dirs.splice(0)) writeFileSync(path.join(dir, 'go'), '');
});

// A run of this file alone, with sources newer than dist/, builds the bundles first: not in a test's 20 s.
beforeAll(cliBundle, 600_000);

// Two runs in one folder both wrote .plan-runner/trace.jsonl: the second emptied the first's trace, the first went on
// writing at its own offset over the second's lines, and the trace left was neither run's (a resume called it
// damaged); a resume of a trace still being written took a run that had not ended as one that had (found by an
// adversarial pass).
describe('a trace another run is writing', () => {
  it('refuses a second run of it, and a resume of it, and leaves the first run’s trace whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-in-use-'));
    dirs.push(dir);
    const plan = planIn(dir);
    const trace = path.join(dir, 'trace.jsonl');
    const first = await startedRun(dir);
    children.push(first.child);

    const second = await cliInProcess(['run', plan, '--trace', trace, '--summary', path.join(dir, 'second.md')]);
    expect(second.code).toBe(1);
    expect(second.out).toContain(`another plan-runner run (process ${first.child.pid}`);
    expect(second.out).toContain(`is writing the trace ${trace}`);
    expect(existsSync(path.join(dir, 'second.md'))).toBe(false);

    const resumed = await cliInProcess(['run', plan, '--resume', trace, '--trace', path.join(dir, 'resumed.jsonl'), '--summary', path.join(dir, 'resumed.md')]);
    expect(resumed.code).toBe(1);
    expect(resumed.out).toContain(`the trace ${trace} is still being written by a plan-runner run (process ${first.child.pid}`);
    expect(existsSync(path.join(dir, 'resumed.jsonl'))).toBe(false);

    writeFileSync(path.join(dir, 'go'), '');
    const ended = await first.ended;
    expect(ended.code, ended.out).toBe(0);
    const events = readFileSync(trace, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(events.filter((event) => event.type === 'plan_created')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'step_completed')).toHaveLength(3);
    expect(existsSync(`${trace}.lock`)).toBe(false);

    // Once it has ended, the trace is anyone’s: resumed, every step reused.
    const after = await cliInProcess(['run', plan, '--resume', trace, '--trace', trace, '--summary', path.join(dir, 'after.md')]);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toMatch(/✅ 3\. .*\(reused\)/);
  }, 60_000);

  it('resumes the trace of a run that was killed, whose lock it left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-killed-lock-'));
    dirs.push(dir);
    const plan = planIn(dir);
    const trace = path.join(dir, 'trace.jsonl');
    const first = await startedRun(dir);
    children.push(first.child);
    first.child.kill('SIGKILL');
    await first.ended;
    expect(existsSync(`${trace}.lock`)).toBe(true);

    writeFileSync(path.join(dir, 'go'), '');
    const resumed = await cliInProcess(['run', plan, '--resume', trace, '--trace', trace, '--summary', path.join(dir, 'report.md')]);
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toContain('status: succeeded');
    expect(existsSync(`${trace}.lock`)).toBe(false);
  }, 60_000);
});
