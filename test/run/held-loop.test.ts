import { setImmediate as afterImmediates } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { afterHeldLoop, chargeHeldLoop, HELD_LOOP_MS } from '../../src/core/held-loop.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

/** n definitions, each leading to the next twice (through `anyOf` and `allOf`): a failing argument is checked 2^n times. */
function doubling(n: number): Tool['inputSchema'] {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { type: 'object' }] }] };
  defs[`a${n}`] = { type: 'string' };
  return { type: 'object', properties: { q: { $ref: '#/$defs/a0' } }, $defs: defs } as Tool['inputSchema'];
}

const PLAN = `
name: Items with a slow schema
workflow_sequence:
  - { id: list, type: tool_call, tool: fx__items, args: {} }
  - id: each
    type: tool_call
    tool: fx__deep
    for_each: \${steps.list.result}
    args:
      q: \${item}
    on_failure: continue
`;

// Each item's arguments are checked against its tool's input schema, on the event loop, for up to the check's limit (5 s
// by default), and the items started in one turn checked theirs one after another: 8 items whose checks each took 5 s ran 41.7 s
// past a step's `timeout_seconds: 3`, and no cancel could land between them (found by an agent hunt).
describe('the scheduler lets the event loop turn after a slow turn', () => {
  it('lands a cancel after the first item whose check held the loop, not after every item started in the same turn', async () => {
    const cancel = new AbortController();
    const items: Tool = { name: 'fx__items', description: 'Items', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => Array.from({ length: 12 }, (_, index) => index) };
    const deep: Tool = { name: 'fx__deep', description: 'Deep', inputSchema: doubling(13), sideEffects: false, execute: async () => 'answered' };
    const job = await runOfflineJob({
      plan: PLAN,
      signal: cancel.signal,
      extraTools: [items, deep],
      // Due as soon as the step starts: a timer, which runs only when the loop turns.
      listeners: () => [(event) => void (event.type === 'step_started' && event.stepKey === 'each' && setTimeout(() => cancel.abort(new Error('cancelled by the user')), 0))],
      script: [],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('cancelled');
    // Each check applies 2^13 branches to a number the schema refuses: about 0.2 s here, four times the loop's allowance.
    const checked = job.events.filter((event) => event.type === 'item_failed' && event.error.includes('do not match its input schema'));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(2);
  });
});

// The rule itself, whatever the machine's speed: the test above needs each check to take 25 ms or more.
describe('afterHeldLoop', () => {
  it('runs work at once while the turn has held the loop less than its allowance, and after the timers once it has', async () => {
    await afterImmediates(); // a turn: what earlier tests charged is forgotten
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await afterHeldLoop(new AbortController().signal, () => order.push('work at once'));
    chargeHeldLoop(HELD_LOOP_MS);
    await afterHeldLoop(new AbortController().signal, () => order.push('work after the timer'));
    expect(order).toEqual(['work at once', 'timer', 'work after the timer']);
  });

  it('throws the reason of a stop that landed while it waited, and runs no work', async () => {
    await afterImmediates();
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('cancelled by the user')), 0);
    chargeHeldLoop(HELD_LOOP_MS);
    let ran = false;
    await expect(afterHeldLoop(stop.signal, () => (ran = true))).rejects.toThrow('cancelled by the user');
    expect(ran).toBe(false);
  });
});
