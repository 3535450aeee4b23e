import { expect } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';

function indexOf(events: readonly RunEvent[], type: RunEvent['type'], key: string): number {
  return events.findIndex((event) => event.type === type && 'stepKey' in event && event.stepKey === key);
}

expect.extend({
  /** `expect(events).toHaveRunBefore('a', 'b')`: `a` completed before `b` started. */
  toHaveRunBefore(events: RunEvent[], first: string, then: string) {
    const completed = indexOf(events, 'step_completed', first);
    const started = indexOf(events, 'step_started', then);
    const pass = completed !== -1 && started !== -1 && completed < started;
    return {
      pass,
      message: () =>
        `expected step ${first} ${pass ? 'not ' : ''}to complete before step ${then} started ` +
        `(completed at event ${completed}, started at event ${started})`,
    };
  },
});

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toHaveRunBefore(first: string, then: string): T;
  }
}
