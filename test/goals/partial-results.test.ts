import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepState } from '../../src/core/run-event.ts';
import { partialResults } from '../../src/goals/partial-results.ts';

const step = (key: string, dependsOn: string[] = [], optional?: string[]): PlanStep =>
  ({ key, id: key, type: 'tool_call', description: key, inputs: [], dependsOn, ...(optional && { optional }) }) as PlanStep;

describe('partialResults', () => {
  it('names the first cause for every step after it, however long the chain (no chain of causes in the text)', () => {
    const steps = Array.from({ length: 10_000 }, (_, i) => step(`s${i}`, i === 0 ? [] : [`s${i - 1}`]));
    // Declared last first: the order of the plan's steps is not the order of their dependencies.
    steps.reverse();
    const states = new Map<string, StepState>(steps.map((s) => [s.key, 'completed']));
    const partial = partialResults(steps, states, new Map([['s0', 'completed, 1 of 3 items failed']]));
    expect(partial.size).toBe(10_000);
    expect(partial.get('s9999')).toBe('step s0: completed, 1 of 3 items failed');
  });

  it('counts a used plan’s undone step, and leaves out whole steps, ones that did not complete and one that ran without an optional input that failed', () => {
    const steps = [step('a'), step('b', ['a'], ['a']), step('c'), step('d', ['c']), step('e'), step('f', ['e'])];
    const states = new Map<string, StepState>([
      ['a', 'failed'],
      ['b', 'completed'],
      ['c', 'completed'],
      ['d', 'completed'],
      ['e', 'completed'],
      ['f', 'skipped'],
    ]);
    const partial = partialResults(steps, states, new Map([['e/inner', 'failed (on_failure: continue)']]));
    expect(Object.fromEntries(partial)).toEqual({ e: "step e, whose plan's step inner: failed (on_failure: continue)" });
  });
});
