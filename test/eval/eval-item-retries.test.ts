// A `for_each` item's retry was in no figure: the eval counted `step_retrying` only, and an item retries as
// `item_retrying`, so a plan whose every item met a timeout showed 0 retries per run (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runEval } from '../../src/eval/run-eval.ts';
import { evalSettings } from './eval-fixture.ts';

let dir: string;

const PLAN = `name: items
toolsets: [math]
tools:
  pairs:
    description: The pairs to multiply
    command: ["sh", "-c", "echo '[[1, 2], [3, 4], [5, 6]]'"]
    input: { type: object }
workflow_sequence:
  - { id: list, type: tool_call, tool: pairs, args: {} }
  - id: times
    type: tool_call
    tool: multiply
    for_each: \${steps.list.result}
    as: pair
    args: { a: "\${pair[0]}", b: "\${pair[1]}" }
    retry: { initial_interval: 10ms, max_interval: 10ms }
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plan-runner-eval-items-'));
  await writeFile(path.join(dir, 'items.yml'), PLAN);
  await writeFile(path.join(dir, 'sub.yml'), PLAN);
  await writeFile(path.join(dir, 'top.yml'), 'name: top\nworkflow_sequence:\n  - { id: s, type: plan, uses: sub.yml }\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an eval of a plan with a for_each step', () => {
  it('counts each item’s retry in the run’s retries', async () => {
    const settings = evalSettings(path.join(dir, 'items.yml'), { faults: [{ tool: 'multiply', fault: 'timeout', attempt: 1 }] });
    const [run] = await runEval(settings, { clock: systemClock, signal: new AbortController().signal });
    expect(run).toMatchObject({ status: 'succeeded', retries: 3 });
    expect(run!.faults).toHaveLength(3);
  });

  it('counts the retries of a used plan’s items too', async () => {
    const settings = evalSettings(path.join(dir, 'top.yml'), { faults: [{ tool: 'multiply', fault: 'timeout', attempt: 1 }] });
    const [run] = await runEval(settings, { clock: systemClock, signal: new AbortController().signal });
    expect(run).toMatchObject({ status: 'succeeded', retries: 3 });
  });
});
