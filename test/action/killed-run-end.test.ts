import { expect, it } from 'vitest';
import { killedRunEnd } from '../../src/action/finish-killed-run.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import type { RunEvent } from '../../src/core/run-event.ts';

const step = (key: string) => ({ key, id: key, type: 'reasoning' as const, description: `Step ${key}`, inputs: [], dependsOn: [] });

// Found by an adversarial pass: a step killed after 300 ms showed `· 11 ms`, the time to the trace's last
// event (which batches events), as if it were how long the step ran.
it('says a killed step ran for at least what the trace shows, not for that', () => {
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a')] } },
    { type: 'step_started', at: 5, stepKey: 'a' },
    { type: 'tool_called', at: 16, stepKey: 'a', callKey: 'c', tool: 't', args: {}, sideEffects: false } as unknown as RunEvent,
  ];
  const record = events.reduce(applyEvent, newRunRecord());
  const failed = killedRunEnd(record).find((event) => event.type === 'step_failed');
  expect(failed).toMatchObject({ stepKey: 'a', durationMs: 11, error: 'the main step ended while this step ran (11 ms or more: the trace ends there)' });
});
