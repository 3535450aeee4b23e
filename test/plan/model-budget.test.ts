import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

// Found by a hunt for bad inputs: `validate` said ok of a budget of 0 model calls, tokens or dollars in a plan whose run
// needs a model, which then stopped at its first call with nothing done.
describe('a model budget of 0', () => {
  it('is refused, at the limit, where a step, a judged goal or the planner needs a model', async () => {
    expect(
      await errorsFor(yaml('limits: { max_model_calls: 0, max_tokens: 0 }', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: reasoning, description: Say ok }', '  - { id: 2, type: tool_call, tool: add, args: { a: 1, b: 2 } }', 'goals:', '  - { name: g, judge: Is it ok? }')),
    ).toEqual([
      'plan.yml:1:28: limits.max_model_calls is 0, but step 1 and goal \'g\' need a model: the run would stop at its first model call; raise it (left out, it is 50) (at limits.max_model_calls)',
      'plan.yml:1:43: limits.max_tokens is 0, but step 1 and goal \'g\' need a model: the run would stop at its first model call; raise it (left out, it is 200,000) (at limits.max_tokens)',
    ]);
    expect(await errorsFor(yaml('goal: Work it out', 'limits: { max_cost_usd: 0 }'))).toEqual([
      'plan.yml:2:25: limits.max_cost_usd is 0, but a model writes its steps: the run would stop at its first model call; raise it, or leave it out for no cost cap (at limits.max_cost_usd)',
    ]);
  });

  it('is taken where nothing needs a model', async () => {
    await validPlan(yaml('limits: { max_model_calls: 0, max_tokens: 0, max_cost_usd: 0 }', 'toolsets: [math]', 'workflow_sequence:', '  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }'));
  });
});
