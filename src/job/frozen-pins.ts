import type { Redactor } from '../core/redact.ts';
import { planErrorAt, type PlanError } from '../plan/plan-error.ts';
import type { PlanIssue } from '../plan/plan-issue.ts';
import { planFilePositions } from '../plan/position-in-plan-file.ts';
import type { FrozenPins } from '../plan/schema.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { inputsHash, planFileHash, usedPlanPaths } from '../run/approval-request.ts';

const AGAIN = 'run mode: plan again to freeze (and have approved) the plan as it is now';

/**
 * What `mode: plan` freezes a plan with (the file's `frozen:`), hashed as an approval hashes it: the run's inputs
 * (`inputs`, defaults applied), which the arguments its summary showed follow from, and each plan file its steps use
 * (nested ones too), as this job read it.
 */
export function frozenPins(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>, redact: Redactor): FrozenPins {
  const uses = [...(plan.subplans ?? [])].map(([path, inner]) => [path, planFileHash(inner)] as const);
  return { inputs: inputsHash(inputs, redact), ...(uses.length > 0 && { uses: Object.fromEntries(uses) }) };
}

/**
 * Why a job may not run a frozen plan, whatever its inputs: a plan file its steps use that `frozen.uses` does not pin,
 * or pins with another hash (another ref, or edited since), so the steps are not the ones the reviewers approved; or
 * a pin no step uses, which mode: plan never writes (the file was edited by hand). `refused` says what a run does.
 * `validate` asks it too: it said ok to a file whose run was then refused (found by a hunt of frozen plans).
 */
export function frozenUsesIssues(plan: ValidPlan, refused: string): PlanIssue[] {
  const { frozen } = plan.source;
  if (frozen === undefined) return [];
  const pins = frozen.uses ?? {};
  const issues: PlanIssue[] = [];
  for (const [uses, inner] of plan.subplans ?? []) {
    const pinned = Object.hasOwn(pins, uses) ? pins[uses] : undefined;
    if (pinned === undefined) {
      const path = frozen.uses === undefined ? ['frozen'] : ['frozen', 'uses'];
      issues.push({ path, at: 'key', message: `this frozen plan uses the plan file ${uses}, and its frozen.uses does not pin it (mode: plan pins every plan its steps use); ${refused}. Run the file mode: plan wrote as it wrote it, or ${AGAIN}` });
      continue;
    }
    const now = planFileHash(inner);
    if (now === pinned) continue;
    const nested = usedPlanPaths(inner);
    const which = `the plan file ${uses} it uses${nested.length > 0 ? ` (or a plan file that one uses: ${nested.join(', ')})` : ''}`;
    issues.push({ path: ['frozen', 'uses', uses], message: `${which} is not the one mode: plan read when it froze this plan (hash ${pinned} then, ${now} now), so its steps may not be the ones approved; ${refused}. Run this job on the commit the mode: plan job ran on, or ${AGAIN}` });
  }
  for (const uses of Object.keys(pins)) {
    if (plan.subplans?.has(uses)) continue;
    issues.push({ path: ['frozen', 'uses', uses], at: 'key', message: `frozen.uses pins the plan file ${uses}, which no step of this plan uses (mode: plan pins only the plans its steps use, so the file was edited by hand); ${refused}. Run the file mode: plan wrote as it wrote it, or ${AGAIN}` });
  }
  return issues;
}

/**
 * Why this job may not run a frozen plan with its `inputs` (defaults applied): they are not those `mode: plan` planned
 * with, so the arguments are not the ones the reviewers approved, or `frozenUsesIssues`. Found by an adversarial pass:
 * the frozen file kept `uses:` and recorded no inputs, and such a job ran what nobody saw.
 */
export function frozenPinsRefusal(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>, redact: Redactor): PlanIssue[] {
  const { frozen } = plan.source;
  if (frozen === undefined) return [];
  const issues = frozenUsesIssues(plan, 'nothing ran');
  if (inputsHash(inputs, redact) === frozen.inputs) return issues;
  return [
    {
      path: ['frozen', 'inputs'],
      message: `the run's inputs differ from those mode: plan froze this plan with (the arguments its summary showed follow from them; an input left out counts as its default); nothing ran. Give this job the inputs the mode: plan job had, or run mode: plan again with these inputs to freeze (and have approved) the plan with them`,
    },
    ...issues,
  ];
}

/** `issues` of the plan file `file` as errors at their lines (read again: a loaded plan keeps no positions). */
export async function frozenPinErrors(file: string | undefined, issues: readonly PlanIssue[]): Promise<PlanError[]> {
  const positions = file === undefined || issues.length === 0 ? undefined : await planFilePositions(file);
  return issues.map((issue) => planErrorAt(file, positions, issue));
}
