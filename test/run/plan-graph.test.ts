import { describe, expect, it } from 'vitest';
import type { StepState } from '../../src/core/run-event.ts';
import { PlanGraph } from '../../src/run/plan-graph.ts';
import { ReadySteps } from '../../src/run/ready-steps.ts';
import { step } from './fake-steps.ts';

function drain(ready: ReadySteps): string[] {
  const keys: string[] = [];
  for (let key = ready.next(); key !== undefined; key = ready.next()) keys.push(key);
  return keys;
}

describe('PlanGraph', () => {
  const graph = (): PlanGraph => new PlanGraph([step('a'), step('b', ['a']), step('c', ['b']), step('x'), step('d', ['a', 'x'])]);

  it('lists every step downstream of a step in declaration order', () => {
    expect(graph().downstreamOf('a')).toEqual(['b', 'c', 'd']);
    expect(graph().downstreamOf('c')).toEqual([]);
  });

  it('rejects a dependency on a step that is not in the plan', () => {
    expect(() => new PlanGraph([step('a', ['ghost'])])).toThrow('step a depends on ghost, which is not in the plan');
  });

  it('replaces the remaining steps mid-run, keeping the kept ones, and raises the revision', () => {
    const g = graph();
    const change = g.replaceRemaining([step('e', ['a']), step('f', ['e', 'x'])], new Set(['a', 'x']));
    expect(change).toEqual({ replaced: ['b', 'c', 'd'], added: ['e', 'f'] });
    expect(g.steps.map((s) => s.key)).toEqual(['a', 'x', 'e', 'f']);
    expect(g.revision).toBe(2);
    expect(g.snapshot({ name: 'p' })).toMatchObject({ name: 'p', revision: 2 });
    expect(g.lastKey()).toBe('f');
  });

  it('refuses a replacement that reuses an id from the run', () => {
    expect(() => graph().replaceRemaining([step('b')], new Set(['a']))).toThrow('reuses the id b');
  });
});

describe('ReadySteps', () => {
  it('releases a step when its last dependency completes, in declaration order', () => {
    const g = new PlanGraph([step('a'), step('z', ['a']), step('b'), step('y', ['a', 'b'])]);
    const states = new Map<string, StepState>(g.steps.map((s) => [s.key, 'pending']));
    const ready = new ReadySteps(g, (key) => states.get(key));
    ready.rebuild();
    expect(drain(ready)).toEqual(['a', 'b']);
    states.set('a', 'completed');
    ready.release('a');
    expect(drain(ready)).toEqual(['z']);
    states.set('b', 'completed');
    ready.release('b');
    expect(drain(ready)).toEqual(['y']);
  });

  it('recounts after a replan so the new steps whose dependencies are done are ready', () => {
    const g = new PlanGraph([step('a'), step('b', ['a'])]);
    const states = new Map<string, StepState>([['a', 'completed'], ['b', 'failed']]);
    g.replaceRemaining([step('c', ['a']), step('d', ['c'])], new Set(['a']));
    for (const key of ['c', 'd']) states.set(key, 'pending');
    const ready = new ReadySteps(g, (key) => states.get(key));
    ready.rebuild();
    expect(drain(ready)).toEqual(['c']);
  });
});
