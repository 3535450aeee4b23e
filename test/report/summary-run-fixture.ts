import type { PlanStep } from '../../src/core/plan-step.ts';
import type { PlanSnapshot, RunEvent } from '../../src/core/run-event.ts';
import type { Usage } from '../../src/core/usage.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';

/** A plan step for tests: a reasoning step with a description, depending on `dependsOn`. */
export function step(key: string, description: string, dependsOn: string[] = []): PlanStep {
  return { key, id: key, type: 'reasoning', description, inputs: [], dependsOn };
}

/** A plan snapshot for tests. */
export function plan(steps: PlanStep[], extra: Partial<PlanSnapshot> = {}): PlanSnapshot {
  return { name: 'weekly-report', goal: 'Summarise the week', revision: 1, steps, ...extra };
}

export const usage = (modelCalls: number, promptTokens: number, completionTokens: number, costUsd: number): Usage => ({
  modelCalls,
  promptTokens,
  completionTokens,
  costUsd,
});

/** Events for a plan whose steps complete, fail or skip in order, with results given per key. */
export class RunScript {
  readonly events: RunEvent[] = [];
  #at = 0;

  constructor(snapshot: PlanSnapshot) {
    this.events.push({ type: 'plan_created', at: 0, plan: snapshot });
  }

  complete(stepKey: string, result: unknown, stepUsage: Usage = NO_USAGE): this {
    this.events.push({ type: 'step_started', at: (this.#at += 10), stepKey });
    this.events.push({ type: 'step_completed', at: (this.#at += 1200), stepKey, result, durationMs: 1200, usage: stepUsage });
    return this;
  }

  fail(stepKey: string, error: string): this {
    this.events.push({ type: 'step_started', at: (this.#at += 10), stepKey });
    this.events.push({ type: 'step_failed', at: (this.#at += 500), stepKey, error, transient: false, durationMs: 500, usage: NO_USAGE });
    return this;
  }

  skip(stepKey: string, reason: string): this {
    this.events.push({ type: 'step_skipped', at: (this.#at += 1), stepKey, reason });
    return this;
  }

  finish(status: 'succeeded' | 'failed' | 'escalated' | 'cancelled' | 'goals-unmet', runUsage: Usage = NO_USAGE, reason?: string): this {
    this.events.push({ type: 'run_finished', at: (this.#at += 5), status, durationMs: this.#at, usage: runUsage, ...(reason ? { reason } : {}) });
    return this;
  }

  record(): RunRecord {
    return this.events.reduce(applyEvent, newRunRecord());
  }
}

export const noRedaction = (text: string): string => text;
