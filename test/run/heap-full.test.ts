import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { HeapFullError } from '../../src/run/heap-full-error.ts';
import type { HeapUse } from '../../src/run/heap-watch.ts';
import { RunBudget } from '../../src/run/run-budget.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { planOf, recordingTool } from './run-fixture.ts';

const MB = 1_048_576;

/** A heap that fills once `after` reads have found room (every step and item start reads it). */
function fillingHeap(after: number): () => HeapUse | undefined {
  let reads = 0;
  return () => (++reads > after ? { usedBytes: 210 * MB, limitBytes: 256 * MB } : undefined);
}

const list: PlanStep = { key: 'list', id: 'list', type: 'tool_call', description: 'list', tool: 'list', args: {}, inputs: [], dependsOn: [] };
const each: PlanStep = { key: 'each', id: 'each', type: 'tool_call', description: 'each', tool: 'double', args: { n: '${item}' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } };
const after: PlanStep = { key: 'after', id: 'after', type: 'tool_call', description: 'after', tool: 'double', args: { n: 0 }, inputs: [], dependsOn: ['each'] };

async function run(heap: () => HeapUse | undefined) {
  const numbers = recordingTool('list', () => Array.from({ length: 10 }, (_, i) => i));
  const double = recordingTool('double', (args) => Number(args['n']) * 2);
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf([list, each, after], { concurrency: 1 }), {
    runStep,
    tools: new Map([
      ['list', numbers.tool],
      ['double', double.tool],
    ]),
    budget: new RunBudget({}, undefined, { heapNearlyFull: heap }),
    clock: systemClock,
    cwd: '/repo',
    inputs: {},
    listeners: [(event) => events.push(event)],
  });
  return { outcome, events, calls: double.calls.length };
}

// Items in every item of a list, across plans inside plans, grew a run past its heap: V8 ended it with no
// checklist, summary or trace (500,000 items in a 250 MB heap). test/cli/heap-full.test.ts runs it for real.
describe('a run whose heap is nearly full', () => {
  it('starts no more items or steps, fails with the memory it holds, and keeps every item it completed', async () => {
    // Steps list and each start, then three items; the fourth item finds the heap full.
    const { outcome, events, calls } = await run(fillingHeap(5));
    expect(calls).toBe(3);
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toBe(
      "memory nearly full: the heap holds 210 MB of its 256 MB limit, so an item of step each did not start; cut the for_each lists (max_items) or split the plan, or give node more heap (NODE_OPTIONS=--max-old-space-size=<MB>; for the action, in its workflow step's env:)",
    );
    expect(events.filter((event) => event.type === 'item_completed').map((event) => (event as { result: unknown }).result)).toEqual([0, 2, 4]);
    expect(outcome.record.steps.get('each')).toMatchObject({ state: 'failed', error: expect.stringContaining('memory nearly full') });
    expect(outcome.record.steps.get('after')).toMatchObject({ state: 'skipped' });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', reason: outcome.reason });
  });

  it('names the step it refused when no item is running', async () => {
    const { outcome, calls } = await run(fillingHeap(0));
    expect(calls).toBe(0);
    expect(outcome.reason).toContain('so step list did not start');
    expect(outcome.record.steps.get('list')).toMatchObject({ state: 'skipped' });
  });

  it('runs to the end while the heap has room', async () => {
    const { outcome, calls } = await run(() => undefined);
    expect(outcome.status).toBe('succeeded');
    expect(calls).toBe(11);
  });

  it('is a stop of the whole run, as a budget is', () => {
    const error = new HeapFullError({ usedBytes: 3_500 * MB, limitBytes: 4_288 * MB }, 'step 7');
    expect(error.status).toBe('failed');
    expect(error.message).toMatch(/^memory nearly full: the heap holds 3,500 MB of its 4,288 MB limit, so step 7 did not start;/);
  });
});
