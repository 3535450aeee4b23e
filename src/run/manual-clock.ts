import type { Clock } from '../core/clock.ts';

interface Timer {
  readonly due: number;
  readonly seq: number;
  readonly resolve: () => void;
}

/**
 * A clock that only moves when told to: `advance(ms)` fires every timer due by then, in due order.
 * Tests use it for timeouts; the benchmark uses `nextDue()` to jump straight to the next timer.
 */
export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  #timers: Timer[] = [];

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Timers waiting to fire. */
  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** The time the earliest timer fires, if any is waiting. */
  nextDue(): number | undefined {
    return this.#timers[0]?.due;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer: Timer = {
        due: this.#now + Math.max(0, ms),
        seq: this.#seq++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#insert(timer);
    });
  }

  /** Moves time forward by `ms`, firing due timers in order (ties in the order they were set). */
  advance(ms: number): void {
    this.advanceTo(this.#now + ms);
  }

  /** Moves time to `time` (never backwards), firing every timer due by then. */
  advanceTo(time: number): void {
    while (this.#timers.length > 0 && this.#timers[0]!.due <= time) {
      const timer = this.#timers.shift()!;
      this.#now = Math.max(this.#now, timer.due);
      timer.resolve();
    }
    this.#now = Math.max(this.#now, time);
  }

  #insert(timer: Timer): void {
    // Timers are few at a time (one per running step), so a sorted array beats a heap here.
    let i = this.#timers.length;
    while (i > 0 && this.#timers[i - 1]!.due > timer.due) i--;
    this.#timers.splice(i, 0, timer);
  }
}
