import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from './run-fixture.ts';

// A call with side effects that got no answer escalated the run only when its step failed. A step that
// went on past it (a for_each item under on_item_failure: continue) completed, and so did a step whose
// timeout was the tool's own (its timer won, so the call was never marked unknown): the run succeeded
// with an effect that may or may not have happened (found by a review).
const list: Tool = { name: 'list', description: 'Items', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => ['a', 'b'] };

function post(answer: (name: string) => Promise<unknown>, timeoutSeconds?: number): Tool {
  return { name: 'post', description: 'Posts', inputSchema: { type: 'object' }, sideEffects: true, ...(timeoutSeconds !== undefined && { timeoutSeconds }), execute: async (args) => answer(String(args['name'])) };
}

async function run(steps: PlanStep[], tools: Tool[]) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf(steps), { runStep, tools: new Map(tools.map((tool) => [tool.name, tool])), clock: systemClock, cwd: '/', inputs: {}, listeners: [(event) => events.push(event)] });
  return { outcome, events };
}

const listStep: PlanStep = { key: 'list', id: 'list', type: 'tool_call', description: 'List', tool: 'list', args: {}, inputs: [], dependsOn: [] };

describe('a call with side effects that got no answer', () => {
  it('escalates the run though its for_each step went on past it (on_item_failure: continue)', async () => {
    const lost = post(async (name) => {
      if (name === 'b') throw new StepError('the request timed out', { transient: true, toolName: 'post' });
      return 'posted';
    });
    const each: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: '${item}' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } };
    const { outcome } = await run([listStep, each], [list, lost]);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('step post called post({"name":"b"}), a tool with side effects, and got no answer');
  });

  it('escalates the run when the step ended on the tool’s own timeout before the call did', async () => {
    // It answers long after its 50 ms: at 400 ms, a loaded machine could read the answer while the timeout
    // waited for the event loop to catch up. The run does not wait for it.
    const slow = post(() => new Promise((resolve) => setTimeout(() => resolve('late'), 5_000)), 0.05);
    const step: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: 'x' }, inputs: [], dependsOn: [], onFailure: 'continue' };
    const { outcome } = await run([step], [slow]);
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('step post called post({"name":"x"}), a tool with side effects, and got no answer');
  });

  it('does not stop a run whose calls all answered', async () => {
    const each: PlanStep = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: '${item}' }, inputs: [], dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'continue' } };
    expect((await run([listStep, each], [list, post(async () => 'posted')])).outcome.status).toBe('succeeded');
  });
});

// Found by an adversarial pass: a POST refused at connect (a server restarting) counted as a call that may have
// taken effect, so the run escalated to a person instead of retrying a call that was never sent.
describe('a call with side effects that was never sent', () => {
  it('is retried as any other, and the run goes on', async () => {
    let calls = 0;
    const flaky = post(async () => {
      calls += 1;
      if (calls === 1) throw new StepError('post: http://127.0.0.1:1/ could not be reached (ECONNREFUSED); it can be retried', { transient: true, toolName: 'post', notSent: true });
      return 'posted';
    });
    const step = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: 'x' }, inputs: [], dependsOn: [], retry: { max_attempts: 2, initial_interval: '1ms' } } as PlanStep;
    const { outcome, events } = await run([step], [flaky]);
    expect(outcome.status).toBe('succeeded');
    expect(calls).toBe(2);
    expect(events.flatMap((event) => (event.type === 'tool_returned' ? [event.outcome] : []))).toEqual(['failed', 'succeeded']);
  });

  it('still escalates when the failure may have come after the request was sent', async () => {
    let calls = 0;
    const lost = post(async () => {
      calls += 1;
      throw new StepError('post: the connection was reset; it can be retried', { transient: true, toolName: 'post' });
    });
    const step = { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { name: 'x' }, inputs: [], dependsOn: [], retry: { max_attempts: 2, initial_interval: '1ms' } } as PlanStep;
    const { outcome } = await run([step], [lost]);
    expect(outcome.status).toBe('escalated');
    expect(calls).toBe(1);
  });
});
