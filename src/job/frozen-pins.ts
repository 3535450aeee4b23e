import type { Redactor } from '../core/redact.ts';
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
 * Why this job may not run a frozen plan with its `inputs` (defaults applied), or undefined: they are not those
 * `mode: plan` planned with, or a plan file its steps use is not the one it read (another ref, or edited since), so
 * the arguments or steps are not the ones the reviewers approved, or the file pins none for it. Found by an
 * adversarial pass: the frozen file kept `uses:` and recorded no inputs, and such a job ran what nobody saw.
 */
export function frozenPinsRefusal(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>, redact: Redactor): string | undefined {
  const { frozen } = plan.source;
  if (frozen === undefined) return undefined;
  if (inputsHash(inputs, redact) !== frozen.inputs) {
    return `the run's inputs differ from those mode: plan froze this plan with (the arguments its summary showed follow from them; an input left out counts as its default); nothing ran. Give this job the inputs the mode: plan job had, or run mode: plan again with these inputs to freeze (and have approved) the plan with them`;
  }
  for (const [uses, inner] of plan.subplans ?? []) {
    const pinned = frozen.uses !== undefined && Object.hasOwn(frozen.uses, uses) ? frozen.uses[uses] : undefined;
    if (pinned === undefined) return `this frozen plan uses the plan file ${uses}, and its frozen.uses does not pin it (mode: plan pins every plan its steps use); nothing ran. Run the file mode: plan wrote as it wrote it, or ${AGAIN}`;
    const now = planFileHash(inner);
    if (now === pinned) continue;
    const nested = usedPlanPaths(inner);
    const which = `the plan file ${uses} it uses${nested.length > 0 ? ` (or a plan file that one uses: ${nested.join(', ')})` : ''}`;
    return `${which} is not the one mode: plan read when it froze this plan (hash ${pinned} then, ${now} now), so its steps may not be the ones approved; nothing ran. Run this job on the commit the mode: plan job ran on, or ${AGAIN}`;
  }
  return undefined;
}
