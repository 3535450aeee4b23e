// A side-effect call that got no answer inside a used plan (type: plan) escalated the nested run, but the
// outer run took that as an ordinary failed step: on_failure: continue went on, a replanner replanned
// around it (and could make the call again), and the run ended succeeded (found by a review).
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import type { Replanner } from '../../src/run/replanner.ts';

const planOf = (steps: PlanStep[], name = 'outer'): RunnablePlan => ({ name, steps, limits: { concurrency: 4, timeout_minutes: 30 } }) as RunnablePlan;
// A side-effect call whose answer never came: it may have taken effect (README: "the run escalates ... instead of replanning").
const post: Tool = { name: 'post', description: 'Posts', inputSchema: { type: 'object' }, sideEffects: true, execute: async () => { throw new StepError('the request timed out', { transient: true, toolName: 'post' }); } };
const math: Tool = { name: 'noop', description: 'noop', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 'ok' };
const tools = new Map([[post.name, post], [math.name, math]]);
const postStep: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: 'x' }, inputs: [], dependsOn: [] };
const inner: RunnablePlan = { ...planOf([postStep], 'inner'), source: {} } as RunnablePlan;
const web = (extra: Partial<PlanStep> = {}): PlanStep => ({ key: 'web', id: 'web', type: 'plan', description: 'Publish', uses: 'plans/publish.yml', with: {}, inputs: [], dependsOn: [], ...extra });
const note: PlanStep = { key: 'note', id: 'note', type: 'tool_call', description: 'Note', tool: 'noop', args: {}, inputs: [], dependsOn: [] };

async function run(plan: RunnablePlan, replanner?: Replanner) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(plan, { runStep, tools, clock: systemClock, cwd: '/', inputs: {}, listeners: [(e) => events.push(e)], ...(replanner && { replanner }) });
  return { outcome, events };
}

describe('a side effect with no answer inside a type: plan step', () => {
  it('top level: escalates (control)', async () => {
    const { outcome } = await run(planOf([{ ...postStep, onFailure: 'continue' }, note]));
    expect(outcome.status).toBe('escalated');
  });
  it('nested, on_failure: continue: the run should escalate too', async () => {
    const plan = { ...planOf([web({ onFailure: 'continue' }), note]), subplans: new Map([['plans/publish.yml', inner]]) } as RunnablePlan;
    const { outcome } = await run(plan);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toMatch(/^step web runs the plan plans\/publish\.yml, which escalated: step post called post\(\{"name":"x"\}\), a tool with side effects, and got no answer/);
  });
  it('nested, replanned: the run should escalate, not replan around it', async () => {
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [{ ...note, key: 'alt', id: 'alt' }], why: 'publish another way' }),
      review: async () => ({ fits: true, reason: '' }),
    };
    const plan = { ...planOf([web(), { ...note, dependsOn: ['web'] }]), subplans: new Map([['plans/publish.yml', inner]]) } as RunnablePlan;
    const { outcome } = await run(plan, replanner);
    expect(outcome.status).toBe('escalated');
  });
  it('nested, replanned: the replacement may repeat the side-effect call the nested run lost the answer of', async () => {
    let calls = 0;
    const flaky: Tool = { ...post, execute: async () => { calls += 1; if (calls === 1) throw new StepError('the request timed out', { transient: true, toolName: 'post' }); return 'posted'; } };
    const replanner: Replanner = {
      replan: async () => ({ ok: true, steps: [{ ...postStep, key: 'again', id: 'again' }], why: 'post directly' }),
      review: async () => ({ fits: true, reason: '' }),
    };
    const plan = { ...planOf([web()]), subplans: new Map([['plans/publish.yml', { ...inner, name: 'outer' }]]) } as RunnablePlan;
    const events: RunEvent[] = [];
    const outcome = await runPlan(plan, { runStep, tools: new Map([[flaky.name, flaky]]), clock: systemClock, cwd: '/', inputs: {}, listeners: [(e) => events.push(e)], replanner });
    expect(calls).toBe(1);
    expect(outcome.status).toBe('escalated');
  });
});
