import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { StepError } from '../../src/core/step-error.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from './run-fixture.ts';

const listStep: PlanStep = { key: 'list', id: 'list', type: 'tool_call', description: 'List', tool: 'list', args: {}, inputs: [], dependsOn: [] };
const each: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { label: '${item}' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } };

describe('two for_each items that make the same call with side effects at once', () => {
  it('make it once: the second does not take the first’s call still in flight for one that left nothing', async () => {
    const list: Tool = { name: 'list', description: 'Labels', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['bug', 'bug'] };
    const made: string[] = [];
    const events: RunEvent[] = [];
    let secondStarted: () => void = () => {};
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    const post: Tool = {
      name: 'post',
      description: 'Adds a label',
      inputSchema: { type: 'object' },
      sideEffects: true,
      execute: async (args) => {
        made.push(String(args['label']));
        // The first call answers only once the second item has started and reached its call (a turn of the event loop).
        if (made.length === 1) {
          await second;
          await new Promise((resolve) => setImmediate(resolve));
        }
        return 'added';
      },
      // What the first call did is not there to be found.
      findEffect: async () => ({ found: false }),
    };
    const listen = (event: RunEvent): void => {
      events.push(event);
      if (event.type === 'item_started' && event.index === 1) secondStarted();
    };
    const outcome = await runPlan(planOf([listStep, each]), { runStep, tools: new Map([list, post].map((tool) => [tool.name, tool])), clock: systemClock, cwd: '/', inputs: {}, listeners: [listen] });
    expect(made).toEqual(['bug']);
    // The first call succeeded: no record says it failed.
    expect(events.filter((event) => event.type === 'tool_returned' && event.outcome === 'failed')).toEqual([]);
    // It succeeded and left nothing the check could find: a person decides, as for any repeat.
    expect(outcome.status).toBe('escalated');
  });
});

describe('an item whose call with side effects another item made at the same time', () => {
  it('takes that call’s effect once it has answered, and the run succeeds with one call made', async () => {
    const list: Tool = { name: 'list', description: 'Labels', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['bug', 'bug'] };
    const made: string[] = [];
    let secondStarted: () => void = () => {};
    const second = new Promise<void>((resolve) => (secondStarted = resolve));
    const post: Tool = {
      name: 'post',
      description: 'Adds a label',
      inputSchema: { type: 'object' },
      sideEffects: true,
      execute: async (args) => {
        made.push(String(args['label']));
        if (made.length === 1) {
          await second;
          await new Promise((resolve) => setImmediate(resolve));
        }
        return 'added';
      },
      // Found only once the first call has landed.
      findEffect: async () => (made.length > 0 ? { found: true, result: 'added' } : { found: false }),
    };
    const outcome = await runPlan(planOf([listStep, each]), {
      runStep,
      tools: new Map([list, post].map((tool) => [tool.name, tool])),
      clock: systemClock,
      cwd: '/',
      inputs: {},
      listeners: [(event) => event.type === 'item_started' && event.index === 1 && secondStarted()],
    });
    expect(made).toEqual(['bug']);
    expect(outcome.status).toBe('succeeded');
    expect(outcome.results.get('post')).toEqual(['added', 'added']);
  });
});

describe('items waiting on the same call with side effects when it gets no answer', () => {
  it('make it again once between them: the second waits for the first’s new call, not its own check', async () => {
    const list: Tool = { name: 'list', description: 'Labels', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['bug', 'bug', 'bug'] };
    const made: string[] = [];
    let othersStarted: () => void = () => {};
    const others = new Promise<void>((resolve) => (othersStarted = resolve));
    const post: Tool = {
      name: 'post',
      description: 'Adds a label',
      inputSchema: { type: 'object' },
      sideEffects: true,
      execute: async (args) => {
        made.push(String(args['label']));
        // The first call waits for both other items to reach their call, then gets no answer.
        if (made.length === 1) {
          await others;
          await new Promise((resolve) => setImmediate(resolve));
          throw new StepError('the connection was reset', { transient: true, toolName: 'post' });
        }
        await new Promise((resolve) => setImmediate(resolve));
        return 'added';
      },
      // The check looks before its answer takes a turn: it finds nothing of the first call (it took no effect).
      findEffect: async () => {
        const landed = made.length > 1;
        await new Promise((resolve) => setImmediate(resolve));
        return landed ? { found: true, result: 'added' } : { found: false };
      },
    };
    const outcome = await runPlan(planOf([listStep, each]), {
      runStep,
      tools: new Map([list, post].map((tool) => [tool.name, tool])),
      clock: systemClock,
      cwd: '/',
      inputs: {},
      listeners: [(event) => event.type === 'item_started' && event.index === 2 && othersStarted()],
    });
    expect(made).toEqual(['bug', 'bug']);
    // The third item takes the effect of the second's call once that answered.
    expect(outcome.results.get('post')).toEqual([null, 'added', 'added']);
  });
});
