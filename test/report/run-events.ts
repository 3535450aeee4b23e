import type { PlanStep } from '../../src/core/plan-step.ts';
import type { PlanSnapshot, RunEvent } from '../../src/core/run-event.ts';
import { NO_USAGE } from '../../src/core/usage.ts';

function step(key: string, description: string, dependsOn: string[] = []): PlanStep {
  return { key, id: Number(key), type: 'tool_call', description, tool: 'tool', inputs: [], dependsOn };
}

/** A three-step plan: fetch sales, fetch return rates, summarise. */
export const PLAN: PlanSnapshot = {
  name: 'Weekly report',
  revision: 1,
  steps: [step('1', 'Fetch sales'), step('2', 'Fetch return rates', ['1']), step('3', 'Summarise', ['2'])],
};

/** A run in which step 2 fails, so step 3 is skipped. `secret` is planted in a result and an error. */
export function failingRun(secret = 'no-secret'): RunEvent[] {
  return [
    { type: 'plan_created', at: 0, plan: PLAN },
    { type: 'step_started', at: 1, stepKey: '1' },
    { type: 'step_completed', at: 400, stepKey: '1', result: { Electronics: 142000, note: secret }, durationMs: 399, usage: NO_USAGE },
    { type: 'step_started', at: 401, stepKey: '2' },
    {
      type: 'step_failed',
      at: 900,
      stepKey: '2',
      error: `tool 'fetch_return_rates' exited with status 1 (${secret})`,
      transient: false,
      durationMs: 499,
      usage: NO_USAGE,
    },
    { type: 'step_skipped', at: 900, stepKey: '3', reason: 'step 2 failed' },
    { type: 'run_finished', at: 1500, status: 'failed', durationMs: 1500, usage: NO_USAGE, reason: 'step 2 failed' },
    // Every run but a paused one checks its goals after its steps, none declared included.
    { type: 'goals_checked', at: 1500, status: 'failed', goals: [] },
  ];
}
