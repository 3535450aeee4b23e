import { describe, expect, it } from 'vitest';
import { killedRunEnd } from '../../src/action/finish-killed-run.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { checklistLines } from '../../src/report/checklist.ts';

const step = (key: string, more: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', tool: 't', description: `Step ${key}`, inputs: [], dependsOn: [], ...more });

// What a main step killed mid-run left in its trace: a step done, a for_each step with one item done
// and one running, a used plan whose inner step runs, and a step not started.
const LEFT: RunEvent[] = [
  { type: 'plan_created', at: 0, plan: { name: 'killed', revision: 1, steps: [step('a'), step('each', { forEach: { list: '[1,2]', as: 'item', onItemFailure: 'fail' } }), step('used', { type: 'plan' }), step('later', { dependsOn: ['a'] })] } },
  { type: 'step_started', at: 1, stepKey: 'a' },
  { type: 'step_completed', at: 2, stepKey: 'a', result: 'done', durationMs: 1, usage: { modelCalls: 1, promptTokens: 10, completionTokens: 2, costUsd: 0.01 } },
  { type: 'step_started', at: 3, stepKey: 'each' },
  { type: 'step_expanded', at: 3, stepKey: 'each', keys: ['each[0]', 'each[1]'] },
  { type: 'item_started', at: 4, stepKey: 'each', index: 0 },
  { type: 'item_completed', at: 5, stepKey: 'each', index: 0, result: 1, durationMs: 1, usage: NO_USAGE },
  { type: 'item_started', at: 6, stepKey: 'each', index: 1 },
  { type: 'step_started', at: 6, stepKey: 'used' },
  { type: 'nested_event', at: 6, stepKey: 'used', event: { type: 'plan_created', at: 0, plan: { name: 'inner', revision: 1, steps: [step('x')] } } },
  { type: 'nested_event', at: 7, stepKey: 'used', event: { type: 'step_started', at: 1, stepKey: 'x' } },
];

describe('the end a killed run never wrote', () => {
  it('fails what was running, items and used plans included, skips what was not, and ends the run cancelled', () => {
    const record = [...LEFT, ...killedRunEnd(LEFT.reduce(applyEvent, newRunRecord()))].reduce(applyEvent, newRunRecord());
    expect(record.status).toBe('cancelled');
    expect(record.usage).toMatchObject({ modelCalls: 1, costUsd: 0.01 });
    expect(Object.fromEntries([...record.steps.values()].map((s) => [s.key, s.state]))).toEqual({ a: 'completed', each: 'failed', used: 'failed', later: 'skipped' });
    expect(record.steps.get('each')!.items!.map((item) => item.state)).toEqual(['completed', 'failed']);
    expect(record.steps.get('used')!.nested!.steps.get('x')!.state).toBe('failed');
    expect(record.steps.get('used')!.nested!.status).toBe('cancelled');
    // Nothing is left ⏳ in the checklist.
    expect(checklistLines(record).join('\n')).not.toContain('⏳');
  });
});

// Found by an adversarial pass: a step killed after 300 ms showed `· 11 ms`, the time to the trace's last
// event (which batches events), as if it were how long the step ran.
it('says a killed step ran for at least what the trace shows, not for that', () => {
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a')] } },
    { type: 'step_started', at: 5, stepKey: 'a' },
    { type: 'tool_called', at: 16, stepKey: 'a', callKey: 'c', tool: 't', args: {}, sideEffects: false } as unknown as RunEvent,
  ];
  const record = events.reduce(applyEvent, newRunRecord());
  const failed = killedRunEnd(record).find((event) => event.type === 'step_failed');
  expect(failed).toMatchObject({ stepKey: 'a', durationMs: 11, error: 'the main step ended while this step ran (11 ms or more: the trace ends there)' });
});

// A killed run's cost was its ended steps' alone: a running step's calls (an item's, a used plan's step's) and
// the calls no step owns were left out, and the summary's total was less than was spent.
it('charges a killed step what the trace says it used so far, and the run the calls no step owns', () => {
  const one = (promptTokens: number) => ({ modelCalls: 1, promptTokens, completionTokens: 1, costUsd: 0 });
  const events: RunEvent[] = [
    ...LEFT.slice(0, 3),
    { type: 'model_used', at: 2, usage: one(1000) },
    // A call of step a that answered after its step ended: the run's, not a step's.
    { type: 'model_used', at: 2, usage: one(2000), stepKey: 'a' },
    ...LEFT.slice(3, 8),
    { type: 'model_used', at: 6, usage: one(20), stepKey: 'each' },
    { type: 'model_used', at: 6, usage: one(30), stepKey: 'each' },
    ...LEFT.slice(8),
    { type: 'nested_event', at: 7, stepKey: 'used', event: { type: 'model_used', at: 1, usage: one(400), stepKey: 'x' } },
    // A call of a used plan's step that answered after that step ended: its plan step's, in no other figure.
    { type: 'nested_event', at: 7, stepKey: 'used', event: { type: 'model_used', at: 1, usage: one(5000), stepKey: 'gone' } },
    { type: 'model_used', at: 8, usage: { ...NO_USAGE, abandonedRequests: 1 } },
  ];
  const record = [...events, ...killedRunEnd(events.reduce(applyEvent, newRunRecord()))].reduce(applyEvent, newRunRecord());
  expect(record.steps.get('each')!.usage).toMatchObject({ modelCalls: 2, promptTokens: 50 });
  expect(record.steps.get('used')!.usage).toMatchObject({ modelCalls: 2, promptTokens: 5400 });
  expect(record.steps.get('used')!.nested!.steps.get('x')!.usage).toMatchObject({ modelCalls: 1, promptTokens: 400 });
  expect(record.steps.get('a')!.usage).toMatchObject({ modelCalls: 1, promptTokens: 10 });
  expect(record.usage).toEqual({ modelCalls: 7, promptTokens: 8460, completionTokens: 8, costUsd: 0.01, abandonedRequests: 1 });
});

it('adds what a run spends after its end (a goal judge’s calls) until the goals’ event gives the total', () => {
  const one = { modelCalls: 1, promptTokens: 5, completionTokens: 1, costUsd: 0 };
  const ended: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [] } },
    { type: 'run_finished', at: 1, status: 'succeeded', durationMs: 1, usage: one },
    { type: 'model_used', at: 2, usage: one },
  ];
  const record = ended.reduce(applyEvent, newRunRecord());
  expect(record.usage).toEqual({ ...one, modelCalls: 2, promptTokens: 10, completionTokens: 2 });
  applyEvent(record, { type: 'goals_checked', at: 3, goals: [], status: 'succeeded', usage: { ...one, modelCalls: 3 } });
  expect(record.usage.modelCalls).toBe(3);
});
