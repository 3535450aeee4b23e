import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignShards } from '../../src/run/assign-shards.ts';
import { stepWeightsFromTrace } from '../../src/run/trace-step-weights.ts';
import { errorsFor, validPlan, yaml } from '../plan/plan-text.ts';

const tools = ['tools:', '  list: { description: List, command: [node, list.mjs] }', '  check: { description: Check one, command: [node, check.mjs], input: { type: object, properties: { name: { type: string } } } }'];

describe('fan_out in a plan', () => {
  it('loads on a for_each step', async () => {
    const plan = await validPlan(
      yaml(...tools, 'workflow_sequence:', '  - { id: list, type: tool_call, tool: list, args: {} }', '  - { id: check, type: tool_call, tool: check, for_each: "${steps.list.result}", fan_out: true, args: { name: "${item}" } }'),
    );
    expect(plan.steps[1]!.forEach).toMatchObject({ fanOut: true, onItemFailure: 'fail' });
  });

  it('is refused on a step without for_each, at the key', async () => {
    expect(await errorsFor(yaml(...tools, 'workflow_sequence:', '  - id: list', '    type: tool_call', '    tool: list', '    args: {}', '    fan_out: true'))).toEqual([
      'plan.yml:9:5: only for_each steps take `fan_out`; add `for_each:` (a reference to a list) or remove it (at workflow_sequence[0].fan_out)',
    ]);
  });

  it('is refused on a fan-out step that depends, through another step, on a fan-out step', async () => {
    const errors = await errorsFor(
      yaml(
        ...tools,
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: list, args: {} }',
        '  - { id: a, type: tool_call, tool: check, for_each: "${steps.list.result}", fan_out: true, args: { name: "${item}" } }',
        '  - { id: between, type: reasoning, description: Pick, depends_on: [a] }',
        '  - id: b',
        '    type: reasoning',
        '    description: Again ${item}',
        '    for_each: ${steps.list.result}',
        '    depends_on: [list, between]',
        '    fan_out: true',
      ),
    );
    expect(errors).toEqual([
      'plan.yml:13:5: step b fans out, but it depends on step a, which fans out too: in a job matrix everything a fan-out step needs runs in the prepare job, before any shard starts; remove fan_out from one of them, or make step b independent of step a (at workflow_sequence[3].fan_out)',
    ]);
  });

  it('allows two independent fan-out steps over the same list', async () => {
    const plan = await validPlan(
      yaml(
        ...tools,
        'workflow_sequence:',
        '  - { id: list, type: tool_call, tool: list, args: {} }',
        '  - { id: a, type: tool_call, tool: check, for_each: "${steps.list.result}", fan_out: true, args: { name: "${item}" } }',
        '  - { id: b, type: tool_call, tool: check, for_each: "${steps.list.result}", fan_out: true, depends_on: [list], args: { name: "${item}" } }',
        '  - { id: report, type: aggregate, inputs: [a, b], description: Report the checks }',
      ),
    );
    expect(plan.steps.filter((step) => step.forEach?.fanOut).map((step) => step.key)).toEqual(['a', 'b']);
  });
});

