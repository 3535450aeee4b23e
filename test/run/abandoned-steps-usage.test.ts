import { expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { abandonedSteps } from '../../src/run/abandoned-steps.ts';

const step = (key: string, type: PlanStep['type']): PlanStep => ({ key, id: key, type, description: key, inputs: [], dependsOn: [] }) as unknown as PlanStep;
const call = { modelCalls: 1, promptTokens: 100, completionTokens: 10, costUsd: 0.001 };
const nested = (event: RunEvent): RunEvent => ({ type: 'nested_event', at: event.at, stepKey: 'outer', event });

// Found by an adversarial pass: after a bug in the executor, a `type: plan` step that was running failed with
// no model use, though its used plan's steps had charged calls: the cost table put them under "planning and
// goal checks", and the used plan's run said it had used nothing.
it('ends a running `type: plan` step with what its used plan’s steps charged so far', () => {
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'Outer', revision: 1, steps: [step('outer', 'plan')] } },
    { type: 'step_started', at: 1, stepKey: 'outer' },
    nested({ type: 'plan_created', at: 2, plan: { name: 'Inner', revision: 1, steps: [step('a', 'reasoning')] } }),
    nested({ type: 'step_started', at: 3, stepKey: 'a' }),
    nested({ type: 'model_used', at: 4, stepKey: 'a', usage: call }),
  ];
  const record = events.reduce(applyEvent, newRunRecord());
  const ended = abandonedSteps(record, 'internal error', 5);
  const failed = ended.find((event) => event.type === 'step_failed' && event.stepKey === 'outer');
  expect(failed).toMatchObject({ usage: { modelCalls: 1, promptTokens: 100, completionTokens: 10 } });
  const innerEnd = ended.flatMap((event) => (event.type === 'nested_event' && event.event.type === 'run_finished' ? [event.event] : []));
  expect(innerEnd).toEqual([expect.objectContaining({ usage: expect.objectContaining({ modelCalls: 1 }) })]);
});
