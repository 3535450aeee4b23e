import type { Redactor } from '../core/redact.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { frozenSteps } from './frozen-plan.ts';
import { loadPlanFile } from './load-plan.ts';
import { formatPlanError, problemCount } from './plan-error.ts';
import type { LoadPlanOptions, ValidPlan } from './valid-plan.ts';

/**
 * Why the frozen plan file `file`, written from `plan` with `redact`, would not run as `plan`, or undefined: it does not
 * load as job 2 loads it (with the tools and `options` `plan` loaded with), or loads other steps. A file that could not
 * run was handed on, and refused only in job 2, after its reviewers had approved it (found by a hunt of frozen plans:
 * a token-shaped step id written as `***`, a 230-character file name written as the plan's `name:`).
 */
export async function frozenPlanFileProblem(file: string, plan: ValidPlan, redact: Redactor | undefined, options: Pick<LoadPlanOptions, 'root' | 'model' | 'modelTimeoutSeconds'>): Promise<string | undefined> {
  const extraTools = [...plan.tools.values()].filter((tool) => tool.origin === 'extra');
  const loaded = await loadPlanFile(file, { ...options, extraTools, ...(plan.withhold !== undefined && { withhold: plan.withhold }) });
  if (!loaded.ok) {
    const count = problemCount(loaded.errors);
    return `it does not load (${count} problem${count === 1 ? '' : 's'}): ${loaded.errors.slice(0, 3).map(formatPlanError).join('; ')}`;
  }
  const written = frozenSteps(plan.steps, redact);
  const read = frozenSteps(loaded.plan.steps, undefined);
  const index = written.findIndex((step, at) => canonicalJson(step) !== canonicalJson(read[at]));
  if (index >= 0) return `its step ${String(written[index]!.id)} loads back as ${read[index] === undefined ? 'no step' : `step ${String(read[index].id)}, written otherwise`}`;
  if (read.length > written.length) return `it loads ${read.length} steps, not the plan's ${written.length}`;
  return undefined;
}
