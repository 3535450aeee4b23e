import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/run/manual-clock.ts';
import { MinHeap } from '../../src/run/min-heap.ts';
import { flushMicrotasks } from './fake-steps.ts';

describe('ManualClock', () => {
  it('fires timers only when advanced past them, in due order', async () => {
    const clock = new ManualClock();
    const fired: string[] = [];
    void clock.sleep(200).then(() => fired.push('late'));
    void clock.sleep(100).then(() => fired.push('early'));
    clock.advance(99);
    await flushMicrotasks();
    expect(fired).toEqual([]);
    clock.advance(101);
    await flushMicrotasks();
    expect(fired).toEqual(['early', 'late']);
    expect(clock.now()).toBe(200);
  });

  it('rejects a sleep whose signal aborts, and forgets its timer', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(sleeping).rejects.toThrow('stop');
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('MinHeap', () => {
  it('pops values in ascending order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new MinHeap();
        for (const value of values) heap.push(value);
        const popped: number[] = [];
        for (let v = heap.pop(); v !== undefined; v = heap.pop()) popped.push(v);
        expect(popped).toEqual(values.toSorted((a, b) => a - b));
      }),
    );
  });
});
