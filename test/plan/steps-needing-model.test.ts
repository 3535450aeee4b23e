import { describe, expect, it } from 'vitest';
import { planNeedsModel, stepsNeedingModel } from '../../src/plan/steps-needing-model.ts';
import { validPlan, yaml } from './plan-text.ts';

describe('which steps need a model', () => {
  it('lists tool_calls without args, reasoning and aggregate steps', async () => {
    const plan = await validPlan(
      yaml(
        'toolsets: [math]',
        'workflow_sequence:',
        '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
        '  - { id: 2, type: tool_call, tool: add }',
        '  - { id: 3, type: reasoning, description: Explain the sum }',
        '  - { id: 4, type: aggregate, inputs: [1, 3], description: Sum up }',
      ),
    );
    expect(stepsNeedingModel(plan.steps).map((step) => step.key)).toEqual(['2', '3', '4']);
    expect(planNeedsModel(plan)).toBe(true);
  });

  it('says a plan of tool calls with args needs no model, unless a goal is judged', async () => {
    const steps = ['toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }'];
    expect(planNeedsModel(await validPlan(yaml(...steps)))).toBe(false);
    expect(planNeedsModel(await validPlan(yaml(...steps, 'goals:', '  - { name: good, judge: Is it right? }')))).toBe(true);
  });

  it('says a plan with only a goal needs a model to write the steps', async () => {
    expect(planNeedsModel(await validPlan(yaml('goal: Do the thing')))).toBe(true);
  });
});
