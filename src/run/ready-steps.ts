import type { StepState } from '../core/run-event.ts';
import { MinHeap } from './min-heap.ts';
import type { PlanGraph } from './plan-graph.ts';

/**
 * The ready queue: a step becomes ready the moment its last dependency completes (not when a
 * whole wave does), and ready steps leave in declaration order.
 */
export class ReadySteps {
  readonly #graph: PlanGraph;
  readonly #stateOf: (key: string) => StepState | undefined;
  /** Dependencies of each pending step that have not completed yet. */
  readonly #unmet = new Map<string, number>();
  readonly #heap = new MinHeap();

  constructor(graph: PlanGraph, stateOf: (key: string) => StepState | undefined) {
    this.#graph = graph;
    this.#stateOf = stateOf;
  }

  /** Counts from the step states: call once the steps have states (after `plan_created`) and after a replan. */
  rebuild(): void {
    this.#unmet.clear();
    this.#heap.clear();
    for (const step of this.#graph.steps) {
      if (this.#stateOf(step.key) !== 'pending') continue;
      const unmet = step.dependsOn.filter((dep) => !this.#met(step.optional, dep)).length;
      this.#unmet.set(step.key, unmet);
      if (unmet === 0) this.#heap.push(this.#graph.indexOf(step.key));
    }
  }

  /** Counts `key` as completed: its dependents whose last dependency it was become ready. */
  release(key: string): void {
    for (const dependent of this.#graph.dependentsOf(key)) {
      const unmet = (this.#unmet.get(dependent) ?? 0) - 1;
      this.#unmet.set(dependent, unmet);
      if (unmet === 0) this.#heap.push(this.#graph.indexOf(dependent));
    }
  }

  /** Counts one optional dependency of `dependent` as settled without a result (it failed or was skipped). */
  releaseOptional(dependent: string): void {
    const unmet = (this.#unmet.get(dependent) ?? 0) - 1;
    this.#unmet.set(dependent, unmet);
    if (unmet === 0) this.#heap.push(this.#graph.indexOf(dependent));
  }

  #met(optional: readonly string[] | undefined, dep: string): boolean {
    const state = this.#stateOf(dep);
    return state === 'completed' || (optional?.includes(dep) === true && (state === 'failed' || state === 'skipped'));
  }

  /** The earliest-declared ready step that is still pending, removed from the queue. */
  next(): string | undefined {
    for (let index = this.#heap.pop(); index !== undefined; index = this.#heap.pop()) {
      const key = this.#graph.steps[index]!.key;
      if (this.#stateOf(key) === 'pending') return key;
    }
    return undefined;
  }
}
