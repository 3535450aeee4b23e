// `mode: eval` checks no plan before its runs (the CLI does, and prints each problem located): each run of a plan
// that does not load was rejected with the problem's words alone, and the job summary said "unknown tool `ad`" with
// no file, line or column to find it by (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-located-'));
  await writeFile(path.join(dir, 'bad.yml'), 'name: bad\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: ad, args: { a: 1, b: 2 } }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an eval of a plan that does not load', () => {
  it('says where in the file each run’s problem is, in the runs and in the table', async () => {
    const file = path.join(dir, 'bad.yml');
    const report = await evaluate(evalSettings(file, { baselines: ['react'] }), {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.passed).toBe(false);
    expect(report.runs.map((run) => [run.column, run.status, run.reason])).toEqual([
      ['plan', 'rejected', `${file}:4:37: unknown tool \`ad\`; available tools: add, divide, multiply, subtract (at workflow_sequence[0].tool)`],
      ['react', 'rejected', `${file}:4:37: unknown tool \`ad\`; available tools: add, divide, multiply, subtract (at workflow_sequence[0].tool)`],
    ]);
    expect(report.markdown).toContain('bad.yml:4:37: unknown tool');
  });
});
