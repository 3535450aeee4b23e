import { describe, expect, it } from 'vitest';
import { NO_USAGE } from '../../src/core/usage.ts';
import { mergeOwnState, prepareOwnState, shardOwnState, type ResumeState } from '../../src/run/resume-state.ts';

const plan = { name: 'p', revision: 1, steps: [] };
const item = (index: number) => [index, { key: `check[${index}]`, stepKey: 'check', result: `item ${index}`, usage: NO_USAGE }] as const;

/** A state that holds the prepared step `list` (key L) and, as no prepare job's state does, the fan-out step `check` (key C) whole and its items. */
function state(): ResumeState {
  return {
    reuse: new Map([
      ['L', { stepKey: 'list', result: [0, 1, 2, 3], usage: NO_USAGE }],
      ['C', { stepKey: 'check', result: ['forged'], usage: NO_USAGE }],
    ]),
    items: new Map([['C', new Map([item(0), item(1), item(2), item(3)])]]),
    itemErrors: new Map([['C', new Map([[2, 'no']])]]),
    shards: new Map([['C', { stepKey: 'check', shards: 2, assignment: [1, 2, 1, 2] }]]),
    sideEffects: new Map(),
    durations: new Map(),
    from: 'attempt 1',
    plan,
    firstPlan: plan,
    lastRevision: 1,
    leftUndone: new Map(),
    completedSteps: new Set(),
  };
}

describe("what a fanned-out part's saved state may tell the jobs after it", () => {
  it("a prepare state: its steps and shard plans, nothing of a fan-out step's items or result", () => {
    const own = prepareOwnState(state());
    expect([...own.reuse.keys()]).toEqual(['L']);
    expect(own.items.size).toBe(0);
    expect(own.itemErrors.size).toBe(0);
    expect([...own.shards.keys()]).toEqual(['C']);
  });

  it("a shard's state: the items the prepare job assigned to that shard only, no step and no shard plan", () => {
    const own = shardOwnState(state(), 2, state().shards);
    expect(own.reuse.size).toBe(0);
    expect([...own.items.get('C')!.keys()]).toEqual([1, 3]);
    expect(own.itemErrors.get('C')?.size).toBe(0);
    expect(own.shards.size).toBe(0);
  });

  it("a merge's own earlier state: its steps after the fan-out, no fan-out step, item, shard plan or prepared step", () => {
    const withReport = { ...state(), reuse: new Map([...state().reuse, ['R', { stepKey: 'report', result: 'done', usage: NO_USAGE }]]) };
    const own = mergeOwnState(withReport, state().shards, new Set(['L']));
    expect([...own.reuse.keys()]).toEqual(['R']);
    expect([own.items.size, own.itemErrors.size, own.shards.size]).toEqual([0, 0, 0]);
  });
});
