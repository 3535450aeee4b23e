import type { PlanStep } from '../core/plan-step.ts';
import type { PlanSnapshot } from '../core/run-event.ts';
import { pushAll } from '../core/push-all.ts';
import { finalStep } from '../core/final-step.ts';

/** What a snapshot says besides the steps. */
export interface PlanHeader {
  readonly name: string;
  readonly goal?: string;
  readonly file?: string;
}

/**
 * `step` without its edges to steps outside `kept`: a completed step that did without an optional
 * dependency that failed keeps none to it once a replan drops that step.
 */
export function withEdgesWithin(step: PlanStep, kept: Pick<ReadonlySet<string>, 'has'>): PlanStep {
  if (step.dependsOn.every((key) => kept.has(key))) return step;
  const within = (keys: readonly string[]) => keys.filter((key) => kept.has(key));
  return { ...step, dependsOn: within(step.dependsOn), inputs: within(step.inputs), ...(step.optional && { optional: within(step.optional) }) };
}

/** What a `replaceRemaining` call changed, for the `plan_revised` event. */
export interface GraphChange {
  readonly replaced: readonly string[];
  readonly added: readonly string[];
}

/**
 * The steps of the current plan revision and the edges between them. The executor reads the
 * graph afresh at every scheduling decision, so a replan can swap what is left mid-run.
 */
export class PlanGraph {
  #steps: PlanStep[] = [];
  #byKey = new Map<string, PlanStep>();
  #index = new Map<string, number>();
  #dependents = new Map<string, string[]>();
  #revision: number;

  constructor(steps: readonly PlanStep[], revision = 1) {
    this.#revision = revision;
    this.#build(steps);
  }

  get revision(): number {
    return this.#revision;
  }

  /** Steps in declaration order. */
  get steps(): readonly PlanStep[] {
    return this.#steps;
  }

  get byKey(): ReadonlyMap<string, PlanStep> {
    return this.#byKey;
  }

  /** Position in declaration order; ready steps start in this order. */
  indexOf(key: string): number {
    const index = this.#index.get(key);
    if (index === undefined) throw new Error(`no step ${key} in the plan`);
    return index;
  }

  /** Steps that list `key` among their direct dependencies. */
  dependentsOf(key: string): readonly string[] {
    return this.#dependents.get(key) ?? [];
  }

  /** Every step downstream of `key`, directly or transitively, in declaration order. */
  downstreamOf(key: string): string[] {
    const seen = new Set<string>();
    const queue = [...this.dependentsOf(key)];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      pushAll(queue, this.dependentsOf(next));
    }
    return [...seen].sort((a, b) => this.indexOf(a) - this.indexOf(b));
  }

  /** The key of the step whose result is the run's result (`finalStep`). */
  lastKey(): string | undefined {
    return finalStep(this.#steps)?.key;
  }

  /** The full plan as a client draws it once. */
  snapshot(header: PlanHeader): PlanSnapshot {
    return { ...header, revision: this.#revision, steps: [...this.#steps] };
  }

  /**
   * Keeps the steps in `kept` (in their order) and replaces every other step with `newSteps`,
   * which come after them; raises the revision. For replanning: completed steps never rerun.
   */
  replaceRemaining(newSteps: readonly PlanStep[], kept: ReadonlySet<string>): GraphChange {
    const replaced = this.#steps.filter((s) => !kept.has(s.key)).map((s) => s.key);
    const clash = newSteps.find((s) => this.#byKey.has(s.key));
    if (clash) throw new Error(`a replacement step reuses the id ${clash.key}; ids must be new in the run`);
    this.#build([...this.#steps.filter((s) => kept.has(s.key)).map((s) => withEdgesWithin(s, kept)), ...newSteps]);
    this.#revision += 1;
    return { replaced, added: newSteps.map((s) => s.key) };
  }

  #build(steps: readonly PlanStep[]): void {
    const byKey = new Map<string, PlanStep>();
    const index = new Map<string, number>();
    const dependents = new Map<string, string[]>();
    steps.forEach((step, i) => {
      if (byKey.has(step.key)) throw new Error(`step ${step.key} appears twice`);
      byKey.set(step.key, step);
      index.set(step.key, i);
    });
    for (const step of steps) {
      for (const dep of step.dependsOn) {
        if (!byKey.has(dep)) throw new Error(`step ${step.key} depends on ${dep}, which is not in the plan`);
        const list = dependents.get(dep);
        if (list) list.push(step.key);
        else dependents.set(dep, [step.key]);
      }
    }
    this.#steps = [...steps];
    this.#byKey = byKey;
    this.#index = index;
    this.#dependents = dependents;
  }
}
