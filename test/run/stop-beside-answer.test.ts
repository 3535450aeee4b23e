import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepContext, StepRunner } from '../../src/steps/step-context.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

// A stop another step raised (its model use passed a budget) in the same turn as a call with side effects
// answered: the answer was on its way to the step, and the step failed with the stop. The trace held the call as
// succeeded and the step as failed, so a resume refused the call as a repeat and escalated to a person.
function deferredTool(name: string): { tool: Tool; answer: (value: unknown) => void; started: Promise<void> } {
  let answer!: (value: unknown) => void;
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const tool: Tool = {
    name,
    description: name,
    inputSchema: { type: 'object' },
    sideEffects: true,
    execute: () => {
      begun();
      return new Promise((resolve) => (answer = resolve));
    },
  };
  return { tool, answer: (value) => answer(value), started };
}

const postStep: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: {}, inputs: [], dependsOn: [] };
const spent = { modelCalls: 1, promptTokens: 500, completionTokens: 500, costUsd: 0 };

describe('a stop raised in the same turn as a step’s answer', () => {
  it('keeps the answer of a call with side effects that returned as another step’s usage passed max_tokens', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const runner: StepRunner = (ctx) => {
      contexts.set(ctx.step.key, ctx);
      if (ctx.step.key === 'post') return ctx.callTool(post.tool, {});
      return new Promise(() => {});
    };
    const run = startRun(planOf([postStep, step('think')], { max_tokens: 100 }), runner, { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    // The other step's answer is charged in the same turn: the budget stops the run at once.
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.reason).toMatch(/^budget exceeded: max_tokens 100/);
    expect(outcome.record.steps.get('post')).toMatchObject({ state: 'completed', result: 'posted #1' });
    expect(outcome.record.steps.get('think')?.state).toBe('failed');
    expect(run.events.filter((event) => event.type === 'tool_returned').map((event) => event.outcome)).toEqual(['succeeded']);
  });

  it('keeps the answer of a for_each item’s call with side effects that returned as another step’s usage passed max_tokens', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const runner: StepRunner = (ctx) => {
      contexts.set(ctx.step.key, ctx);
      if (ctx.step.key === 'list') return Promise.resolve(['one']);
      if (ctx.step.tool === 'post') return ctx.callTool(post.tool, {});
      return new Promise(() => {});
    };
    const each: PlanStep = { ...postStep, args: { name: '${item}' }, dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' } };
    const run = startRun(planOf([step('list'), each, step('think')], { max_tokens: 100 }), runner, { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.reason).toMatch(/^budget exceeded: max_tokens 100/);
    expect(run.events.find((event) => event.type === 'item_completed')).toMatchObject({ stepKey: 'post', index: 0, result: 'posted #1' });
    expect(run.events.some((event) => event.type === 'item_failed')).toBe(false);
  });
});

describe('what a step reports in the turn a stop lands', () => {
  it('keeps the last turn and TODO list of an agent whose final answer came as another step’s usage passed max_tokens', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const contexts = new Map<string, StepContext>();
    const runner: StepRunner = async (ctx) => {
      contexts.set(ctx.step.key, ctx);
      if (ctx.step.key !== 'agent') return new Promise(() => {});
      await answered;
      ctx.report({ type: 'todos_created', todos: [{ id: '1', content: 'Post the note', status: 'completed' }] });
      ctx.report({ type: 'agent_turn', turn: 1, maxTurns: 5, message: 'Posted.', toolCalls: [] });
      return 'Posted.';
    };
    const run = startRun(planOf([step('agent', [], { type: 'agent' }), step('think')], { max_tokens: 100 }), runner);
    await flushMicrotasks();
    answer();
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.record.steps.get('agent')).toMatchObject({ state: 'completed', result: 'Posted.' });
    const reported = run.events.filter((event) => event.type === 'todos_created' || event.type === 'agent_turn').map((event) => event.type);
    expect(reported).toEqual(['todos_created', 'agent_turn']);
  });
});
