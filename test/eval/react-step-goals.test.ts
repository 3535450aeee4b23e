// A goal on the plan's steps (`all_steps_completed`, `of: <step>`) could not be evaluated on the ReAct baseline, which
// runs no steps: every ReAct run was `goals-unmet`, and the table showed a 0% baseline the plan beat, its goal rows 0%
// as if measured (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { evalSettings } from './eval-fixture.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-react-step-goals-'));
  await writeFile(
    path.join(dir, 'plan.yml'),
    [
      'name: sum',
      'goal: Add 1 and 2',
      'toolsets: [math]',
      'workflow_sequence:',
      '  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
      'goals:',
      '  - { name: says three, contains: "3" }',
      '  - { name: every step, all_steps_completed: true }',
      '  - { name: the sum, of: a, contains: "3" }',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the ReAct baseline and goals on the plan’s steps', () => {
  it('leaves them out of its column, saying so, and judges it on the goals it can meet', async () => {
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 2, baselines: ['react'], model: { kind: 'answers', answers: { react: [{ text: 'The sum is 3.' }] } } });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.map((run) => [run.column, run.status])).toEqual([['plan', 'succeeded'], ['plan', 'succeeded'], ['react', 'succeeded'], ['react', 'succeeded']]);
    const react = report.columns.find((column) => column.column === 'react')!;
    expect(react.successRate).toBe(1);
    expect(react.goalsMetRate).toEqual([{ name: 'says three', rate: 1 }]);
    expect(report.markdown).toContain('| goal met: every step | 100% | — |');
    expect(report.markdown).toContain('| goal met: the sum | 100% | — |');
    expect(report.markdown).toContain("The ReAct baseline runs no steps, so goals on the plan's steps are not checked on it (— in its column): every step, the sum.");
    expect(report.passed).toBe(true);
  });

  // Found by an eval hunt: a column of runs that got no answer listed no goal, so its goal rows read `—` (not checked)
  // beside a 0% success rate, where a plan's failed runs read 0%.
  it('counts the goals it can meet as unmet in a run that ended without an answer', async () => {
    const looping = { react: [{ tool_calls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }] };
    const settings = evalSettings(path.join(dir, 'plan.yml'), { runs: 2, baselines: ['react'], maxTurns: 2, model: { kind: 'answers', answers: looping } });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.runs.filter((run) => run.column === 'react').map((run) => [run.status, run.reason])).toEqual([['failed', 'no final answer within 2 turns'], ['failed', 'no final answer within 2 turns']]);
    const react = report.columns.find((column) => column.column === 'react')!;
    expect(react.goalsMetRate).toEqual([{ name: 'says three', rate: 0 }]);
    expect(report.markdown).toContain('| goal met: says three | 100% | 0% |');
    expect(report.markdown).toContain('| goal met: every step | 100% | — |');
  });
});
