import { describe, expect, it } from 'vitest';
import { textAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

// Found by a review: `{id: 3, type: reasoning}` in a plan without a goal validated, and its model call was
// sent only "Your step (3): reasoning. Do this step using the goal and the results above.", with neither.
describe('what a reasoning or aggregate step is to do', () => {
  it('is refused at the step when neither it, its agent nor the plan says, and the run makes no call', async () => {
    expect(await errorsFor(yaml('name: T', 'workflow_sequence:', '  - { id: 3, type: reasoning }'))).toEqual([
      'plan.yml:3:5: a reasoning step needs `description:`, the instruction its model call answers, and the plan has no `goal:` to work from: write what the step is to do (at workflow_sequence[0])',
    ]);
    expect(await errorsFor(yaml('name: T', 'workflow_sequence:', '  - { id: 3, type: reasoning, description: "   " }'))).toEqual([
      "plan.yml:3:44: the description is blank, and it is the instruction this reasoning step's model call answers (the plan has no `goal:` to work from): write what the step is to do (at workflow_sequence[0].description)",
    ]);
    expect(await errorsFor(yaml('workflow_sequence:', '  - { id: 1, type: reasoning, description: Draft }', '  - { id: 2, type: aggregate, title: Report, inputs: [1] }'))).toEqual([
      'plan.yml:3:5: an aggregate step needs `description:`, the instruction its model call answers, and the plan has no `goal:` to work from; its title is only a label: write what the step is to do (at workflow_sequence[1])',
    ]);
    const job = await runOfflineJob({ plan: yaml('name: T', 'workflow_sequence:', '  - { id: 3, type: reasoning }'), script: [textAnswer('Hello.')] });
    expect(job.outcome.kind).toBe('rejected');
    expect(job.server.requests).toHaveLength(0);
    // Its description, the plan's goal or its agent's system prompt are each an instruction.
    await validPlan(yaml('workflow_sequence:', '  - { id: 3, type: reasoning, description: Say hello }'));
    await validPlan(yaml('goal: Say hello', 'workflow_sequence:', '  - { id: 3, type: reasoning }', '  - { id: 4, type: aggregate, description: "  ", inputs: [3] }'));
    await validPlan(yaml('agents:', '  greeter: { system: Greet the reader in one word. }', 'workflow_sequence:', '  - { id: 3, type: reasoning, agent: greeter }'));
  });
});

describe('an aggregate step with nothing to combine', () => {
  it('is refused where its steps would be named (no inputs and no step before it, inputs: [] or depends_on: []), and taken with dependencies alone', async () => {
    const message = "an aggregate step combines the results of other steps, and this one has none: list them in `inputs:` (or make it a reasoning step, which may work from the goal and the run's inputs alone)";
    expect(await errorsFor(yaml('goal: Report', 'workflow_sequence:', '  - { id: 1, type: aggregate }'))).toEqual([`plan.yml:3:5: ${message} (at workflow_sequence[0])`]);
    expect(await errorsFor(yaml('goal: Report', 'workflow_sequence:', '  - { id: 1, type: reasoning }', '  - { id: 2, type: aggregate, inputs: [] }'))).toEqual([
      `plan.yml:4:39: ${message} (at workflow_sequence[1].inputs)`,
    ]);
    expect(await errorsFor(yaml('goal: Report', 'workflow_sequence:', '  - { id: 1, type: reasoning }', '  - { id: 2, type: aggregate, depends_on: [] }'))).toEqual([
      `plan.yml:4:43: ${message} (at workflow_sequence[1].depends_on)`,
    ]);
    // One that depends on steps without naming them in inputs combines those.
    const plan = await validPlan(yaml('goal: Report', 'workflow_sequence:', '  - { id: 1, type: reasoning }', '  - { id: 2, type: aggregate }', '  - { id: 3, type: aggregate, inputs: [], depends_on: [1] }'));
    expect(plan.steps.map((step) => [step.key, step.dependsOn])).toEqual([['1', []], ['2', ['1']], ['3', ['1']]]);
  });
});
