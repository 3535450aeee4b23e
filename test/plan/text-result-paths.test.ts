import { describe, expect, it } from 'vitest';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

const header = ['toolsets: [math]', 'workflow_sequence:', '  - { id: think, type: reasoning, description: Pick two numbers }'];

// Found by an adversarial pass: `${steps.think.result.a}` validated, and failed only when the step ran, after
// the model steps before it were paid for: a reasoning, aggregate or agent step's result is text, with no fields.
describe('a path into the result of a step whose result is text', () => {
  it('is a plan error at its line and column, in args and in a for_each list', async () => {
    expect(
      await errorsFor(
        yaml(
          ...header,
          '  - { id: 2, type: tool_call, tool: add, args: { a: "${steps.think.result.a}", b: { step_result: think, path: "[0]" } } }',
          '  - { id: 3, type: tool_call, tool: add, for_each: "${steps.think.result.numbers}", args: { a: "${item}", b: 1 }, depends_on: [think] }',
        ),
      ),
    ).toEqual([
      'plan.yml:4:53: ${steps.think.result.a}: step think is a reasoning step, whose result is text, which has no `a`; use ${steps.think.result}, or have a tool step make the value (at workflow_sequence[1].args.a)',
      'plan.yml:4:83: {"step_result":"think","path":"[0]"}: step think is a reasoning step, whose result is text, which has no `[0]`; use ${steps.think.result}, or have a tool step make the value (at workflow_sequence[1].args.b)',
      'plan.yml:5:52: ${steps.think.result.numbers}: step think is a reasoning step, whose result is text, which has no `numbers`; use ${steps.think.result}, or have a tool step make the value (at workflow_sequence[2].for_each)',
    ]);
  });

  it('is allowed into a for_each step’s list of texts, item by item, and into a tool’s result', async () => {
    await validPlan(
      yaml(
        'toolsets: [math]',
        'workflow_sequence:',
        '  - { id: nums, type: tool_call, tool: add, args: { a: 1, b: 2 } }',
        '  - { id: each, type: reasoning, for_each: "${steps.nums.result.list}", description: Say it }',
        '  - { id: 3, type: reasoning, description: "Compare ${steps.each.result[0]} with ${steps.nums.result.x}" }',
      ),
    );
  });
});
