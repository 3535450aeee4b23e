import { loadPlanFile } from '../plan/load-plan.ts';
import { readYamlFile } from '../plan/read-yaml-file.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { Plan } from '../plan/schema.ts';
import type { EvalSettings } from './run-eval.ts';

/**
 * Inputs no evaluated plan could run with (a name it does not declare, a required one left out) are
 * refused before any run, as `run` refuses them: each run would be rejected for the same reason, and
 * the evaluation would measure nothing. Returns what is wrong, per plan, or undefined. A plan that does
 * not parse is left to the runs, which report it.
 */
export async function inputsProblem(settings: Pick<EvalSettings, 'plans' | 'inputs'>): Promise<string | undefined> {
  const problems: string[] = [];
  for (const plan of settings.plans) {
    // A plan that does not load here (one naming an MCP server's tools) is read alone.
    const loaded = await loadPlanFile(plan.file);
    const read = loaded.ok ? undefined : await readYamlFile(plan.file, Plan);
    if (read && !read.ok) continue;
    const resolved = resolveInputs(loaded.ok ? loaded.plan.source : read!.value, settings.inputs);
    if (!resolved.ok) problems.push(...resolved.errors.map((error) => `${plan.label ?? plan.file}: ${error}`));
  }
  return problems.length > 0 ? `nothing was evaluated: ${problems.join('; ')}` : undefined;
}
