import type { PlanStep } from '../core/plan-step.ts';
import { secretValuesFromInputs, type Redactor } from '../core/redact.ts';
import { secretsAsRead } from '../core/secrets-as-read.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/**
 * Teaches `redact` what a `type: plan` step hands its plan under secret input names (`with: {deploy_token: ...}`):
 * the values `given`, and those values as its plan reads them (`read`). Hidden only where the run's own inputs had
 * such a name, a used plan's `deploy_token` reached the trace, the summary and the log from an input `cfg`.
 */
export function learnGivenSecrets(given: Readonly<Record<string, unknown>>, read: Readonly<Record<string, unknown>>, redact: Redactor): void {
  redact.learn?.(secretValuesFromInputs(given));
  redact.learn?.(secretsAsRead(given, read, redact));
}

/**
 * Teaches `redact` the secrets of every plan `plan` uses, at any depth, whose `with:` the run's `inputs` alone give:
 * before the run writes anything, so that an approval's request lists them hidden, and the job approving it hashes
 * the inputs as the job that asked did. A `with:` that names a step's result is learned as that result arrives (`secretsPassedOn`).
 */
export function learnUsedPlanSecrets(plan: Pick<RunnablePlan, 'steps' | 'subplans'>, inputs: Readonly<Record<string, unknown>>, redact: Redactor): void {
  for (const step of plan.steps) {
    const inner = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
    if (!inner) continue;
    const given = givenWith(step, { results: new Map(), inputs });
    if (!given) continue;
    const read = resolveInputs(inner.source ?? {}, given);
    learnGivenSecrets(given, read.ok ? read.inputs : {}, redact);
    if (read.ok) learnUsedPlanSecrets(inner, read.inputs, redact);
  }
}

/** The step's `with:` resolved; undefined when it names what is not known yet (a step's result, a `for_each` item). */
function givenWith(step: PlanStep, sources: ReferenceSources): Record<string, unknown> | undefined {
  try {
    return resolveReferences(step.with ?? {}, sources);
  } catch {
    return undefined;
  }
}
