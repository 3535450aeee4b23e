import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { runJob } from '../../src/job/run-job.ts';
import { FakeSteps, step } from '../run/fake-steps.ts';
import { planOf, startRun } from '../run/run-fixture.ts';

const DIVIDE_BY_ZERO = [
  'name: divide by zero',
  'toolsets: [math]',
  'workflow_sequence:',
  '  - { id: 1, type: tool_call, tool: divide, args: { a: 1, b: 0 }, on_failure: replan }',
  '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: 2 }, depends_on: [1] }',
  '',
].join('\n');

describe('on_failure: replan with no replanner configured', () => {
  it('fails the run as `fail` would: the failure is recorded and dependents are skipped', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a', [], { onFailure: 'replan' }), step('b', ['a'])]), fake.runner);
    await fake.started('a');
    fake.fail('a', new Error('boom'));
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'step a failed: boom', replans: 0 });
    expect(outcome.record.steps.get('b')).toMatchObject({ state: 'skipped', skipReason: 'upstream step a failed' });
  });

  it('fails a job whose divide-by-zero step asks for a replan when no model is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-replanner-'));
    writeFileSync(join(dir, 'plan.yml'), DIVIDE_BY_ZERO);
    const outcome = await runJob(
      { planFile: join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: {}, model: { baseURL: 'http://127.0.0.1:9/v1' } },
      { listeners: [], clock: new ManualClock(), createModel: () => undefined },
    );
    expect(outcome.kind).toBe('ran');
    if (outcome.kind !== 'ran') return;
    expect(outcome.status).toBe('failed');
    expect(outcome.run.reason).toMatch(/^step 1 failed: divide: cannot divide 1 by zero/);
    expect(outcome.run.record.steps.get('2')).toMatchObject({ state: 'skipped' });
  });
});
