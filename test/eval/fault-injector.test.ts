import { describe, expect, it } from 'vitest';
import { FaultInjector } from '../../src/eval/fault-injector.ts';

// Calls were counted across the run: of two steps running at once, whichever called `echo` first got
// `attempt: 1`'s fault, so the same seed failed a different step from one invocation to the next.
describe('FaultInjector', () => {
  it('gives a tool fault to the same step whatever order parallel steps call the tool in', () => {
    const rules = [{ tool: 'echo', fault: 'exit 1' as const, attempt: 2 }, { tool: 'echo', fault: 'timeout' as const, rate: 0.5 }];
    const faulted = (order: readonly string[]) => {
      const injector = new FaultInjector(rules, 7, 1);
      return order.map((step) => `${step}:${injector.toolFault('echo', step)?.fault ?? '-'}`).sort();
    };
    const forward = faulted(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    expect(faulted(['b', 'b', 'a', 'a', 'b', 'a', 'b', 'a'])).toEqual(forward);
    expect(faulted(['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b'])).toEqual(forward);
    // Each step's second call gets the attempt rule's fault.
    expect(forward.filter((entry) => entry.endsWith(':exit 1'))).toEqual(['a:exit 1', 'b:exit 1']);
  });
});
