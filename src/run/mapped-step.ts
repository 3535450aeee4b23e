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
  #next = 0;
  #running = 0;
  #halted = false;

  constructor(key: string, children: readonly PlanStep[], onItemFailure: 'fail' | 'continue', startedAt: number) {
    this.key = key;
    this.children = children;
    this.onItemFailure = onItemFailure;
    this.startedAt = startedAt;
    this.results = new Array<unknown>(children.length).fill(null);
  }

  /** True while children are waiting to start (none start after a failure under `fail`). */
  get hasWaiting(): boolean {
    return !this.#halted && this.#next < this.children.length;
  }

  get running(): number {
    return this.#running;
  }

  /** An item failed under `on_item_failure: fail`. */
  get halted(): boolean {
    return this.#halted;
  }

  /** Children that never started. */
  get notStarted(): number {
    return this.children.length - this.#next;
  }

  /** The next child to start, counted as running; undefined when none waits. */
  take(): { readonly child: PlanStep; readonly index: number } | undefined {
    if (!this.hasWaiting) return undefined;
    const index = this.#next++;
    this.#running += 1;
    return { child: this.children[index]!, index };
  }

  completed(index: number, result: unknown, usage: Usage): void {
    this.#running -= 1;
    this.results[index] = result;
    this.usage = addUsage(this.usage, usage);
  }

  /** A child failed; `counts` is false for a child stopped with the run (not the item's own failure). */
  failed(index: number, error: string, usage: Usage, counts: boolean): void {
    this.#running -= 1;
    this.usage = addUsage(this.usage, usage);
    if (!counts) return;
    this.failures.push({ index, key: this.children[index]!.key, error });
    if (this.onItemFailure === 'fail') this.#halted = true;
  }
}
