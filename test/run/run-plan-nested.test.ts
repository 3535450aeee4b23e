import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';
import type { StepRunner } from '../../src/steps/step-context.ts';

function innerPlan(goals: RunnablePlan['source'] = {}): RunnablePlan {
  return { ...planOf([step('fetch'), step('line', ['fetch'])]), name: 'summarise', source: { inputs: { repository: {} }, ...goals } };
}

const planStep = (key: string, extra: Partial<PlanStep> = {}): PlanStep => step(key, [], { type: 'plan', uses: 'plans/summarise.yml', with: { repository: 'octo/web' }, ...extra });

/** Inner steps answer with the repository they were given; `line` reports one model call. */
const runner: StepRunner = async (ctx) => {
  if (ctx.step.key === 'fetch') return `stats of ${String(ctx.inputs.repository)}`;
  ctx.onUsage({ modelCalls: 1, promptTokens: 100, completionTokens: 20, costUsd: 0 });
  return `${String(ctx.results.get('fetch'))}: healthy`;
};

describe('a plan step', () => {
  it('runs the used plan as a nested run: its final result is the step’s, its steps show indented', async () => {
    const plan: RunnablePlan = { ...planOf([planStep('web'), step('note', ['web'])]), subplans: new Map([['plans/summarise.yml', innerPlan()]]) };
    const run = startRun(plan, (ctx) => (ctx.step.key === 'note' ? Promise.resolve(`note: ${String(ctx.results.get('web'))}`) : runner(ctx)));
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.results.get('web')).toBe('stats of octo/web: healthy');
    expect(checklistLines(outcome.record)).toEqual([
      '✅ web. step web → stats of octo/web: healthy',
      '  ✅ fetch. step fetch → stats of octo/web',
      '  ✅ line. step line → stats of octo/web: healthy',
      '✅ note. step note → note: stats of octo/web: healthy',
    ]);
    expect(run.events.filter((event) => event.type === 'nested_event')).not.toHaveLength(0);
  });

  it('counts the nested run’s model use against the outer run’s budget', async () => {
    const plan: RunnablePlan = { ...planOf([planStep('web')], { max_model_calls: 5 }), subplans: new Map([['plans/summarise.yml', innerPlan()]]) };
    const outcome = await startRun(plan, runner).outcome;
    expect(outcome.usage.modelCalls).toBe(1);
    expect(outcome.record.steps.get('web')?.usage).toMatchObject({ modelCalls: 1, promptTokens: 100 });
  });

  it('stops the whole run when the nested run spends past the outer budget', async () => {
    const plan: RunnablePlan = { ...planOf([planStep('web')], { max_model_calls: 0 }), subplans: new Map([['plans/summarise.yml', innerPlan()]]) };
    const outcome = await startRun(plan, runner).outcome;
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toContain('max_model_calls');
  });

  // Found by an adversarial pass: the used plan's steps the budget stopped said "cancelled", since its run
  // stopped with its outer run's signal before its own budget listener heard the stop's reason.
  it('stops the used plan’s run for its outer run’s limit, not as cancelled', async () => {
    const inner: RunnablePlan = { ...planOf([step('fetch'), step('line', ['fetch']), step('tail', ['line'])]), name: 'summarise', source: { inputs: { repository: {} } } };
    const plan: RunnablePlan = { ...planOf([planStep('web')], { max_model_calls: 0 }), subplans: new Map([['plans/summarise.yml', inner]]) };
    const outcome = await startRun(plan, runner).outcome;
    const nested = outcome.record.steps.get('web')!.nested!;
    expect(nested.steps.get('tail')?.skipReason).toMatch(/^budget exceeded: max_model_calls 0/);
    expect(nested.reason).toMatch(/^budget exceeded: max_model_calls 0/);
    expect(checklistLines(outcome.record).join('\n')).not.toContain('cancelled');
  });

  it('fails when the used plan’s goals are not met, saying which', async () => {
    const inner = innerPlan({ goals: [{ name: 'says unhealthy', contains: 'unhealthy' }] });
    const plan: RunnablePlan = { ...planOf([planStep('web')]), subplans: new Map([['plans/summarise.yml', inner]]) };
    const outcome = await startRun(plan, runner).outcome;
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toMatch(/^step web failed: the plan plans\/summarise\.yml ran, but its goals decide against it: 'says unhealthy' not met/);
  });

  it('fails when the nested run fails, with its reason', async () => {
    const plan: RunnablePlan = { ...planOf([planStep('web')]), subplans: new Map([['plans/summarise.yml', innerPlan()]]) };
    const failing: StepRunner = (ctx) => (ctx.step.key === 'fetch' ? Promise.reject(new Error('API down')) : runner(ctx));
    const outcome = await startRun(plan, failing).outcome;
    expect(outcome.reason).toBe('step web failed: the plan plans/summarise.yml did not succeed: step fetch failed: API down');
  });

  it('resolves references in with: from upstream results', async () => {
    const plan: RunnablePlan = {
      ...planOf([step('pick'), planStep('web', { dependsOn: ['pick'], with: { repository: '${steps.pick.result}' } })]),
      subplans: new Map([['plans/summarise.yml', innerPlan()]]),
    };
    const outcome = await startRun(plan, (ctx) => (ctx.step.key === 'pick' ? Promise.resolve('octo/api') : runner(ctx))).outcome;
    expect(outcome.finalResult).toBe('stats of octo/api: healthy');
  });
});

// Found by an adversarial pass: the used plan's `run_finished` (in the trace, and its record's figures) gave the
// outer run's budget total and the time since the job began: a used plan that made one model call recorded
// the three of the whole job so far, and a run of no time the outer step's 5 s before it.
describe('a used plan’s run_finished', () => {
  it('has the used plan’s own model use and duration, not the outer run’s so far', async () => {
    const plan: RunnablePlan = { ...planOf([step('first'), planStep('web', { dependsOn: ['first'] })]), subplans: new Map([['plans/summarise.yml', innerPlan()]]) };
    const run = startRun(plan, (ctx) => {
      if (ctx.step.key !== 'first') return runner(ctx);
      ctx.onUsage({ modelCalls: 2, promptTokens: 1000, completionTokens: 200, costUsd: 0 });
      run.clock.advance(5000);
      return Promise.resolve('first');
    }, { startedAt: 0 });
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.usage.modelCalls).toBe(3);
    const nestedEnd = run.events.flatMap((event) => (event.type === 'nested_event' && event.event.type === 'run_finished' ? [event.event] : []));
    expect(nestedEnd).toHaveLength(1);
    expect(nestedEnd[0]).toMatchObject({ usage: { modelCalls: 1, promptTokens: 100, completionTokens: 20 }, durationMs: 0 });
    expect(outcome.record.steps.get('web')?.nested?.usage).toMatchObject({ modelCalls: 1, promptTokens: 100 });
  });
});
