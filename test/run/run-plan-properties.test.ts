import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

/** A random DAG: each step depends on a random subset of the steps declared before it. */
const dagArb = fc
  .array(fc.array(fc.nat(), { maxLength: 3 }), { minLength: 1, maxLength: 14 })
  .map((depPicks): PlanStep[] =>
    depPicks.map((picks, i) => step(`s${i}`, i === 0 ? [] : [...new Set(picks.map((p) => `s${p % i}`))])),
  );

describe('runPlan scheduling invariants (random DAGs, random completion order)', () => {
  it('respects dependencies and the cap, leaves no slot idle while a step is ready, and completes every step', async () => {
    await fc.assert(
      fc.asyncProperty(dagArb, fc.integer({ min: 1, max: 4 }), fc.array(fc.nat(), { minLength: 20 }), async (steps, cap, picks) => {
        const fake = new FakeSteps();
        const run = startRun(planOf(steps, { concurrency: cap }), fake.runner);
        let finished = false;
        void run.outcome.then(() => (finished = true));
        const completed = new Set<string>();
        for (let turn = 0; ; turn++) {
          await flushMicrotasks();
          if (finished) break;
          const running = [...fake.running.keys()];
          expect(running.length).toBeLessThanOrEqual(cap);
          for (const key of running) {
            for (const dep of steps.find((s) => s.key === key)!.dependsOn) expect(completed).toContain(dep);
          }
          const ready = steps.filter(
            (s) => !completed.has(s.key) && !fake.running.has(s.key) && s.dependsOn.every((d) => completed.has(d)),
          );
          if (running.length < cap) expect(ready).toEqual([]);
          const key = running[(picks[turn % picks.length] ?? 0) % running.length]!;
          completed.add(key);
          fake.complete(key);
        }
        const outcome = await run.outcome;
        expect(outcome.status).toBe('succeeded');
        expect(fake.startOrder.toSorted()).toEqual(steps.map((s) => s.key).toSorted());
      }),
      { numRuns: 150 },
    );
  });
});
