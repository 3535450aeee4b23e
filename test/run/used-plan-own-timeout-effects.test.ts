// A used plan (`type: plan`) whose own `limits.timeout_minutes` stopped it while a call with side effects was in
// flight ended `failed` with the timeout, as an ordinary failed step of the run using it: `on_failure: continue` went
// on past the call and the run could succeed with no one checking whether it took effect, where the same stop of the
// top run ends it (found by an adversarial pass).
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';

const step = (key: string, tool: string, extra: Partial<PlanStep> = {}): PlanStep =>
  ({ key, id: key, type: 'tool_call', description: key, tool, args: {}, inputs: [], dependsOn: [], ...extra }) as PlanStep;
const used = (extra: Partial<PlanStep> = {}): PlanStep => ({ key: 'publish', id: 'publish', type: 'plan', description: 'Publish', uses: 'publish.yml', with: {}, inputs: [], dependsOn: [], ...extra }) as PlanStep;

/** Runs `outer` whose used plan posts with a call that answers only when stopped, under its own 1-minute timeout. */
async function run(outerSteps: PlanStep[], replanner?: Replanner, deeper = false) {
  const clock = new ManualClock();
  let started!: () => void;
  const calling = new Promise<void>((resolve) => (started = resolve));
  const post: Tool = {
    name: 'post',
    description: 'Posts',
    inputSchema: { type: 'object' },
    sideEffects: true,
    execute: (_args, ctx) => {
      started();
      return new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true }));
    },
  };
  const noop: Tool = { name: 'noop', description: 'noop', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 'ok' };
  const own = { concurrency: 4, timeout_minutes: 1 };
  const posting = { name: 'post', steps: [step('post', 'post')], limits: { concurrency: 4, timeout_minutes: 60 }, source: {} } as unknown as RunnablePlan;
  // Deeper: the plan under the timeout posts through a plan it uses in turn, which the same stop ends.
  const inner = (deeper
    ? { name: 'publish', steps: [{ ...used(), key: 'via', id: 'via', uses: 'post.yml' }], limits: own, source: { limits: own }, subplans: new Map([['post.yml', posting]]) }
    : { name: 'publish', steps: [step('post', 'post')], limits: own, source: { limits: own } }) as unknown as RunnablePlan;
  const outer = { name: 'outer', steps: outerSteps, limits: { concurrency: 4, timeout_minutes: 60, max_replans: 2 }, subplans: new Map([['publish.yml', inner]]) } as unknown as RunnablePlan;
  const events: RunEvent[] = [];
  const running = runPlan(outer, { runStep, tools: new Map([post, noop].map((tool) => [tool.name, tool])), clock, cwd: '/', inputs: {}, listeners: [(event) => void events.push(event)], ...(replanner && { replanner }) });
  await calling;
  await nextTurn();
  clock.advanceTo(60_000);
  return { outcome: await running, events };
}

describe('a used plan stopped by its own timeout while a call with side effects ran', () => {
  it('escalates the run using it under on_failure: continue, not going on past the call', async () => {
    const { outcome, events } = await run([used({ onFailure: 'continue' }), step('note', 'noop')]);
    const inner = events.flatMap((event) => (event.type === 'nested_event' ? [event.event] : []));
    expect(inner.find((event) => event.type === 'tool_returned')).toMatchObject({ outcome: 'unknown' });
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toMatch(/^step publish runs the plan publish\.yml, which escalated: step post called post\(\{\}\), a tool with side effects/);
    expect(outcome.reason).toContain('run timed out after 1 min');
  });

  it('escalates rather than replanning around the call', async () => {
    const replanner: Replanner = { replan: async () => ({ ok: true, steps: [step('alt', 'noop')], why: 'another way' }), review: async () => ({ fits: true, reason: '' }) };
    const { outcome } = await run([used(), step('note', 'noop', { dependsOn: ['publish'] })], replanner);
    expect(outcome.status).toBe('escalated');
  });

  it('escalates when the call ran in a plan the stopped plan used in turn', async () => {
    const { outcome } = await run([used({ onFailure: 'continue' }), step('note', 'noop')], undefined, true);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('called post({})');
  });
});
