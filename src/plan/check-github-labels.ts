import { LABELLING_TOOLS, labelsRefused } from '../tools/github/allowed-labels.ts';
import { stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { CatalogueTool } from './valid-plan.ts';

/**
 * Labels a `tool_call` step of `plan` writes out in its args (no reference in them) for a github tool that sets
 * labels, which `allowed` (the top plan's `github.writes.labels`) does not list: the tool refuses them by the same
 * rule (`labelsRefused`) when the step runs, after the steps before it (found by an adversarial pass). `usedPlan`:
 * the plan is used by a plan step, whose plan's `github:` it writes with. `byModel`: a model wrote the steps, and can only
 * leave the label out (told to list it under `github.writes`, a setting of the plan file, it had nothing to do).
 */
export function checkGithubLabels(plan: Plan, tools: ReadonlyMap<string, CatalogueTool>, allowed: readonly string[] | undefined, usedPlan = false, byModel = false): PlanIssue[] {
  const issues: PlanIssue[] = [];
  (plan.workflow_sequence ?? []).forEach((step, index) => {
    const labels = step.args?.['labels'];
    if (step.type !== 'tool_call' || step.tool === undefined || !LABELLING_TOOLS.has(step.tool) || tools.get(step.tool)?.toolset !== 'github' || !Array.isArray(labels)) return;
    labels.forEach((label: unknown, position) => {
      if (typeof label !== 'string' || label.includes('${')) return;
      const problem = labelsRefused(allowed, [label]);
      if (problem === undefined) return;
      const where = usedPlan ? ' in this plan, which the plans it uses write with' : '';
      const fix = byModel ? `leave it out (people list the labels a run may set under github.writes.labels in the plan file; a plan a model writes cannot)` : `list it under github: { writes: { labels: [...] } }${where}, or leave it out`;
      issues.push({ path: [...stepPath(index), 'args', 'labels', position], message: `${problem}: ${step.tool} refuses it when the step runs; ${fix}` });
    });
  });
  return issues;
}
