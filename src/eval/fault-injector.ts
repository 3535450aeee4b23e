import { isModelRule, isToolRule, ruleMs, targetsPurpose, type FaultRule, type ModelFault, type ModelFaultRule, type ToolFault, type ToolFaultRule } from './fault-rule.ts';
import { seededRandom } from './seeded-random.ts';

/** A fault that was injected: what, where, and on which call of the run. */
export interface InjectedFault {
  readonly target: string;
  readonly fault: ToolFault | ModelFault;
  readonly call: number;
  /** The rule that injected it: its index in the fault file. */
  readonly rule: number;
}

export interface ChosenFault<F> {
  readonly fault: F;
  readonly call: number;
  readonly retryAfterMs?: number;
  readonly delayMs?: number;
}

/** FNV-1a of a string: mixes a call's identity into its own seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * Decides, for one run, which calls get a fault. Every decision depends only on (seed, run, target,
 * n-th call): runs are reproducible even when steps run concurrently and finish in any order.
 */
export class FaultInjector {
  readonly #rules: readonly FaultRule[];
  readonly #seed: string;
  readonly #calls = new Map<string, number>();
  readonly #injected: InjectedFault[] = [];
  readonly #targeting = new Set<number>();
  readonly #purposes = new Set<string>();
  #modelRequestsSent = 0;
  #heldAbandoned = 0;

  constructor(rules: readonly FaultRule[], seed: number, run: number) {
    this.#rules = rules;
    this.#seed = `${seed}:${run}`;
  }

  /** Faults injected so far, in the order they were. */
  get injected(): readonly InjectedFault[] {
    return this.#injected;
  }

  /** The rules (their indices in the fault file) that targeted at least one call of this run, fault or not. */
  get targetingRules(): readonly number[] {
    return [...this.#targeting];
  }

  /**
   * Counts a call of tool `name` by step `stepKey` and returns the fault it gets, if any. Calls are
   * counted per step (a for_each item is its own): counted across the run, which of two steps running
   * at once made "call 1" depended on timing, and the same seed failed another step.
   */
  toolFault(name: string, stepKey: string): ChosenFault<ToolFault> | undefined {
    return this.#choose(`tool:${name} in ${stepKey}`, this.#targeted((rule): rule is ToolFaultRule => isToolRule(rule) && (rule.tool === '*' || rule.tool === name)));
  }

  /** The purposes of the model calls this run made (`step:a/s`, `goal:x`): what a rule that matched none could have named. */
  get modelPurposes(): readonly string[] {
    return [...this.#purposes];
  }

  /** Model requests (HTTP attempts) that went to the endpoint: not those an injected error answered in its place. */
  get modelRequestsSent(): number {
    return this.#modelRequestsSent;
  }

  /** Notes a model request that went to the endpoint. */
  noteModelRequestSent(): void {
    this.#modelRequestsSent += 1;
  }

  /**
   * Model requests a `slow` fault held until they were abandoned (a timeout, a cancel): each counts as abandoned in
   * the run's usage, and none left, so no provider bills them.
   */
  get heldAbandonedRequests(): number {
    return this.#heldAbandoned;
  }

  /** Notes a model request a `slow` fault held until it was abandoned. */
  noteHeldAbandoned(): void {
    this.#heldAbandoned += 1;
  }

  /** Counts an HTTP attempt of a model call made for `purpose` and returns the fault it gets, if any. */
  modelFault(purpose: string): ChosenFault<ModelFault> | undefined {
    this.#purposes.add(purpose);
    return this.#choose(`model:${purpose}`, this.#targeted((rule): rule is ModelFaultRule => isModelRule(rule) && targetsPurpose(rule, purpose)));
  }

  /** The rules `targets` picks, noted as targeting a call. */
  #targeted<R extends FaultRule>(targets: (rule: FaultRule) => rule is R): R[] {
    const picked: R[] = [];
    this.#rules.forEach((rule, index) => {
      if (!targets(rule)) return;
      this.#targeting.add(index);
      picked.push(rule);
    });
    return picked;
  }

  #choose<R extends ToolFaultRule | ModelFaultRule>(target: string, rules: readonly R[]): ChosenFault<R['fault']> | undefined {
    const call = (this.#calls.get(target) ?? 0) + 1;
    this.#calls.set(target, call);
    for (const [index, rule] of rules.entries()) {
      const hit = rule.attempt !== undefined ? rule.attempt === call : seededRandom(hash(`${this.#seed}:${target}:${call}:${index}`))() < (rule.rate ?? 0);
      if (!hit) continue;
      this.#injected.push({ target, fault: rule.fault, call, rule: this.#rules.indexOf(rule) });
      const retryAfterMs = ruleMs(rule.retry_after);
      const delayMs = ruleMs(rule.delay);
      return { fault: rule.fault, call, ...(retryAfterMs !== undefined && { retryAfterMs }), ...(delayMs !== undefined && { delayMs }) };
    }
    return undefined;
  }
}
