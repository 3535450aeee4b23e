import type { PlanStep } from '../core/plan-step.ts';
import { pushAll } from '../core/push-all.ts';

/** How many steps a backward search from a referencing step visits before the question waits for the pass below. */
const NEAR_SEARCH_LIMIT = 16;

/** "Does the step at `stepIndex` depend on step `target`, directly or through other steps?" */
export interface AncestorQuestion {
  readonly stepIndex: number;
  readonly target: string;
}

/**
 * Answers many "is `target` an ancestor of `step`?" questions without quadratic work on long plans: a direct
 * dependency answers at once, a nearby ancestor by a short backward search, and the rest in one pass over the
 * steps in dependency order, where each step carries a bit set of the asked-about targets among its ancestors
 * (dropped once its last dependent has read it). That pass costs steps × dependencies × targets / 32 word
 * operations: `validate` of an 8,000-step plan whose every step uses the result of the step 20 back took 12.9 s
 * and 1.1 GB when each target's descendants were collected as a set of step ids.
 */
export class AncestorCheck {
  readonly #steps: readonly PlanStep[];
  readonly #stepIndex: ReadonlyMap<string, number>;

  constructor(steps: readonly PlanStep[], stepIndex: ReadonlyMap<string, number>) {
    this.#steps = steps;
    this.#stepIndex = stepIndex;
  }

  /** One answer per question, in order. The graph must be acyclic; a step left out by a cycle answers true (the cycle is the error). */
  answer(questions: readonly AncestorQuestion[]): boolean[] {
    const answers = questions.map(() => true);
    const bitOf = new Map<string, number>();
    const far = new Map<number, Array<{ question: number; bit: number }>>();
    questions.forEach(({ stepIndex, target }, question) => {
      const step = this.#steps[stepIndex]!;
      if (step.dependsOn.includes(target)) return;
      const near = this.#searchNear(step, target);
      if (near !== undefined) {
        answers[question] = near;
        return;
      }
      let bit = bitOf.get(target);
      if (bit === undefined) bitOf.set(target, (bit = bitOf.size));
      const asked = far.get(stepIndex);
      if (asked) asked.push({ question, bit });
      else far.set(stepIndex, [{ question, bit }]);
    });
    if (far.size > 0) this.#answerFar(far, bitOf, answers);
    return answers;
  }

  /** A bounded backward search: true or false when it finished, undefined when it ran out of budget. */
  #searchNear(step: PlanStep, target: string): boolean | undefined {
    const seen = new Set<string>();
    const queue = [...step.dependsOn];
    while (queue.length > 0) {
      const key = queue.shift()!;
      if (key === target) return true;
      if (seen.has(key)) continue;
      if (seen.size >= NEAR_SEARCH_LIMIT) return undefined;
      seen.add(key);
      const index = this.#stepIndex.get(key);
      if (index !== undefined) pushAll(queue, this.#steps[index]!.dependsOn);
    }
    return false;
  }

  #answerFar(far: ReadonlyMap<number, ReadonlyArray<{ question: number; bit: number }>>, bitOf: ReadonlyMap<string, number>, answers: boolean[]): void {
    const words = Math.ceil(bitOf.size / 32);
    const dependencies = this.#steps.map((step) => step.dependsOn.map((key) => this.#stepIndex.get(key)).filter((index) => index !== undefined));
    // How many dependents will still read a step's bits (one per listing, as `dependencies` repeats a key listed twice).
    const readers = new Array<number>(this.#steps.length).fill(0);
    const dependents: number[][] = this.#steps.map(() => []);
    dependencies.forEach((list, index) => {
      for (const dependency of list) {
        readers[dependency]!++;
        dependents[dependency]!.push(index);
      }
    });
    const waitingOn = dependencies.map((list) => list.length);
    const ready = waitingOn.flatMap((count, index) => (count === 0 ? [index] : []));
    // Each step's asked-about ancestors; undefined when it has none (most steps, so nothing is allocated for them).
    const bits = new Array<Uint32Array | undefined>(this.#steps.length);
    for (let next = 0; next < ready.length; next++) {
      const index = ready[next]!;
      let own: Uint32Array | undefined;
      for (const dependency of dependencies[index]!) {
        const inherited = bits[dependency];
        const bit = bitOf.get(this.#steps[dependency]!.key);
        if (inherited !== undefined || bit !== undefined) {
          own ??= new Uint32Array(words);
          if (inherited !== undefined) for (let word = 0; word < words; word++) own[word]! |= inherited[word]!;
          if (bit !== undefined) own[bit >>> 5]! |= 1 << (bit & 31);
        }
        if (--readers[dependency]! === 0) bits[dependency] = undefined;
      }
      for (const { question, bit } of far.get(index) ?? []) answers[question] = own !== undefined && (own[bit >>> 5]! & (1 << (bit & 31))) !== 0;
      if (readers[index]! > 0) bits[index] = own;
      for (const dependent of dependents[index]!) if (--waitingOn[dependent]! === 0) ready.push(dependent);
    }
  }
}
