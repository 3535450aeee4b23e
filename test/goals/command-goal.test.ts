import { realpathSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import type { GoalDeps } from '../../src/goals/goal-check.ts';
import { isProcessGone, listenForPid, treeScript } from '../tools/grandchild-probe.ts';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

const NODE = process.execPath;
const CWD = realpathSync(os.tmpdir());
/** What a caller passes after scrubbing: PATH only, plus what a test adds. */
const deps = (env: NodeJS.ProcessEnv = {}, signal?: AbortSignal): GoalDeps => ({ cwd: CWD, env: { PATH: process.env.PATH, ...env }, signal });
const script = (code: string, ...args: string[]) => ({ command: [NODE, '-e', code, ...args] });

describe('command', () => {
  // Found by a review: where command goals run (no `commandsRefused`), one on a step reused from a run that read another
  // checkout (marked `elsewhere`) was checked on that result, which a goal of any other kind is not.
  it('is not checked on a result read from a checkout other than the run’s commit, where command goals run', async () => {
    const target = { ...finishedRun('good', { read: { state: 'completed', result: 'good' } }), foreign: new Map([['read', 'step read was reused from a run that ran it with a tool that reads its checkout']]) };
    const result = await checkGoal({ of: 'read', command: ['true'] }, target, deps());
    expect(result.outcome).toBe('error');
    expect(result.evidence).toContain('not checked: step read was reused from a run that ran it');
  });

  it('is met on exit 0, with the result on stdin and the cwd given', async () => {
    const code = `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{console.log('got '+s.length+' chars in '+process.cwd())})`;
    const result = await checkGoal(script(code), finishedRun('a report of 29 characters [1]'), deps());
    expect(result).toMatchObject({ outcome: 'met', evidence: `exit code 0; output:\ngot 29 chars in ${CWD}` });
  });

  it('is unmet on a non-zero exit, with the exit code and the last 20 lines of output', async () => {
    const code = `for(let i=1;i<=30;i++)console.log('line '+i);console.error('2 tests failed');process.exit(1)`;
    const result = await checkGoal(script(code), finishedRun('x'), deps());
    expect(result.outcome).toBe('unmet');
    const lines = result.evidence.split('\n');
    expect(lines[0]).toBe('exit code 1; output:');
    expect(lines.slice(1)).toEqual(['…', ...Array.from({ length: 19 }, (_, i) => `line ${i + 12}`), '2 tests failed']);
  });

  it('could not be evaluated when it times out', async () => {
    const result = await checkGoal({ ...script('setInterval(() => {}, 1000)'), timeout_seconds: 0.2 }, finishedRun('x'), deps());
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: `.+` timed out after 0\.2 s; raise the goal's timeout_seconds if it needs longer$/);
  });

  // Found by an adversarial pass: a command killed by a signal was unmet, so with fail-on-unmet-goals: false the
  // job passed (check run neutral) over a goal that never gave a verdict.
  it('could not be evaluated when it is killed by a signal', async () => {
    const result = await checkGoal({ command: ['sh', '-c', 'echo starting; kill -KILL $$'] }, finishedRun('x'), deps());
    expect(result.outcome).toBe('error');
    expect(result.evidence).toBe('could not evaluate: the command was killed by SIGKILL, so it gave no verdict; output:\nstarting');
    // A shell reports its child's kill as 128 + the signal's number: no verdict either.
    const wrapped = await checkGoal({ command: ['sh', '-c', 'sh -c "kill -KILL \\$\\$"; exit $?'] }, finishedRun('x'), deps());
    expect(wrapped.outcome).toBe('error');
    expect(wrapped.evidence).toMatch(/^could not evaluate: the command exited with status 137 \(a shell's status for a child killed by SIGKILL\), so it gave no verdict/);
  });

  it('could not be evaluated when the program does not exist', async () => {
    const result = await checkGoal({ command: ['plan-runner-no-such-program', '--check'] }, finishedRun('x'), deps());
    expect(result.outcome).toBe('error');
    expect(result.evidence).toBe(
      `could not evaluate: could not start \`plan-runner-no-such-program --check\` in ${CWD}: ENOENT; check that it is installed and on PATH`,
    );
  });

  it('runs argv without a shell: shell syntax reaches the program as plain text', async () => {
    const result = await checkGoal(script('console.log(process.argv[1])', '$(echo hacked); exit 1'), finishedRun('x'), deps());
    expect(result).toMatchObject({ outcome: 'met', evidence: 'exit code 0; output:\n$(echo hacked); exit 1' });
  });

  it('sees only the environment the caller passed, not a secret of the runner', async () => {
    process.env.PLAN_RUNNER_GOAL_TEST_SECRET = 'hunter2';
    try {
      const code = `console.log(JSON.stringify([process.env.PLAN_RUNNER_GOAL_TEST_SECRET ?? null, process.env.PASSED ?? null]))`;
      const result = await checkGoal(script(code), finishedRun('x'), deps({ PASSED: 'yes' }));
      expect(result).toMatchObject({ outcome: 'met', evidence: 'exit code 0; output:\n[null,"yes"]' });
    } finally {
      delete process.env.PLAN_RUNNER_GOAL_TEST_SECRET;
    }
  });

  it('kills the whole process group when the run is cancelled', async () => {
    const probe = await listenForPid();
    try {
      const controller = new AbortController();
      const pending = checkGoal(script(treeScript(), probe.socketPath), finishedRun('x'), deps({}, controller.signal));
      const grandchild = await probe.pid;
      expect(isProcessGone(grandchild)).toBe(false);
      controller.abort();
      const result = await pending;
      expect(result.outcome).toBe('error');
      expect(result.evidence).toMatch(/^could not evaluate: the run was cancelled while `.+` was running$/);
      await expect.poll(() => isProcessGone(grandchild)).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('leaves no background process behind when the command exits', async () => {
    const probe = await listenForPid();
    try {
      const pending = checkGoal(script(treeScript({ thenPrint: 'done' }), probe.socketPath), finishedRun('x'), deps());
      const grandchild = await probe.pid;
      expect(await pending).toMatchObject({ outcome: 'met', evidence: 'exit code 0; output:\ndone' });
      await expect.poll(() => isProcessGone(grandchild)).toBe(true);
    } finally {
      await probe.close();
    }
  });

  it('could not be evaluated when the run produced no result to feed it', async () => {
    const result = await checkGoal({ command: [NODE, '-e', 'process.exit(0)'] }, finishedRun(undefined), deps());
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the run produced no result/);
  });
});
