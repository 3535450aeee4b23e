import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { budgetedModelClient } from '../../src/job/budgeted-model-client.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { RunBudget } from '../../src/run/run-budget.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { planOf, recordingTool } from './run-fixture.ts';

const answering: ModelClient = {
  defaultModel: 'm',
  async complete() {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'word', refusal: null } }], usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 } } as never;
  },
};

// An item whose model call the budget refused ended as "stopped with the run", but the stop lands a turn
// later: the step completed with that item null and no failed items, and a resumed run reused it whole,
// succeeding with all_steps_completed met (found by an adversarial pass).
describe('a for_each item the budget refused', () => {
  it.each(['continue', 'fail'] as const)('fails its step with the budget stop (on_item_failure: %s), never completes it with the item null', async (onItemFailure) => {
    const list = recordingTool('list', () => ['x', 'y', 'z']);
    const each: PlanStep = { key: 'each', id: 'each', type: 'reasoning', description: 'Say ${item} in one word', inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure } };
    const budget = new RunBudget({ max_model_calls: 2 });
    const events: RunEvent[] = [];
    const outcome = await runPlan(planOf([{ key: 'list', id: 'list', type: 'tool_call', description: 'list', tool: 'list', args: {}, inputs: [], dependsOn: [] }, each], { concurrency: 3 }), {
      runStep,
      tools: new Map([['list', list.tool]]),
      model: budgetedModelClient(answering, budget),
      budget,
      clock: systemClock,
      cwd: '/repo',
      inputs: {},
      listeners: [(event) => events.push(event)],
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toContain('budget exceeded: max_model_calls 2');
    expect(events.filter((event) => event.type === 'step_completed' && event.stepKey === 'each')).toEqual([]);
    expect(outcome.record.steps.get('each')).toMatchObject({ state: 'failed', error: expect.stringContaining('budget exceeded') });
  });
});
