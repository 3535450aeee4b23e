/**
 * Where finished steps report back to the scheduler: `wait()` resolves once something is in the
 * box or `wake()` is called, so the loop costs O(1) per step instead of a `Promise.race` over all.
 */
export class Inbox<T> {
  #items: T[] = [];
  #waiter?: () => void;

  push(item: T): void {
    this.#items.push(item);
    this.wake();
  }

  /** Lets a waiting `wait()` return even with nothing in the box (e.g. the run was stopped). */
  wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }

  /** Everything delivered so far, emptying the box. */
  drain(): T[] {
    const items = this.#items;
    this.#items = [];
    return items;
  }

  wait(): Promise<void> {
    if (this.#items.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }
}
