// A plan that waits for approval before its first step (`approval: plan`) ran no step in any run, and the eval
// passed, exit 0: only refused runs counted as evaluating nothing (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evalSettings } from './eval-fixture.ts';
import { evaluate } from '../../src/eval/evaluate.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-approval-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function evaluatePlan(name: string, plan: string) {
  const file = path.join(dir, name);
  await writeFile(file, plan);
  return evaluate(evalSettings(file, { runs: 2 }), {}, { clock: systemClock, signal: new AbortController().signal });
}

const steps = (second: string) => `workflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n  - { id: b, type: tool_call, tool: add, args: { a: 1, b: 3 }, depends_on: [a]${second} }\n`;

describe('an eval of a plan that waits for approval', () => {
  it('fails when no run got to its first step', async () => {
    const report = await evaluatePlan('whole.yml', `name: whole\ntoolsets: [math]\napproval: plan\n${steps('')}`);
    expect(report.runs.map((run) => run.status)).toEqual(['awaiting-approval', 'awaiting-approval']);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('Failed: no run of plan got to its first step: each was refused or waited for an approval, which an evaluation never gives');
  });

  it('evaluated the steps that ran before a step that waits', async () => {
    const report = await evaluatePlan('step.yml', `name: step\ntoolsets: [math]\n${steps(', approval: true')}`);
    expect(report.runs.map((run) => [run.status, run.stepsStarted])).toEqual([['awaiting-approval', 1], ['awaiting-approval', 1]]);
    expect(report.markdown).not.toContain('got to its first step');
  });
});
