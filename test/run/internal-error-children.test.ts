import { expect, it } from 'vitest';
import type { ForEach, PlanStep } from '../../src/core/plan-step.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { FakeSteps, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

// The redactor throws on step b's text, as hostile texts have made one: a bug in the executor, met once x completes.
const redact = (text: string): string => {
  if (text.includes('step b')) throw new RangeError('the redactor broke');
  return text;
};
const forEach: ForEach = { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' };

it('ends the items an executor bug leaves running, not only their for_each step', async () => {
  const fake = new FakeSteps();
  const steps = [step('list'), step('x', ['list']), step('each', ['list'], { forEach }), step('b', ['x'])];
  const run = startRun(planOf(steps, { concurrency: 4 }), fake.runner, { redact });
  await fake.started('list');
  fake.complete('list', ['one', 'two']);
  await Promise.all([fake.started('x'), fake.started('each[0]'), fake.started('each[1]')]);
  fake.complete('each[0]', 'first');
  fake.complete('x');
  const outcome = await run.outcome;
  expect(outcome.status).toBe('failed');
  const each = outcome.record.steps.get('each')!;
  expect(each.state).toBe('failed');
  expect(each.items?.map((item) => item.state)).toEqual(['completed', 'failed']);
  expect(each.items?.[1]?.error).toBe('internal error in the executor: the redactor broke');
  expect(each.itemCounts).toMatchObject({ running: 0, completed: 1, failed: 1 });
});

it('ends the used plan’s run an executor bug leaves, its running step failed and the rest skipped', async () => {
  const fake = new FakeSteps();
  const inner: RunnablePlan = { ...planOf([step('fetch'), step('line', ['fetch'])]), name: 'summarise', source: {} };
  const web: PlanStep = step('web', [], { type: 'plan', uses: 'plans/summarise.yml' });
  const plan: RunnablePlan = { ...planOf([web, step('x'), step('b', ['x'])], { concurrency: 4 }), subplans: new Map([['plans/summarise.yml', inner]]) };
  const run = startRun(plan, fake.runner, { redact });
  await Promise.all([fake.started('fetch'), fake.started('x')]);
  fake.complete('x');
  const outcome = await run.outcome;
  expect(outcome.status).toBe('failed');
  const nested = outcome.record.steps.get('web')!.nested!;
  expect(nested.steps.get('fetch')?.state).toBe('failed');
  expect(nested.steps.get('line')?.state).toBe('skipped');
  expect(nested.status).toBe('failed');
  expect(checklistLines(outcome.record).filter((line) => line.includes('⏳') || line.includes('⬜'))).toEqual([]);
});
