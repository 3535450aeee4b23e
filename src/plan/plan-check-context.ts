import type { FoundReference } from './reference.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool } from './valid-plan.ts';

/** What the semantic checks share: the parsed plan and what was derived from it once. */
export interface PlanCheckContext {
  readonly plan: Plan;
  /** Steps with defaults applied, in file order (duplicates included: their ids are reported). */
  readonly steps: readonly PlanStep[];
  /** Step key → index of its first occurrence in `workflow_sequence`. */
  readonly stepIndex: ReadonlyMap<string, number>;
  readonly tools: ReadonlyMap<string, CatalogueTool>;
  /** References found in each step's args, by step index. */
  readonly references: ReadonlyMap<number, readonly FoundReference[]>;
}

/** The path of step `index` in the plan file. */
export function stepPath(index: number): ['workflow_sequence', number] {
  return ['workflow_sequence', index];
}

/** Some names for a message, capped so a 10,000-step plan does not print them all. */
export function listNames(names: Iterable<string>, max = 20): string {
  const all = [...names];
  if (all.length === 0) return 'none';
  return all.length > max ? `${all.slice(0, max).join(', ')} … and ${all.length - max} more` : all.join(', ');
}
