// A cancelled eval counted the run it interrupted in every figure (runs 5, success 80%) though its note said the
// figures cover only the runs that finished, printed the runs it was asked for, and blamed a correct fault rule
// for a column that never ran (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evalSettings } from './eval-fixture.ts';
import { evaluate } from '../../src/eval/evaluate.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-cancelled-'));
  await writeFile(path.join(dir, 'plan.yml'), 'name: sum\ngoal: Add 1 and 2\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a cancelled eval', () => {
  it('leaves the interrupted run out of the figures, counts what finished, and blames no rule of a column that never ran', async () => {
    const settings = evalSettings(path.join(dir, 'plan.yml'), {
      runs: 3,
      // Every add is held long enough for the cancel to land inside run 3; the second rule is for the baseline, which never runs.
      faults: [{ tool: 'add', fault: 'slow', delay: '300ms', rate: 1 }, { model: 'react', fault: 'http 500', attempt: 1 }],
      baselines: ['react'],
      model: { kind: 'answers', answers: { react: [{ text: '3' }] } },
    });
    const controller = new AbortController();
    const report = await evaluate(settings, {}, {
      clock: systemClock,
      signal: controller.signal,
      onRun: (run) => {
        if (run.run === 2) setTimeout(() => controller.abort(), 50);
      },
    });
    expect(report.runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'cancelled']);
    expect(report.columns.map((column) => [column.column, column.runs, column.successRate])).toEqual([['plan', 2, 1]]);
    expect(report.markdown).toContain('2 of 6 run(s) finished (3 per column asked)');
    expect(report.markdown).not.toContain('rule 2');
    expect(report.passed).toBe(false);
  });

  // Found by a review: cancelled before any run finished, it printed a table of empty cells under an empty header.
  it('cancelled before any run finished says there are no figures, with no table', async () => {
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 3, faults: [{ tool: 'add', fault: 'slow', delay: '300ms', rate: 1 }] });
    const controller = new AbortController();
    // Every add is held 300 ms: the cancel lands inside the first run.
    setTimeout(() => controller.abort(), 50);
    const report = await evaluate(settings, {}, { clock: systemClock, signal: controller.signal });
    expect(report.columns).toEqual([]);
    expect(report.markdown).toMatch(/^## plan-runner eval: .*plan\.yml\n\nNo run finished, so there are no figures\.\n\n_0 of 3 run\(s\) finished/);
    expect(report.markdown).not.toContain('|');
    expect(report.passed).toBe(false);
  });
});
