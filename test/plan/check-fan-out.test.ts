import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { checkFanOut } from '../../src/plan/check-fan-out.ts';

/** A step with only what the check reads; `reads` counts the reads of its `depends_on`. */
function step(key: string, dependsOn: string[], fanOut: boolean, reads = { count: 0 }): PlanStep {
  return {
    key,
    get dependsOn() {
      reads.count++;
      return dependsOn;
    },
    ...(fanOut && { forEach: { fanOut: true } }),
  } as unknown as PlanStep;
}

/** The check as first written: a breadth-first search up from each fan-out step, the first fan-out step met named. */
function searchEach(steps: readonly PlanStep[]): Array<string | undefined> {
  const byKey = new Map(steps.map((s) => [s.key, s]));
  return steps.flatMap((s) => {
    if (!s.forEach?.fanOut) return [];
    const seen = new Set<string>();
    const queue = [...s.dependsOn];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const upstream = byKey.get(key);
      if (!upstream) continue;
      if (upstream.forEach?.fanOut) return [key];
      queue.push(...upstream.dependsOn);
    }
    return [undefined];
  });
}

function named(steps: readonly PlanStep[]): Array<string | undefined> {
  const issues = new Map(checkFanOut(steps).map((issue) => [issue.path[1], /depends on step (\S+),/.exec(issue.message)![1]]));
  return steps.flatMap((s, index) => (s.forEach?.fanOut ? [issues.get(index)] : []));
}

describe('checkFanOut', () => {
  it('names the fan-out step a breadth-first search meets first, on random plans', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let plan = 0; plan < 500; plan++) {
      const count = 2 + Math.floor(random() * 30);
      const keys = Array.from({ length: count }, (_, n) => `s${n}`).sort(() => random() - 0.5);
      // Each step depends on up to 4 earlier ones (in a shuffled order: declared before or after), some twice, some missing.
      const steps = keys.map((key, n) => {
        const dependsOn = Array.from({ length: Math.floor(random() * 5) }, () => (random() < 0.05 ? 'missing' : keys[Math.floor(random() * n)]!)).filter((k) => k !== undefined);
        return step(key, n === 0 ? [] : dependsOn, random() < 0.3);
      });
      steps.sort(() => random() - 0.5);
      expect(named(steps), `plan ${plan}`).toEqual(searchEach(steps));
    }
  });

  // A search per fan-out step read every step above each: a chain of 10,000 steps took `validate` 10 s.
  it('reads each step\'s depends_on a bounded number of times however many fan-out steps there are', () => {
    const reads = { count: 0 };
    const chain = Array.from({ length: 2000 }, (_, n) => step(`c${n}`, n === 0 ? [] : [`c${n - 1}`], n === 0, reads));
    const fans = Array.from({ length: 1000 }, (_, n) => step(`f${n}`, ['c1999'], true, reads));
    const steps = [...chain, ...fans];
    expect(named(steps)).toEqual([undefined, ...fans.map(() => 'c0')]);
    expect(reads.count).toBeLessThanOrEqual(4 * steps.length);
  });
});
