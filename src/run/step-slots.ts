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
  /** How to tell each run that a slot is free for it: a run whose next step waits for one looks again. */
  readonly #listeners = new Map<object, () => void>();
  /** Those waiting in `acquire`, first come first served: a slot that comes free goes to the first. */
  #queue: Array<() => void> = [];

  constructor(limit: number) {
    this.limit = limit;
  }

  /**
   * Runs whose next step found every slot taken, in the order they came to wait: a slot that comes free is
   * theirs in that order. Else the run that gave it back, going on in the same turn, took it again before a
   * waiting run woke, and a used plan's run waited until its sibling's every item had run (its own timeout
   * running meanwhile).
   */
  #waitingRuns: object[] = [];

  /** True while a slot is free and nobody waits in `acquire` for one. */
  get free(): boolean {
    return this.#taken < this.limit && this.#queue.length === 0;
  }

  /** True while a slot is free for `run`: none waits in `acquire`, and the runs that waited before it leave it one. */
  freeFor(run: object): boolean {
    const place = this.#waitingRuns.indexOf(run);
    const ahead = place === -1 ? this.#waitingRuns.length : place;
    return this.#taken + ahead < this.limit && this.#queue.length === 0;
  }

  /** `run` waits for a slot (found none `freeFor` it); it keeps its place until `stopWaiting`. */
  wait(run: object): void {
    if (!this.#waitingRuns.includes(run)) this.#waitingRuns.push(run);
  }

  /** `run` waits no more (it took a slot, or wants none now): those behind it may take what is free. */
  stopWaiting(run: object): void {
    const place = this.#waitingRuns.indexOf(run);
    if (place === -1) return;
    this.#waitingRuns.splice(place, 1);
    if (this.free) this.#tell();
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
    this.#tell();
  }

  /**
   * Tells the waiting runs a free slot is for: the first ones, as many as slots are free. Each slot that came free
   * woke every run of the job, and each waiting run looked again (hashing its next step) to find it was not its
   * turn: 64 used plans of 64 used plans each took 14.5 s for 8,256 steps of no work, 247 ms in one plan (found by
   * an adversarial pass). A run that wants none now gives its place up (`stopWaiting`), telling the next.
   */
  #tell(): void {
    if (this.#queue.length > 0) return;
    const free = this.limit - this.#taken;
    for (const run of this.#waitingRuns.slice(0, Math.max(0, free))) this.#listeners.get(run)?.();
  }

  /** `listener` is told when a slot comes free for `run` (waiting its turn, see `wait`); returns how to stop telling it. */
  onRelease(run: object, listener: () => void): () => void {
    this.#listeners.set(run, listener);
    return () => this.#listeners.delete(run);
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
