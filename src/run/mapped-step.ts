import type { PlanStep } from '../core/plan-step.ts';
import type { ItemFailure } from '../core/run-event.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';

/**
 * A `for_each` step while its children run: which child starts next, how many run, their results
 * in input order, and the items that failed. The step itself holds no concurrency slot; its
 * children take slots like any step.
 */
export class MappedStep {
  readonly key: string;
  readonly children: readonly PlanStep[];
  readonly onItemFailure: 'fail' | 'continue';
  readonly startedAt: number;
  readonly results: unknown[];
  readonly failures: ItemFailure[] = [];
  usage: Usage = NO_USAGE;
  /** Items this run leaves to other shards of a fanned-out run: while any are left, the step does not complete here. */
  left = 0;
  /** The indexes of the children this run starts, in the order it starts them. */
  readonly #order: readonly number[];
  #next = 0;
  #running = 0;
  #halted = false;
  readonly #halt = new AbortController();
  #stop: Error | undefined;

  /** `toRun`: the children to start (default: all, in input order); the others are settled with `reuse`, `failed` or `leave`. */
  constructor(key: string, children: readonly PlanStep[], onItemFailure: 'fail' | 'continue', startedAt: number, toRun?: readonly number[]) {
    this.key = key;
    this.children = children;
    this.onItemFailure = onItemFailure;
    this.startedAt = startedAt;
    this.results = new Array<unknown>(children.length).fill(null);
    this.#order = toRun ?? children.map((_, index) => index);
  }

  /** True while children are waiting to start (none start after a failure under `fail`, or after the run's stop reached one). */
  get hasWaiting(): boolean {
    return !this.#halted && this.#stop === undefined && this.#next < this.#order.length;
  }

  get running(): number {
    return this.#running;
  }

  /** An item failed under `on_item_failure: fail`. */
  get halted(): boolean {
    return this.#halted;
  }

  /** Aborted when the step halts: an item waiting to try again does not (the step has failed). */
  get haltSignal(): AbortSignal {
    return this.#halt.signal;
  }

  /**
   * The run's stop as a child met it (the budget refused its call), which may come before the run has
   * stopped (the budget's stop lands a turn later): the step ends with it, never as completed with the item null.
   */
  get stop(): Error | undefined {
    return this.#stop;
  }

  /** Children that never started. */
  get notStarted(): number {
    return this.#order.length - this.#next;
  }

  /** The next child to start, counted as running; undefined when none waits. */
  take(): { readonly child: PlanStep; readonly index: number } | undefined {
    if (!this.hasWaiting) return undefined;
    const index = this.#order[this.#next++]!;
    this.#running += 1;
    return { child: this.children[index]!, index };
  }

  /** A child settled without running: its result from an earlier run or another shard. */
  reuse(index: number, result: unknown): void {
    this.results[index] = result;
  }

  completed(index: number, result: unknown, usage: Usage): void {
    this.#running -= 1;
    this.results[index] = result;
    this.usage = addUsage(this.usage, usage);
  }

  /** A child failed; `stop` is the run's stop for a child stopped with the run (not the item's own failure); `ran` false for one that never started here. */
  failed(index: number, error: string, usage: Usage, stop?: Error, ran = true): void {
    if (ran) this.#running -= 1;
    this.usage = addUsage(this.usage, usage);
    if (stop) {
      this.#stop ??= stop;
      return;
    }
    this.failures.push({ index, key: this.children[index]!.key, error });
    if (this.onItemFailure === 'fail') {
      this.#halted = true;
      this.#halt.abort();
    }
  }
}
