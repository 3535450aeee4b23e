import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { createRedactor, type Redactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from './run-fixture.ts';

// Found by an adversarial pass: the run resumed hides a value the run before it did not (a newer plan-runner that
// knows more secrets, a secret added since). The earlier call's key was of its arguments as that run saw them, the
// new call's of them redacted: no record matched, and the post was made a second time.
describe('a resume whose redactor hides a value the earlier run’s did not', () => {
  it('does not make again a call with side effects the earlier run made', async () => {
    const posted: unknown[] = [];
    const post: Tool = { name: 'post', description: 'Posts', inputSchema: { type: 'object' }, sideEffects: true, execute: async (args) => (posted.push(args), 'posted') };
    let failNext = true;
    const check: Tool = { name: 'check', description: 'Checks', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => {
      if (failNext) throw new Error('not yet');
      return 'ok';
    } };
    const steps: PlanStep[] = [
      { key: 'post', id: 'post', type: 'tool_call', description: 'Post', tool: 'post', args: { body: 'deploy key sk-live-4242424242' }, inputs: [], dependsOn: [] },
      { key: 'check', id: 'check', type: 'tool_call', description: 'Check', tool: 'check', args: {}, inputs: [], dependsOn: ['post'] },
    ];
    const tools = new Map([post, check].map((tool) => [tool.name, tool]));
    const run = async (redact: Redactor | undefined, resume?: ResumeState) => {
      const events: RunEvent[] = [];
      const outcome = await runPlan(planOf(steps), { runStep, tools, clock: systemClock, cwd: '/', inputs: {}, listeners: [(event) => events.push(event)], ...(redact && { redact }), ...(resume && { resume }) });
      return { outcome, events };
    };
    const first = await run(undefined);
    expect(first.outcome.status).toBe('failed');
    expect(posted).toHaveLength(1);
    const state = resumeStateFromEvents(first.events, planOf(steps).name, 'attempt 1');
    if (!state.ok) throw new Error(state.problem);
    failNext = false;
    const second = await run(createRedactor(['sk-live-4242424242']), state.state);
    expect(posted).toHaveLength(1);
    expect(second.outcome.status).not.toBe('succeeded');
  });
});
