// A used plan (type: plan) posted, then failed; the outer run's replan wrote a step that posted the same
// again: the outer run's record of side-effect calls held only its own (their keys name the plan that
// made them), so the replan was not refused and the comment was posted twice (found by a review).
import { expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { StepError } from '../../src/core/step-error.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';

const step = (key: string, tool: string, args: Record<string, unknown>, dependsOn: string[] = []): PlanStep =>
  ({ key, id: key, type: 'tool_call', description: key, tool, args, inputs: [], dependsOn }) as PlanStep;
const limits = { concurrency: 4, timeout_minutes: 30 };

it('a replan may not repeat a side-effect call a used plan made', async () => {
  const posts: unknown[] = [];
  const post: Tool = { name: 'post_comment', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, execute: async (args) => (posts.push(args), 'posted') };
  const verify: Tool = { name: 'verify', description: 'verify', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => { throw new StepError('verify said no', { transient: false }); } };
  const sub: RunnablePlan = { name: 'announce', steps: [step('a', 'post_comment', { body: 'Release 1.2 is out' }), step('b', 'verify', {}, ['a'])], limits };
  const outer: RunnablePlan = {
    name: 'release',
    steps: [{ key: 'announce', id: 'announce', type: 'plan', uses: 'announce.yml', description: 'announce', inputs: [], dependsOn: [] } as PlanStep],
    limits: { ...limits, max_replans: 2 },
    subplans: new Map([['announce.yml', sub]]),
  };
  const asked: string[] = [];
  const replanner: Replanner = {
    replan: async () => {
      asked.push('replan');
      return { ok: true, steps: [step('announce2', 'post_comment', { body: 'Release 1.2 is out' })], why: 'announce directly' };
    },
    review: async () => ({ fits: true, reason: 'fits' }),
  };
  const outcome = await runPlan(outer, { runStep, tools: new Map([post, verify].map((tool) => [tool.name, tool])), clock: systemClock, cwd: '/repo', inputs: {}, listeners: [], replanner });
  expect(posts).toHaveLength(1);
  expect(outcome.status).not.toBe('succeeded');
  expect(asked.length).toBeGreaterThan(0);
});

// The replan check above compares only arguments written out: a replacement step whose arguments came from a
// reference (or a model, or an agent) made the used plan's call again, and the run succeeded with two
// posts; so did a resumed run's step that repeated a call a used plan made in the run it resumed
// (found by an adversarial pass).
it('a step may not repeat at run time a side-effect call a used plan made, in this run or the run resumed', async () => {
  const { resumeStateFromEvents } = await import('../../src/run/resume-state.ts');
  const posts: unknown[] = [];
  const post: Tool = { name: 'post_comment', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, execute: async (args) => (posts.push(args), 'posted') };
  const verify: Tool = { name: 'verify', description: 'verify', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => { throw new StepError('verify said no', { transient: false }); } };
  const sub: RunnablePlan = { name: 'announce', steps: [step('a', 'post_comment', { body: 'Release 1.2 is out' }), step('b', 'verify', {}, ['a'])], limits };
  const used = { key: 'announce', id: 'announce', type: 'plan', uses: 'announce.yml', description: 'announce', inputs: [], dependsOn: [] } as PlanStep;
  const outer: RunnablePlan = { name: 'release', steps: [used], limits: { ...limits, max_replans: 2 }, subplans: new Map([['announce.yml', sub]]) };
  const replanner: Replanner = {
    replan: async () => ({ ok: true, steps: [step('announce2', 'post_comment', { body: '${inputs.msg}' })], why: 'announce directly' }),
    review: async () => ({ fits: true, reason: 'fits' }),
  };
  const events: import('../../src/core/run-event.ts').RunEvent[] = [];
  const deps = { runStep, tools: new Map([post, verify].map((tool) => [tool.name, tool])), clock: systemClock, cwd: '/repo', inputs: { msg: 'Release 1.2 is out' } };
  const first = await runPlan(outer, { ...deps, listeners: [(event) => events.push(event)], replanner });
  expect(posts).toHaveLength(1);
  expect(first.status).toBe('escalated');
  expect(first.reason).toContain('already took effect in this run');
  // A call that succeeded took effect: neither the reason nor the step's error asks the reader to check whether it did.
  expect(first.reason).toContain('so plan-runner will not call it again');
  expect(first.reason).not.toContain('check whether');
  expect(first.reason).toContain('it took effect, so run the plan again without that step');
  // Named by the step that used the plan, as its tools and the trace name it.
  expect(first.reason).toContain("already succeeded in step announce/a of the plan 'announce'");

  // Resumed with the plan changed to post directly, by reference: the used plan's call is known.
  const resumed = resumeStateFromEvents(events, 'release', 'the first run');
  if (!resumed.ok) throw new Error(resumed.problem);
  const direct: RunnablePlan = { name: 'release', steps: [step('announce2', 'post_comment', { body: '${inputs.msg}' })], limits };
  const second = await runPlan(direct, { ...deps, listeners: [], resume: resumed.state });
  expect(posts).toHaveLength(1);
  expect(second.status).toBe('escalated');
  expect(second.reason).toContain('already took effect in an earlier run');
});

// The refusal above held one way only: a used plan's run never saw the outer plan's calls, nor another
// use's of the same plan, so a step that posted and then a used plan that posted the same, or one plan
// used twice, posted twice (found by a review).
it.each([
  ['the outer plan posts first, then the plan it uses', ['direct', 'announce']],
  ['the same plan is used twice', ['announce', 'again']],
] as const)('a side-effect call is made once in a job whichever of its plans makes it first: %s', async (_case, order) => {
  const posts: unknown[] = [];
  const post: Tool = { name: 'post_comment', description: 'post', inputSchema: { type: 'object' }, sideEffects: true, execute: async (args) => (posts.push(args), 'posted') };
  const sub: RunnablePlan = { name: 'announce', steps: [step('a', 'post_comment', { body: 'Release 1.2 is out' })], limits };
  const uses = (key: string, dependsOn: string[]) => ({ key, id: key, type: 'plan', uses: 'announce.yml', description: key, inputs: [], dependsOn }) as PlanStep;
  const byKey: Record<string, (dependsOn: string[]) => PlanStep> = {
    direct: (dependsOn) => step('direct', 'post_comment', { body: 'Release 1.2 is out' }, dependsOn),
    announce: (dependsOn) => uses('announce', dependsOn),
    again: (dependsOn) => uses('again', dependsOn),
  };
  const [first, second] = order;
  const outer: RunnablePlan = { name: 'release', steps: [byKey[first]!([]), byKey[second]!([first])], limits, subplans: new Map([['announce.yml', sub]]) };
  const outcome = await runPlan(outer, { runStep, tools: new Map([[post.name, post]]), clock: systemClock, cwd: '/repo', inputs: {}, listeners: [] });
  expect(posts).toHaveLength(1);
  expect(outcome.status).toBe('escalated');
  expect(outcome.reason).toContain('already took effect in this run');
  expect(outcome.reason).toContain(first === 'direct' ? 'in step direct of the plan' : 'in step announce/a of the plan');
});
