import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import type { StepContext, StepRunner } from '../../src/steps/step-context.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

// A step whose work all completed in the turn a stop landed (another step's model use passed a budget) ended ❌,
// though its used plan's steps or its items were ✅ and a resume reused them: the checklist said the work failed.
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
  it('completes a plan step whose used plan’s last step answered as another step’s usage passed max_tokens', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const inner: RunnablePlan = { ...planOf([postStep]), name: 'announce', source: {} };
    const uses: PlanStep = step('web', [], { type: 'plan', uses: 'plans/announce.yml', with: {} });
    const plan: RunnablePlan = { ...planOf([uses, step('think')], { max_tokens: 100 }), subplans: new Map([['plans/announce.yml', inner]]) };
    const run = startRun(plan, runnerWith(post.tool, contexts), { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    expect(outcome.reason).toMatch(/^budget exceeded: max_tokens 100/);
    expect(outcome.record.steps.get('web')).toMatchObject({ state: 'completed', result: 'posted #1' });
    expect(checklistLines(outcome.record).slice(0, 2)).toEqual(['✅ web. step web → posted #1', '  ✅ post. Post → posted #1']);
  });

  it('completes a plan step whose used plan’s last step answered in the turn the job was cancelled', async () => {
    const post = deferredTool('post');
    const cancel = new AbortController();
    const inner: RunnablePlan = { ...planOf([postStep]), name: 'announce', source: {} };
    const uses: PlanStep = step('web', [], { type: 'plan', uses: 'plans/announce.yml', with: {} });
    const plan: RunnablePlan = { ...planOf([uses, step('think')]), subplans: new Map([['plans/announce.yml', inner]]) };
    const run = startRun(plan, runnerWith(post.tool, new Map()), { tools: new Map([['post', post.tool]]), signal: cancel.signal });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    cancel.abort('SIGINT');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('cancelled');
    expect(outcome.record.steps.get('web')).toMatchObject({ state: 'completed', result: 'posted #1' });
    expect(outcome.record.steps.get('think')?.state).toBe('failed');
  });

  it('fails a plan step whose used plan’s goals the stop left unchecked, recording them so under its completed steps', async () => {
    const post = deferredTool('post');
    const contexts = new Map<string, StepContext>();
    const inner: RunnablePlan = { ...planOf([postStep]), name: 'announce', source: { goals: [{ name: 'posted', contains: 'posted' }] } };
    const uses: PlanStep = step('web', [], { type: 'plan', uses: 'plans/announce.yml', with: {} });
    const plan: RunnablePlan = { ...planOf([uses, step('think')], { max_tokens: 100 }), subplans: new Map([['plans/announce.yml', inner]]) };
    const run = startRun(plan, runnerWith(post.tool, contexts), { tools: new Map([['post', post.tool]]) });
    await post.started;
    await flushMicrotasks();
    post.answer('posted #1');
    contexts.get('think')!.onUsage(spent);
    const outcome = await run.outcome;
    const web = outcome.record.steps.get('web')!;
    expect(web).toMatchObject({ state: 'failed', error: expect.stringMatching(/^budget exceeded: max_tokens 100/) });
    expect(web.nested?.steps.get('post')?.state).toBe('completed');
    const ends = run.events.flatMap((event) => (event.type === 'nested_event' && (event.event.type === 'run_finished' || event.event.type === 'goals_checked') ? [event.event] : []));
    expect(ends).toMatchObject([
      { type: 'run_finished', status: 'succeeded' },
      { type: 'goals_checked', goals: [], status: 'failed', reason: expect.stringMatching(/^budget exceeded: max_tokens 100/) },
    ]);
  });

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