describe('assignShards', () => {
  const keys = Array.from({ length: 10 }, (_, index) => `check[${index}]`);

  it('deals items out by index without durations', async () => {
    expect(assignShards(keys, 4)).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 1, 2]);
  });

  it('gives every item exactly one shard, whatever the count', async () => {
    for (const shards of [1, 3, 10, 16]) {
      const assignment = assignShards(keys, shards);
      expect(assignment).toHaveLength(keys.length);
      expect(assignment.every((shard) => shard >= 1 && shard <= shards)).toBe(true);
    }
  });

  it('balances by recorded durations: the longest items go to the least-loaded shards', async () => {
    // One item as long as all the others together: it gets a shard of its own.
    const weights = new Map(keys.map((key, index) => [key, index === 3 ? 900 : 100]));
    const assignment = assignShards(keys, 2, weights);
    expect(assignment[3]).toBe(1);
    expect(assignment.filter((shard) => shard === 1)).toHaveLength(1);
    const load = (shard: number) => keys.reduce((sum, key, index) => sum + (assignment[index] === shard ? weights.get(key)! : 0), 0);
    expect(load(1)).toBe(900);
    expect(load(2)).toBe(900);
  });

  // Found by an adversarial pass: durations of 1e308 summed to Infinity, every shard's load became Infinity and
  // one shard of four was dealt 17 of 20 items.
  it('spreads the items of a trace whose durations are too large for any run, as if it had none of them', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-weights-')), 'huge.jsonl');
    const twenty = Array.from({ length: 20 }, (_, index) => `r[${index}]`);
    const lines = [{ type: 'step_expanded', stepKey: 'r', keys: twenty }, ...twenty.map((_, index) => ({ type: 'item_completed', stepKey: 'r', index, durationMs: index < 3 ? 1e308 : 10 }))];
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const assignment = assignShards(twenty, 4, await stepWeightsFromTrace(file));
    for (const shard of [1, 2, 3, 4]) expect(assignment.filter((dealt) => dealt === shard)).toHaveLength(5);
  });

  // Found by a hunting pass: the trace of a merge whose shard 4 died gives that shard's items 0 ms (the merge ran none of
  // them) and the others none (it took them from their shards); balanced by it, a prepare dealt all 8 items to shard 1.
  it('spreads items of equal durations, 0 ms too, over every shard', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-weights-')), 'merge.jsonl');
    const eight = Array.from({ length: 8 }, (_, index) => `check[${index}]`);
    const lines = [
      { type: 'step_expanded', stepKey: 'check', keys: eight },
      ...eight.map((_, index) =>
        index % 4 === 3
          ? { type: 'item_failed', stepKey: 'check', index, error: 'shard 4 left no result for this item', transient: false, durationMs: 0 }
          : { type: 'item_completed', stepKey: 'check', index, result: 'ok', durationMs: 0, reused: { usage: {} } },
      ),
    ];
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(assignShards(eight, 4, await stepWeightsFromTrace(file))).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
    expect(assignShards(keys, 3, new Map(keys.map((key) => [key, 0])))).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1]);
  });

  // Found by a review: a merge's trace gave the items its shards ran no duration and those a dead shard left 0 ms; had it
  // given the others theirs, a prepare would have dealt every 0 ms item to the one shard the known ones left lightest.
  it("weighs a merge's items by their shards' times, and a dead shard's items at the mean of those", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-weights-')), 'merge.jsonl');
    const twelve = Array.from({ length: 12 }, (_, index) => `check[${index}]`);
    const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    const lines = [
      { type: 'step_expanded', stepKey: 'check', keys: twelve },
      ...twelve.map((_, index) =>
        index % 4 === 3
          ? { type: 'item_failed', stepKey: 'check', index, error: 'shard 4 left no result for this item', transient: false, durationMs: 0, usage, notRunHere: true }
          : { type: 'item_completed', stepKey: 'check', index, result: 'ok', durationMs: 0, usage, reused: { usage, durationMs: index === 0 ? 900 : 100 } },
      ),
    ];
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    const weights = await stepWeightsFromTrace(file);
    expect(weights.get('check[0]')).toBe(900);
    expect(weights.get('check[1]')).toBe(100);
    expect(weights.has('check[3]')).toBe(false);
    // Counted at 0 ms, items 3, 7 and 11 all went to shard 4, the lightest once the known ones were dealt; at the mean, one each to shards 2 to 4.
    const assignment = assignShards(twelve, 4, weights);
    expect(new Set([assignment[3], assignment[7], assignment[11]])).toEqual(new Set([2, 3, 4]));
  });

  it('is stable: the same keys and durations give the same assignment, and unknown items count at the mean', async () => {
    const weights = new Map([
      ['check[0]', 500],
      ['check[1]', 100],
    ]);
    expect(assignShards(keys, 3, weights)).toEqual(assignShards([...keys], 3, new Map(weights)));
    expect(new Set(assignShards(keys, 3, weights))).toEqual(new Set([1, 2, 3]));
  });

  it('refuses a shard count below one', async () => {
    expect(() => assignShards(keys, 0)).toThrow('shards must be a whole number of at least 1, got 0');
  });
});
