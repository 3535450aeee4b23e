import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepContext, StepRunner } from '../../src/steps/step-context.ts';

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A step for tests: `step('c', ['a', 'b'])`. */
export function step(key: string, dependsOn: readonly string[] = [], extra: Partial<PlanStep> = {}): PlanStep {
  return { key, id: key, type: 'reasoning', description: `step ${key}`, inputs: [], dependsOn, ...extra };
}

/**
 * A step runner whose steps finish only when the test says so (`complete`, `fail`), so every
 * interleaving is chosen by the test, never by timing.
 */
export class FakeSteps {
  readonly startOrder: string[] = [];
  readonly running = new Map<string, StepContext>();
  maxRunning = 0;
  readonly #work = new Map<string, Deferred<unknown>>();
  readonly #startWaiters = new Map<string, Deferred<StepContext>>();

  readonly runner: StepRunner = (ctx) => {
    const key = ctx.step.key;
    this.startOrder.push(key);
    this.running.set(key, ctx);
    this.maxRunning = Math.max(this.maxRunning, this.running.size);
    this.#waiter(key).resolve(ctx);
    const work = this.#deferredWork(key);
    // A step leaves `running` when it settles by itself; abandoned ones (ignoring the signal) stay.
    const done = (): void => void this.running.delete(key);
    work.promise.then(done, done);
    return work.promise;
  };

  /** Resolves with the step's context once the executor has called the runner for it. */
  started(key: string): Promise<StepContext> {
    return this.#waiter(key).promise;
  }

  complete(key: string, result: unknown = `result of ${key}`): void {
    this.#deferredWork(key).resolve(result);
  }

  fail(key: string, error: unknown): void {
    this.#deferredWork(key).reject(error);
  }

  #waiter(key: string): Deferred<StepContext> {
    let waiter = this.#startWaiters.get(key);
    if (!waiter) this.#startWaiters.set(key, (waiter = deferred()));
    return waiter;
  }

  #deferredWork(key: string): Deferred<unknown> {
    let work = this.#work.get(key);
    if (!work) this.#work.set(key, (work = deferred()));
    return work;
  }
}

/** Lets every queued promise callback run (the executor is promise-driven, so this reaches quiescence). */
export function flushMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
