import { expect, it } from 'vitest';
import type { RunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { reusedWork } from '../../src/report/reused-work.ts';

const paid = { ...NO_USAGE, modelCalls: 1, promptTokens: 10, completionTokens: 5 };
const record = (steps: Record<string, object>) => ({ steps: new Map(Object.entries(steps)) }) as unknown as RunRecord;

// Found by an adversarial pass: a resumed run whose reused steps were all inside a `type: plan` step said nothing of
// them in its summary ("Resumed: … reused … would have cost" was left out), though the checklist showed `p › x (reused)`.
it('counts the steps and items reused inside the plans a run used, and a used plan reused whole once', () => {
  const inner = record({ x: { reused: paid }, y: {}, each: { itemCounts: { reused: 2, reusedUsage: paid } } });
  const outer = record({ p: { nested: inner }, q: { reused: paid, nested: record({ z: { reused: paid } }) } });
  expect(reusedWork(outer)).toMatchObject({ steps: 2, items: 2, words: '2 steps and 2 items', usage: { modelCalls: 3 } });
});
