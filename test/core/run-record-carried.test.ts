import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';

const step = (key: string, type: PlanStep['type'] = 'reasoning'): PlanStep => ({ key, id: key, type, description: `step ${key}`, inputs: [], dependsOn: [] });

/** A map that counts the entries read from it, however they are read. */
class CountingMap extends Map<string, string> {
  read = 0;
  override *[Symbol.iterator](): MapIterator<[string, string]> {
    for (const entry of super.entries()) {
      this.read++;
      yield entry;
    }
  }
  override entries(): MapIterator<[string, string]> {
    return this[Symbol.iterator]();
  }
  override *keys(): MapIterator<string> {
    for (const [key] of this) yield key;
  }
  override *values(): MapIterator<string> {
    for (const [, value] of this) yield value;
  }
  override forEach(callback: (value: string, key: string, map: Map<string, string>) => void): void {
    for (const [key, value] of this) callback(value, key, this);
  }
}

// Found by an adversarial pass: each reused step's completion searched everything the run resumed had left undone
// for what was under it. A resume reusing 10,000 steps of a run whose used plan left 5,000 undone read 50 million
// entries, and took twice the CPU time of the whole run before.
describe('a resumed run’s record of what the run it resumes left undone', () => {
  const size = 2_000;
  const reused = (stepKey: string, at: number): RunEvent => ({ type: 'step_completed', at, stepKey, result: 1, durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } });

  it('reads those entries about once however many steps are reused, and gives each plan step its own', () => {
    const keys = Array.from({ length: size }, (_, i) => `s${i}`);
    const carried = Object.fromEntries([
      ...Array.from({ length: size }, (_, i): [string, string] => [`p/${i + 1}`, 'skipped in the plan step p uses']),
      ['q/1', 'failed in the plan step q uses'],
      ['gone', 'failed, then replaced by a replan'],
    ]);
    const record = applyEvent(newRunRecord(), { type: 'plan_created', at: 0, plan: { name: 'big', revision: 1, steps: [...keys.map((key) => step(key)), step('p', 'plan'), step('q', 'plan')] }, carried });
    const counting = new CountingMap(record.carriedFailures);
    record.carriedFailures = counting;
    keys.forEach((key, i) => applyEvent(record, reused(key, i + 1)));
    applyEvent(record, reused('p', size + 1));
    applyEvent(record, reused('q', size + 2));
    expect(counting.read).toBeLessThanOrEqual(4 * size);
    expect(keys.filter((key) => record.steps.get(key)!.leftUndone !== undefined)).toEqual([]);
    expect(record.steps.get('p')!.leftUndone).toHaveLength(size);
    expect(record.steps.get('p')!.leftUndone![0]).toEqual(['p/1', 'skipped in the plan step p uses']);
    expect(record.steps.get('q')!.leftUndone).toEqual([['q/1', 'failed in the plan step q uses']]);
  });
});
