import { describe, expect, it } from 'vitest';
import { findCycle } from '../../src/plan/find-cycle.ts';
import { errorsFor, validPlan, yaml } from './plan-text.ts';

/** Steps that work from the plan's goal (after them, so the lines counted in errors start at the steps). */
function reasoningSteps(...lines: string[]): string {
  return yaml('workflow_sequence:', ...lines, 'goal: Check the step graph');
}

describe('step ids and dependencies', () => {
  it('applies depends_on defaults: the previous step, [] for none, inputs for an aggregate', async () => {
    const plan = await validPlan(
      reasoningSteps(
        '  - { id: 1, type: reasoning }',
        '  - { id: 2, type: reasoning, depends_on: [] }',
        '  - { id: b, type: reasoning }',
        '  - { id: 4, type: aggregate, inputs: [1, b] }',
        '  - { id: 5, type: aggregate, inputs: [1], depends_on: [2, 2] }',
      ),
    );
    expect(plan.steps.map((step) => [step.key, step.dependsOn])).toEqual([
      ['1', []],
      ['2', []],
      ['b', ['2']],
      ['4', ['1', 'b']],
      ['5', ['2', '1']],
    ]);
    expect(plan.steps[3]!.inputs).toEqual(['1', 'b']);
  });

  it('treats 1 and "1" as the same step id', async () => {
    expect(await errorsFor(reasoningSteps('  - { id: 1, type: reasoning }', '  - { id: "1", type: reasoning }'))).toEqual([
      'plan.yml:3:11: duplicate step id 1: workflow_sequence[0] has it too (1 and "1" are the same id) (at workflow_sequence[1].id)',
    ]);
  });

  it('matches string and number forms in depends_on', async () => {
    const plan = await validPlan(reasoningSteps('  - { id: 1, type: reasoning }', '  - { id: 2, type: reasoning, depends_on: ["1"] }'));
    expect(plan.steps[1]!.dependsOn).toEqual(['1']);
  });

  it('reports depends_on and inputs naming missing steps, each at its entry', async () => {
    expect(
      await errorsFor(reasoningSteps('  - { id: fetch, type: reasoning }', '  - { id: 2, type: reasoning, depends_on: [fetc] }', '  - { id: 3, type: aggregate, inputs: [fetch, 9] }')),
    ).toEqual([
      'plan.yml:3:44: depends_on names step fetc, which does not exist — did you mean fetch? (at workflow_sequence[1].depends_on[0])',
      'plan.yml:4:47: inputs names step 9, which does not exist; steps: fetch, 2, 3 (at workflow_sequence[2].inputs[1])',
    ]);
  });

  it('prints a cycle along its dependencies, at the entry that closes it', async () => {
    expect(
      await errorsFor(
        reasoningSteps('  - id: 1', '    type: reasoning', '    depends_on: [3]', '  - id: 2', '    type: reasoning', '  - id: 3', '    type: reasoning', '    depends_on: [2]'),
      ),
    ).toEqual(['plan.yml:4:18: dependency cycle: 1 → 3 → 2 → 1 (→ means "depends on"); remove one of these dependencies (at workflow_sequence[0].depends_on[0])']);
  });

  it('reports a step that depends on itself', async () => {
    expect(await errorsFor(reasoningSteps('  - { id: 1, type: reasoning, depends_on: [1] }'))).toEqual([
      'plan.yml:2:44: step 1 depends on itself; remove it from its own depends_on (at workflow_sequence[0].depends_on[0])',
    ]);
  });

  it('reports every problem at once, in file order', async () => {
    const errors = await errorsFor(
      reasoningSteps('  - { id: 1, type: reasoning, depends_on: [7] }', '  - { id: 1, type: reasoning }', '  - { id: 3, type: reasoning, tool: add }'),
    );
    expect(errors.map((line) => line.split(': ')[0])).toEqual(["plan.yml:2:44", "plan.yml:3:11", "plan.yml:4:31"]);
  });
});

describe('findCycle', () => {
  it('says there is no cycle in a diamond', async () => {
    const graph = new Map([['d', ['b', 'c']], ['b', ['a']], ['c', ['a']], ['a', []]]);
    expect(findCycle(graph)).toEqual({ hasCycle: false });
  });

  it('ignores edges to unknown nodes', async () => {
    expect(findCycle(new Map([['a', ['zzz']]]))).toEqual({ hasCycle: false });
  });

  it('walks a 100,000-node chain without overflowing the stack', async () => {
    const graph = new Map<string, string[]>();
    for (let index = 0; index < 100_000; index++) graph.set(String(index), index === 0 ? ['99999'] : [String(index - 1)]);
    const result = findCycle(graph);
    expect(result.hasCycle && result.cycle.length).toBe(100_001);
  });
});

// `validate` said "ok" of 60 steps with the default max_steps of 50, and `run` then made 50 calls and failed
// (found by a review): a plan file whose own steps are more than the budget allows is refused before any runs.
describe('a plan with more steps than limits.max_steps', () => {
  const steps = (count: number) => Array.from({ length: count }, (_, index) => `  - { id: s${index}, type: reasoning }`);

  it('is refused, at the steps under the default and at the limit when the plan sets it', async () => {
    expect(await errorsFor(reasoningSteps(...steps(51)))).toEqual([
      expect.stringMatching(/^plan\.yml:2:3: the plan has 51 steps, but limits\.max_steps allows 50 in all .*raise limits\.max_steps/),
    ]);
    expect(await errorsFor(yaml('limits: { max_steps: 3 }', 'workflow_sequence:', ...steps(4), 'goal: Check the step count'))).toEqual([
      expect.stringMatching(/^plan\.yml:1:22: the plan has 4 steps, but limits\.max_steps allows 3 in all/),
    ]);
    await expect(validPlan(reasoningSteps(...steps(50)))).resolves.toMatchObject({ steps: expect.any(Array) });
  });
});
