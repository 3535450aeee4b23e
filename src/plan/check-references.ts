import { AncestorCheck } from './ancestor-check.ts';
import { findReferences } from './find-references.ts';
import { nearestName } from './nearest-name.ts';
import { stepPath } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { FoundReference } from './reference.ts';

export interface ReferenceCheck {
  readonly references: Map<number, FoundReference[]>;
  readonly issues: PlanIssue[];
}

/**
 * References in args and agent tasks: well formed, naming steps that exist and are ancestors (so they have run),
 * and inputs the plan declares. `checkAncestors` is off when the graph has a cycle.
 */
export function checkReferences(
  steps: readonly PlanStep[],
  stepIndex: ReadonlyMap<string, number>,
  declaredInputs: readonly string[],
  checkAncestors: boolean,
): ReferenceCheck {
  const references = new Map<number, FoundReference[]>();
  const issues: PlanIssue[] = [];
  const ancestors = new AncestorCheck(steps, stepIndex);
  steps.forEach((step, index) => {
    const fields: [string, unknown][] = [];
    if (step.args !== undefined) fields.push(['args', step.args]);
    if (step.task !== undefined) fields.push(['task', step.task]);
    const ancestorsNeeded = new Map<string, { found: FoundReference; fieldPath: PathSegment[] }>();
    for (const [field, value] of fields) {
      const fieldPath = [...stepPath(index), field];
      const scan = findReferences(value);
      if (field === 'args') references.set(index, scan.references);
      for (const problem of scan.problems) issues.push({ path: [...fieldPath, ...problem.at], message: problem.message });
      for (const found of scan.references) {
        const path = [...fieldPath, ...found.at];
        const reference = found.reference;
        if (reference.kind === 'input') {
          if (!declaredInputs.includes(reference.name)) {
            const near = nearestName(reference.name, declaredInputs);
            const hint = near ? ` — did you mean \`${near}\`?` : '; declare it under `inputs:`';
            issues.push({ path, message: `${found.text} uses input \`${reference.name}\`, which the plan does not declare${hint}` });
          }
        } else if (reference.step === step.key) {
          issues.push({ path, message: `${found.text}: step ${step.key} cannot use its own result` });
        } else if (!stepIndex.has(reference.step)) {
          issues.push({ path, message: `${found.text} refers to step ${reference.step}, which does not exist` });
        } else if (!ancestorsNeeded.has(reference.step)) {
          ancestorsNeeded.set(reference.step, { found, fieldPath });
        }
      }
    }
    if (!checkAncestors || ancestorsNeeded.size === 0) return;
    for (const [key, { found, fieldPath }] of ancestorsNeeded) {
      if (ancestors.isAncestor(step, key)) continue;
      issues.push({
        path: [...fieldPath, ...found.at],
        message: `${found.text}: step ${step.key} uses the result of step ${key}, which it does not depend on (directly or through other steps), so step ${key} may not have run yet; add ${key} to depends_on`,
      });
    }
  });
  return { references, issues };
}
