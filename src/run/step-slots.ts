/**
 * The job's `limits.concurrency`: the top plan's cap on the work running at once across the whole job. A
 * step or a `for_each` item that runs takes a slot, in its own plan's run or in the run of a plan it uses
 * (`type: plan`, at any depth), and so does the check of a used plan's goals (its judges call the model);
 * a `type: plan` step or a `for_each` step holds none itself, or its own steps could never start. Each
 * run's own `concurrency` caps its own steps besides (found by a budget hunt: a top plan at concurrency 1
 * ran three steps of a used plan at once, each nested run counting only its own).
 */
export class StepSlots {
  readonly limit: number;
  #taken = 0;
  /** Told when a slot comes free: a run whose next step waits for one looks again. */
  readonly #listeners = new Set<() => void>();
  /** Those waiting in `acquire`, first come first served: a slot that comes free goes to the first. */
  #queue: Array<() => void> = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  /** True while a slot is free and nobody waits in `acquire` for one. */
  get free(): boolean {
    return this.#taken < this.limit && this.#queue.length === 0;
  }

  /** Takes a free slot (check `free` first); give it back with `release`. */
  take(): void {
    this.#taken += 1;
  }

  release(): void {
    const next = this.#queue.shift();
    // Handed over as it is: the slot stays taken, by the one that waited longest.
    if (next) return next();
    this.#taken -= 1;
    for (const listener of [...this.#listeners]) listener();
  }

  /** `listener` is told each time a slot comes free; returns how to stop telling it. */
  onRelease(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Waits for a slot and takes it; rejects with the signal's reason once it aborts. Give it back with `release`. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.free) {
      this.take();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.#queue = this.#queue.filter((waiting) => waiting !== handed);
        reject(signal!.reason);
      };
      const handed = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(handed);
    });
  }
}
