import { expect } from 'vitest';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { LoadPlanOptions, LoadResult, ValidPlan } from '../../src/plan/valid-plan.ts';

/**
 * Loads plan text with the fast YAML reader (the default) and again with the `yaml` package only,
 * and fails the test when the two differ in anything: value, errors, lines or columns.
 */
async function loadBoth(text: string, options?: LoadPlanOptions): Promise<LoadResult> {
  const result = await loadPlanText(text, 'plan.yml', options);
  expect(await loadPlanText(text, 'plan.yml', { ...options, positionsFirst: true })).toEqual(result);
  return result;
}

/** The compiler-style error lines for plan text loaded as `plan.yml`; fails the test if it loads. */
export async function errorsFor(text: string, options?: LoadPlanOptions): Promise<string[]> {
  const result = await loadBoth(text, options);
  if (result.ok) throw new Error('expected the plan to be rejected, but it loaded');
  return result.errors.map(formatPlanError);
}

/** The loaded plan; fails the test with the errors when it does not load. */
export async function validPlan(text: string, options?: LoadPlanOptions): Promise<ValidPlan> {
  const result = await loadBoth(text, options);
  if (!result.ok) expect.fail(`expected a valid plan, got:\n${result.errors.map(formatPlanError).join('\n')}`);
  return result.plan;
}

/** Joins lines into YAML text; keeps tests readable while line numbers stay easy to count. */
export function yaml(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}
