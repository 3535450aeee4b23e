import { loadPlanFile } from '../plan/load-plan.ts';
import { readYamlFile } from '../plan/read-yaml-file.ts';
import { Plan } from '../plan/schema.ts';
import { PLAN_FILE } from '../plan/yaml-file-kind.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { EvalSettings } from './run-eval.ts';

/** A plan of an evaluation as the checks before any run see it (`inputsProblem`, `costThresholdProblem`). */
export interface EvaluatedPlan {
  readonly file: string;
  readonly label?: string;
  readonly source: Plan;
  /** With the plans its `type: plan` steps use; absent for a plan that does not load alone (one naming an MCP server's tools). */
  readonly loaded?: ValidPlan;
}

/**
 * Each plan of an evaluation, read once for the checks before any run: loaded where it loads alone,
 * else read as its file has it. A plan that does not parse is left out: the runs report it.
 */
export async function readEvaluatedPlans(plans: EvalSettings['plans']): Promise<EvaluatedPlan[]> {
  const read: EvaluatedPlan[] = [];
  for (const plan of plans) {
    const loaded = await loadPlanFile(plan.file);
    if (loaded.ok) {
      read.push({ ...plan, source: loaded.plan.source, loaded: loaded.plan });
      continue;
    }
    const parsed = await readYamlFile(plan.file, Plan, PLAN_FILE);
    if (parsed.ok) read.push({ ...plan, source: parsed.value });
  }
  return read;
}
