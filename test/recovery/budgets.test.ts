import { describe, expect, it } from 'vitest';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { BudgetExceededError } from '../../src/run/budget-exceeded-error.ts';
import { budgetedModelClient } from '../../src/job/budgeted-model-client.ts';
import { ModelCallError } from '../../src/llm/model-call-error.ts';
import { RunBudget } from '../../src/run/run-budget.ts';
import { estimatePromptTokens } from '../../src/llm/call-usage.ts';
import { groupDigits } from '../../src/core/group-digits.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { StepError } from '../../src/core/step-error.ts';
import { FakeSteps, flushMicrotasks, step } from '../run/fake-steps.ts';
import { planOf, startRun } from '../run/run-fixture.ts';
import { scriptedSteps } from './scripted-steps.ts';

const fakeModel: ModelClient = {
  defaultModel: 'gpt-4.1-mini',
  complete: async (request) => ({
    id: 'x',
    object: 'chat.completion',
    created: 0,
    model: request.model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 1_000, completion_tokens: 100, total_tokens: 1_100 },
  }),
};
const ask = (client: ModelClient, purpose: string) => client.complete({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'hi' }] }, { purpose });

describe('budgets', () => {
  it('counts planner, replanner and judge calls, and refuses a call past max_model_calls before it is made', async () => {
    const budget = new RunBudget({ max_model_calls: 2 });
    const client = budgetedModelClient(fakeModel, budget);
    await ask(client, 'planner');
    await ask(client, 'goal:short');
    expect(budget.usage).toMatchObject({ modelCalls: 2, promptTokens: 2_000, completionTokens: 200 });
    const refused = await ask(client, 'replanner').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect((refused as Error).message).toBe('budget exceeded: max_model_calls 2 (spent 2; the replanner needed another call)');
    expect(budget.signal.aborted).toBe(true);
  });

  it('counts the requests the model client reports abandoned, apart from every limit', async () => {
    const budget = new RunBudget({ max_model_calls: 5 });
    const abandoning: ModelClient = {
      defaultModel: 'gpt-4.1-mini',
      complete: async (_request, label) => {
        label.onAbandoned?.();
        label.onAbandoned?.();
        throw new Error('cancelled');
      },
    };
    await expect(ask(budgetedModelClient(abandoning, budget), 'planner')).rejects.toThrow('cancelled');
    expect(budget.usage).toEqual({ modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0, abandonedRequests: 2 });
    expect(budget.signal.aborted).toBe(false);
  });

  // A planner's or judge's call answered 200 with no choices but its usage: billed by the endpoint, counted nowhere.
  it('charges a planner call whose answer was no answer but reported its usage', async () => {
    const budget = new RunBudget({ max_tokens: 1_000 });
    const billed = { id: '', object: 'chat.completion' as const, created: 0, model: 'gpt-4.1-mini', choices: [], usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1_100 } };
    const failing: ModelClient = {
      defaultModel: 'gpt-4.1-mini',
      complete: async () => {
        throw new ModelCallError({ purpose: 'planner', model: 'gpt-4.1-mini', failure: 'malformed', transient: false, attempts: 1, detail: '`choices` is empty', billed });
      },
    };
    await expect(ask(budgetedModelClient(failing, budget), 'planner')).rejects.toThrow('`choices` is empty');
    expect(budget.usage).toMatchObject({ modelCalls: 1, promptTokens: 900, completionTokens: 200 });
    expect(budget.exceeded?.message).toBe('budget exceeded: max_tokens 1,000 (spent 1,100)');
  });

  // Found by a review: a call was refused for its prompt taken at half its estimate, and charged as little as a quarter
  // less 1,000 tokens: 200,000 dashes an endpoint counted as 2,000 tokens were refused under a 20,000-token cap as "at
  // least 25,005 tokens", where the budget would have charged 12,504.
  it('sends a call whose prompt the budget would charge within max_tokens, however far its estimate passes the cap', async () => {
    const budget = new RunBudget({ max_tokens: 20_000 });
    const endpoint: ModelClient = { ...fakeModel, complete: async (request, label) => ({ ...(await fakeModel.complete(request, label)), usage: { prompt_tokens: 2_000, completion_tokens: 1, total_tokens: 2_001 } }) };
    await budgetedModelClient(endpoint, budget).complete({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: '-'.repeat(200_000) }] }, { purpose: 'planner' });
    expect(budget.usage).toMatchObject({ modelCalls: 1, promptTokens: 12_503, completionTokens: 1, estimatedCalls: 1 });
    expect(budget.exceeded).toBeUndefined();
  });

  it('refuses a call for its prompt alone exactly when the least it would be charged passes what is left', async () => {
    const request = { model: 'gpt-4.1-mini', messages: [{ role: 'user' as const, content: '-'.repeat(200_000) }] };
    // The least the budget charges for this prompt: the endpoint's count, taken down to a quarter of the estimate less 1,000.
    const least = Math.ceil(estimatePromptTokens(request) / 4) - 1_000;
    const endpoint = (promptTokens: number): ModelClient => ({ ...fakeModel, complete: async (sent, label) => ({ ...(await fakeModel.complete(sent, label)), usage: { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens } }) });
    const atCap = new RunBudget({ max_tokens: least });
    await budgetedModelClient(endpoint(least), atCap).complete(request, { purpose: 'planner' });
    expect(atCap.usage.promptTokens + atCap.usage.completionTokens).toBe(least);
    const past = new RunBudget({ max_tokens: least - 1 });
    await expect(budgetedModelClient(endpoint(least), past).complete(request, { purpose: 'planner' })).rejects.toThrow(
      `budget exceeded: max_tokens ${groupDigits(least - 1)} (spent 0; the planner needed a call whose prompt alone would be charged at least ${groupDigits(least)} tokens, more than the ${groupDigits(least - 1)} left; it was not sent)`,
    );
  });

  it('prices calls by the plan\'s pricing: over the built-in table', () => {
    const budget = new RunBudget({ max_cost_usd: 0.5 }, { 'gpt-4.1-mini': { input_per_mtok: 200, output_per_mtok: 1_000 } });
    budget.charge({ modelCalls: 1, promptTokens: 1_000, completionTokens: 100, costUsd: 0.0006, model: 'gpt-4.1-mini' } as never);
    expect(budget.usage.costUsd).toBeCloseTo(0.3);
    budget.charge({ modelCalls: 1, promptTokens: 1_000, completionTokens: 100, costUsd: 0.0006, model: 'gpt-4.1-mini' } as never);
    expect(budget.exceeded?.message).toBe('budget exceeded: max_cost_usd 0.50 (spent 0.60)');
  });

  // An endpoint that reported its model as `constructor` made every call cost NaN, which passes no cap: three
  // calls of ~$2 each ran under max_cost_usd: 0.01 (found by an adversarial pass).
  it('prices a call the endpoint names after an Object member by the model asked for, and stops at the cap', () => {
    const budget = new RunBudget({ max_cost_usd: 0.01 });
    budget.charge({ modelCalls: 1, promptTokens: 1_000_000, completionTokens: 1_000_000, costUsd: 0, model: 'constructor', requestedModel: 'gpt-4.1-mini' } as never);
    expect(budget.usage.costUsd).toBeCloseTo(2);
    expect(budget.exceeded?.message).toBe('budget exceeded: max_cost_usd 0.010 (spent 2.000)');
  });

  it('shows a small cost cap and its spend with enough digits to tell them apart', () => {
    const budget = new RunBudget({ max_cost_usd: 0.001 });
    budget.charge({ modelCalls: 1, promptTokens: 1_000, completionTokens: 750, costUsd: 0, model: 'gpt-4.1-mini' } as never);
    expect(budget.exceeded?.message).toBe('budget exceeded: max_cost_usd 0.0010 (spent 0.0016)');
    expect(new BudgetExceededError('max_cost_usd', 0.001, 0.001_000_4).message).toBe('budget exceeded: max_cost_usd 0.0010000 (spent 0.0010004)');
    expect(new BudgetExceededError('max_cost_usd', 2, 2.345).message).toBe('budget exceeded: max_cost_usd 2.00 (spent 2.35)');
  });

  it('stops the run at max_tokens: running steps cancelled, the rest skipped, completed results kept', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b'), step('c', ['a', 'b'])], { max_tokens: 100 }), fake.runner);
    const [, b] = await Promise.all([fake.started('a'), fake.started('b')]);
    fake.complete('a', 'kept');
    await flushMicrotasks();
    b.onUsage({ modelCalls: 1, promptTokens: 120, completionTokens: 30, costUsd: 0 });
    expect(b.signal.aborted).toBe(true);
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'budget exceeded: max_tokens 100 (spent 150)' });
    expect(outcome.record.steps.get('b')).toMatchObject({ state: 'failed', error: 'budget exceeded: max_tokens 100 (spent 150)' });
    expect(outcome.record.steps.get('c')).toMatchObject({ state: 'skipped' });
    expect(outcome.results.get('a')).toBe('kept');
  });

  it('keeps the answer of the step whose own call passed the cap, and stops the work after it', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b', ['a']), step('c', ['b'])], { max_tokens: 100 }), fake.runner);
    fake.complete('a', 'first');
    const b = await fake.started('b');
    // The step's answer has come and is charged; the step returns it straight away.
    b.onUsage({ modelCalls: 1, promptTokens: 120, completionTokens: 30, costUsd: 0 });
    fake.complete('b', 'paid answer');
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'budget exceeded: max_tokens 100 (spent 150)' });
    expect(outcome.record.steps.get('b')).toMatchObject({ state: 'completed', result: 'paid answer', usage: { promptTokens: 120, completionTokens: 30 } });
    expect(outcome.results.get('b')).toBe('paid answer');
    expect(outcome.record.steps.get('c')).toMatchObject({ state: 'skipped' });
    expect(fake.startOrder).toEqual(['a', 'b']);
  });

  it('starts no tool for the step after its own call passed the cap: the stop applies to later work', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a')], { max_tokens: 100 }), fake.runner);
    const a = await fake.started('a');
    a.onUsage({ modelCalls: 1, promptTokens: 120, completionTokens: 30, costUsd: 0 });
    let executed = false;
    const tool = { name: 'publish', description: 'd', sideEffects: true, execute: async () => (executed = true) };
    const refused = await a.callTool(tool as never, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect(executed).toBe(false);
    fake.fail('a', refused);
    expect(await run.outcome).toMatchObject({ status: 'failed', reason: 'budget exceeded: max_tokens 100 (spent 150)' });
  });

  it('counts steps added by replanning against max_steps', async () => {
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [step('x', ['a']), step('y', ['x'])] }),
      review: async () => ({ fits: true, reason: '' }),
    };
    const runner = scriptedSteps({ b: [{ fail: new StepError('gone', { transient: false }) }] });
    const outcome = await startRun(planOf([step('a'), step('b', ['a'])], { max_steps: 3 }), runner, { replanner }).outcome;
    expect(runner.calls).toEqual(['a', 'b', 'x']);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'budget exceeded: max_steps 3 (spent 3; step y would have been one more)' });
    expect(outcome.record.steps.get('y')).toMatchObject({ state: 'skipped' });
    expect(outcome.results.get('x')).toBe('result of x');
  });

  // The replanner was told only the completed steps: a replacement that fit beside them passed its check,
  // and the budget stopped it midway, having counted the failed step too.
  it('tells the replanner the steps max_steps has counted, the failed one too', async () => {
    const asked: (number | undefined)[] = [];
    const replanner: Replanner = {
      replan: async (request) => (asked.push(request.stepsCounted), { ok: false, problem: 'no' }),
      review: async () => ({ fits: true, reason: '' }),
    };
    const runner = scriptedSteps({ b: [{ fail: new StepError('gone', { transient: false }) }] });
    await startRun(planOf([step('a'), step('b', ['a'])], { max_steps: 3 }), runner, { replanner }).outcome;
    expect(asked).toEqual([2]);
  });
});
