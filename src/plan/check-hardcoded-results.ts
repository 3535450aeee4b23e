import { stepPath, type PlanCheckContext } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import { stepKey } from '../core/plan-step.ts';
import { dependencyId } from './schema.ts';

/**
 * The blog's pitfall, for plans a model wrote: a tool_call with explicit args that lists
 * dependencies in `depends_on` but uses none of their results has hard-coded a value it expected
 * them to produce.
 */
export function checkHardcodedResults(ctx: PlanCheckContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  (ctx.plan.workflow_sequence ?? []).forEach((step, index) => {
    if (step.type !== 'tool_call' || step.args === undefined || !step.depends_on || step.depends_on.length === 0) return;
    const ids = step.depends_on.map(dependencyId);
    const dependencies = new Set(ids.map(stepKey));
    // A for_each step uses its list's step through `for_each:` and the item through ${item…}.
    const mapsOver = step.for_each !== undefined && [...dependencies].some((key) => step.for_each!.includes(`steps.${key}.result`));
    const uses = mapsOver || (ctx.references.get(index) ?? []).some((found) => found.reference.kind === 'step' && dependencies.has(found.reference.step));
    if (uses) return;
    const named = ids.length === 1 ? `step ${stepKey(ids[0]!)}` : `steps ${ids.map(stepKey).join(', ')}`;
    issues.push({
      path: [...stepPath(index), 'args'],
      message: `step ${stepKey(step.id)} depends on ${named} but none of its args uses a step result; write {"step_result": ${JSON.stringify(ids[0])}}`,
    });
  });
  return issues;
}
