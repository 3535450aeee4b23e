// A retry inside a used plan (`type: plan`) was in no figure: only the top plan's events were counted
// (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { evalSettings } from './eval-fixture.ts';
import { runEval } from '../../src/eval/run-eval.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-nested-'));
  await writeFile(path.join(dir, 'sub.yml'), 'name: sub\ntoolsets: [math]\nworkflow_sequence:\n  - { id: inner, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }\n');
  await writeFile(path.join(dir, 'top.yml'), 'name: top\ntoolsets: [math]\nworkflow_sequence:\n  - { id: s, type: plan, uses: sub.yml }\n');
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
});
