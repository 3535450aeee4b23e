import { stepPath, type PlanCheckContext } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import { stepKey } from '../core/plan-step.ts';
import { dependencyId, type Step } from './schema.ts';

/**
 * The blog's pitfall, for plans a model wrote: a tool_call with explicit args that depends on
 * earlier steps — listed in `depends_on`, or implied (left out, it waits for the step before it) —
 * but uses none of their results has hard-coded a value it expected them to produce.
 */
export function checkHardcodedResults(ctx: PlanCheckContext, modelStepsFrom = 0): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const sequence = ctx.plan.workflow_sequence ?? [];
  sequence.forEach((step, index) => {
    if (step.type !== 'tool_call' || step.args === undefined) return;
    const implied = step.depends_on === undefined && step.inputs === undefined;
    // The first step of a replacement follows a completed step by position only, not by the model's intent.
    const ids: Step['id'][] = implied ? (index > modelStepsFrom ? [sequence[index - 1]!.id] : []) : (step.depends_on ?? []).map(dependencyId);
    if (ids.length === 0) return;
    const dependencies = new Set(ids.map(stepKey));
    // A for_each step uses its list's step through `for_each:` and the item through ${item…}.
    const mapsOver = step.for_each !== undefined && [...dependencies].some((key) => step.for_each!.includes(`steps.${key}.result`));
    const uses = mapsOver || (ctx.references.get(index) ?? []).some((found) => found.reference.kind === 'step' && dependencies.has(found.reference.step));
    if (uses) return;
    const named = ids.length === 1 ? `step ${stepKey(ids[0]!)}` : `steps ${ids.map(stepKey).join(', ')}`;
    const fix = `write {"step_result": ${JSON.stringify(ids[0])}}`;
    issues.push({
      path: [...stepPath(index), 'args'],
      message: implied
        ? `step ${stepKey(step.id)} depends on ${named} (no depends_on: it waits for the step before it) but none of its args uses a step result; ${fix}, or "depends_on": [] if it needs no earlier result`
        : `step ${stepKey(step.id)} depends on ${named} but none of its args uses a step result; ${fix}`,
    });
  });
  return issues;
}
