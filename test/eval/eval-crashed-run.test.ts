// A run that threw instead of ending (a trace file it could not open, plan-runner's own error) was counted as a
// refused run of the plan: with a gate it could still pass on the runs that did run (found by an adversarial pass:
// `eval --runs 300 --trace-dir` past the open-file limit failed 120 runs with EMFILE, and exited 0).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-crashed-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sum\ngoal: Add 1 and 2\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an eval with a run that failed to start or finish', () => {
  it('fails, whatever the gates, saying why', async () => {
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 4 });
    const report = await evaluate(settings, { minSuccessRate: 0.5 }, {
      clock: systemClock,
      signal: new AbortController().signal,
      listenersFor: (_column, run) => {
        if (run === 4) throw new Error('EMFILE: too many open files');
        return [];
      },
    });
    expect(report.runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'rejected']);
    expect(report.thresholds).toEqual([expect.objectContaining({ name: 'min-success-rate', ok: true })]);
    expect(report.markdown).toContain('Failed: 1 of 4 run(s) failed to start or finish, so they measured nothing of the plan (the run failed to start or finish: EMFILE: too many open files).');
    expect(report.passed).toBe(false);
    // Runs that all ended, whatever their status, do not.
    const whole = await evaluate(settings, { minSuccessRate: 0.5 }, { clock: systemClock, signal: new AbortController().signal });
    expect(whole.passed).toBe(true);
  });
});
