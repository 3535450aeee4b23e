import { describe, expect, it } from 'vitest';
import { pauseAsker } from '../../src/job/pause-asker.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';

// The one rule for whether a plan may pause for approval: the refusal of a fanned-out plan and the refusal where no
// PR comment can be written both read it (they were two rules, and disagreed on `approval: side-effects` with no such tool).
const step = (key: string, extra: Partial<PlanStep> = {}): PlanStep => ({ id: key, key, type: 'tool_call', tool: 'read', description: key, inputs: [], dependsOn: [], ...extra }) as PlanStep;
const tool = (name: string, sideEffects: boolean) => [name, { name, description: name, inputSchema: { type: 'object' }, sideEffects, origin: 'plan' as const }] as const;
const plan = (steps: PlanStep[], options: { approval?: 'never' | 'plan' | 'side-effects'; tools?: ReturnType<typeof tool>[]; subplans?: Map<string, ValidPlan> } = {}): ValidPlan =>
  ({
    source: { ...(options.approval && { approval: options.approval }) },
    steps,
    tools: new Map(options.tools ?? [tool('read', false)]),
    ...(options.subplans && { subplans: options.subplans }),
  }) as unknown as ValidPlan;

describe('pauseAsker', () => {
  it('names a step’s approval: true, approval: plan, and side-effects only with a tool that has side effects', () => {
    expect(pauseAsker(plan([step('a'), step('deploy', { approval: true })]))).toBe("step deploy's approval: true");
    expect(pauseAsker(plan([step('a')], { approval: 'plan' }))).toBe('approval: plan');
    expect(pauseAsker(plan([step('a')], { approval: 'side-effects' }))).toBeUndefined();
    expect(pauseAsker(plan([step('a')], { approval: 'side-effects', tools: [tool('read', false), tool('deploy', true)] }))).toBe('approval: side-effects, and it may call deploy, a tool with side effects');
    expect(pauseAsker(plan([step('a')], { approval: 'never', tools: [tool('deploy', true)] }))).toBeUndefined();
  });

  it('counts a used plan that may pause, however deep, and one with side effects under side-effects', () => {
    const deepest = plan([step('deploy', { approval: true })]);
    const middle = plan([step('deeper', { type: 'plan', uses: 'deepest.yml' })], { subplans: new Map([['deepest.yml', deepest]]) });
    expect(pauseAsker(plan([step('a', { type: 'plan', uses: 'middle.yml' })], { subplans: new Map([['middle.yml', middle]]) }))).toBe("the plan middle.yml it uses: the plan deepest.yml it uses: step deploy's approval: true");
    const writes = plan([step('w')], { tools: [tool('write', true)] });
    expect(pauseAsker(plan([step('a')], { approval: 'side-effects', subplans: new Map([['writes.yml', writes]]) }))).toBe('approval: side-effects, and it may call write, a tool with side effects');
    expect(pauseAsker(plan([step('a')], { subplans: new Map([['reads.yml', plan([step('look')], { approval: 'never' })]]) }))).toBeUndefined();
  });
});
