import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepState } from '../../src/core/run-event.ts';
import { withDependents } from '../../src/goals/checkout-results.ts';

const step = (key: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'tool_call', description: key, inputs: [], dependsOn }) as PlanStep;

describe('withDependents', () => {
  it('names the first cause for every step after it, however long the chain (no chain of causes in the text)', () => {
    const steps = Array.from({ length: 10_000 }, (_, i) => step(`s${i}`, i === 0 ? [] : [`s${i - 1}`]));
    // Declared last first: the order of the plan's steps is not the order of their dependencies.
    steps.reverse();
    const states = new Map<string, StepState>(steps.map((s) => [s.key, 'completed']));
    const found = withDependents(steps, states, (s) => (s.key === 's0' ? 'step s0 read the checkout' : undefined));
    expect(found.size).toBe(10_000);
    expect(found.get('s9999')).toBe('step s0 read the checkout');
  });

  it('leaves out the steps that did not complete, those before the cause, and one after it only through a step that did not complete', () => {
    const steps = [step('a'), step('b', ['a']), step('c', ['b']), step('d', ['c'])];
    const states = new Map<string, StepState>([['a', 'completed'], ['b', 'completed'], ['c', 'skipped'], ['d', 'completed']]);
    expect(Object.fromEntries(withDependents(steps, states, (s) => (s.key === 'b' ? 'b' : undefined)))).toEqual({ b: 'b' });
  });
});
