import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';

describe('RunnablePlan', () => {
  it('accepts a ValidPlan from the loader as it is', () => {
    expectTypeOf<ValidPlan>().toExtend<RunnablePlan>();
    expect(true).toBe(true);
  });
});
