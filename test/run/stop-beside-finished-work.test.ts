import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepContext, StepRunner } from '../../src/steps/step-context.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

// A step whose work all completed in the turn a stop landed (another step's model use passed a budget) ended ❌,
// though its items were ✅ and a resume reused them: the checklist said the work failed.
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

/** Runs `post` with the deferred tool; every other step but `list` waits for ever. */
function runnerWith(post: Tool, contexts: Map<string, StepContext>): StepRunner {
  return (ctx) => {
    contexts.set(ctx.step.key, ctx);
    if (ctx.step.key === 'list') return Promise.resolve(['one', 'two']);
    if (ctx.step.tool === 'post') return ctx.callTool(post, { name: ctx.step.item?.value ?? 'all' });
    return new Promise(() => {});
  };
}

describe('a step whose work completed in the turn a stop landed', () => {
  it('completes a for_each step whose last items answered as another step’s usage passed max_tokens', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const each: PlanStep = { ...postStep, args: { name: '${item}' }, dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' } };
    const one: Tool = { ...post.tool, execute: () => Promise.resolve('posted') };
    const run = startRun(planOf([step('list'), each, step('think')], { max_tokens: 100, concurrency: 3 }), (ctx) => {
      // The first item answers at once; the second waits for the test.
      if (ctx.step.item?.index === 0) return ctx.callTool(one, { name: 'one' });
      return runnerWith(post.tool, contexts)(ctx);
    }, { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #2');
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.reason).toMatch(/^budget exceeded: max_tokens 100/);
    expect(outcome.record.steps.get('post')?.state).toBe('completed');
    expect(outcome.results.get('post')).toEqual(['posted', 'posted #2']);
  });

  it('fails a for_each step whose items the stop kept from starting', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const each: PlanStep = { ...postStep, args: { name: '${item}' }, dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' } };
    const run = startRun(planOf([step('list'), each, step('think')], { max_tokens: 100, concurrency: 2 }), runnerWith(post.tool, contexts), { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.record.steps.get('post')).toMatchObject({ state: 'failed', error: expect.stringMatching(/^budget exceeded: max_tokens 100/) });
  });
});
