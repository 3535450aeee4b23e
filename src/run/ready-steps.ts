import type { StepState } from '../core/run-event.ts';
import { MinHeap } from './min-heap.ts';
import type { PlanGraph } from './plan-graph.ts';
import { startOrder, type StepWeights } from './start-order.ts';

/**
 * The ready queue: a step becomes ready the moment its last dependency completes (not when a
 * whole wave does), and ready steps leave in `startOrder`: longest remaining path first, then
 * declaration order (with one slot, declaration order alone).
 */
export class ReadySteps {
  readonly #graph: PlanGraph;
  readonly #stateOf: (key: string) => StepState | undefined;
  readonly #concurrency: number;
  readonly #weights: StepWeights | undefined;
  /** Dependencies of each pending step that have not completed yet. */
  readonly #unmet = new Map<string, number>();
  /** Positions in the start order; the heap pops the first. */
  readonly #heap = new MinHeap();
  #order: readonly string[] = [];
  #position = new Map<string, number>();

  constructor(graph: PlanGraph, stateOf: (key: string) => StepState | undefined, concurrency = 1, weights?: StepWeights) {
    this.#graph = graph;
    this.#stateOf = stateOf;
    this.#concurrency = concurrency;
    this.#weights = weights;
  }

  /** Counts from the step states: call once the steps have states (after `plan_created`) and after a replan. */
  rebuild(): void {
    this.#unmet.clear();
    this.#heap.clear();
    this.#order = startOrder(this.#graph.steps, this.#concurrency, this.#weights);
    this.#position = new Map(this.#order.map((key, position) => [key, position]));
    for (const step of this.#graph.steps) {
      if (this.#stateOf(step.key) !== 'pending') continue;
      const unmet = step.dependsOn.filter((dep) => !this.#met(step.optional, dep)).length;
      this.#unmet.set(step.key, unmet);
      if (unmet === 0) this.#push(step.key);
    }
  }

  /** Counts `key` as completed: its dependents whose last dependency it was become ready. */
  release(key: string): void {
    for (const dependent of this.#graph.dependentsOf(key)) this.releaseOptional(dependent);
  }

  /** Counts one optional dependency of `dependent` as settled without a result (it failed or was skipped). */
  releaseOptional(dependent: string): void {
    const unmet = (this.#unmet.get(dependent) ?? 0) - 1;
    this.#unmet.set(dependent, unmet);
    if (unmet === 0) this.#push(dependent);
  }

  #push(key: string): void {
    this.#heap.push(this.#position.get(key)!);
  }

  #met(optional: readonly string[] | undefined, dep: string): boolean {
    const state = this.#stateOf(dep);
    return state === 'completed' || (optional?.includes(dep) === true && (state === 'failed' || state === 'skipped'));
  }

  /** Puts back a step `next` gave that could not start yet (no slot was free): it stays first in line. */
  putBack(key: string): void {
    this.#push(key);
  }

  /** The first ready step in start order that is still pending, removed from the queue. */
  next(): string | undefined {
    for (let position = this.#heap.pop(); position !== undefined; position = this.#heap.pop()) {
      const key = this.#order[position]!;
      if (this.#stateOf(key) === 'pending') return key;
    }
    return undefined;
  }
}
