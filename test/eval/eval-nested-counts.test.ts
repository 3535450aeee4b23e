// A retry inside a used plan (`type: plan`) was in no figure: only the top plan's events were counted
// (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evalSettings } from './eval-fixture.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { runEval } from '../../src/eval/run-eval.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-nested-'));
  await writeFile(path.join(dir, 'sub.yml'), 'name: sub\ntoolsets: [math]\nworkflow_sequence:\n  - { id: inner, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }\n');
  await writeFile(path.join(dir, 'top.yml'), 'name: top\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: plan, uses: sub.yml }\n');
  await writeFile(path.join(dir, 'think.yml'), 'name: think\nworkflow_sequence:\n  - { id: line, type: reasoning, description: Say one line. }\n');
  await writeFile(path.join(dir, 'uses-think.yml'), 'name: uses think\nworkflow_sequence:\n  - { id: web, type: plan, uses: think.yml }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an eval of a plan that uses another', () => {
  it('counts the retries of the used plan’s steps', async () => {
    const settings = evalSettings(path.join(dir, 'top.yml'), { faults: [{ tool: 'multiply', fault: 'timeout', attempt: 1 }] });
    const [run] = await runEval(settings, { clock: systemClock, signal: new AbortController().signal });
    expect(run).toMatchObject({ status: 'succeeded', retries: 1, stepsStarted: 1 });
  });

  // A rule written by the bare id (`step:line`) matched nothing, and the advice named no way to reach the step.
  it('suggests the using step\'s name for a fault rule that names a used plan\'s step by its bare id', async () => {
    const settings = {
      ...evalSettings(path.join(dir, 'uses-think.yml'), { faults: [{ model: 'step:line', fault: 'http 500' as const, rate: 1 }] }),
      model: { kind: 'answers' as const, answers: { 'step:web/line': [{ text: 'One line.' }] } },
    };
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('rule 1 (model: step:line, http 500) matched no call in any run');
    expect(report.markdown).toContain('_The steps and goals of a plan that a \\`type: plan\\` step uses are named by that step (\\`step:\\<using step>/\\<id>\\`, \\`goal:\\<using step>/\\<name>\\`): rule 1 may mean \\`model: step:web/line\\`._');
  });
});
