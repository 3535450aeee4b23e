import type { PlanStep } from '../core/plan-step.ts';
import { REDACTED, redactDeep, type Redactor } from '../core/redact.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { checkTools } from '../plan/check-tools.ts';
import { planFileStep } from '../plan/frozen-plan.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

/**
 * Where a step read back from a trace names something by a value the redactor hid: its key or id,
 * the tool, agent or plan it uses, a tool an agent step may call, a step it depends on. Arguments and
 * text may hold `***` (tools and the model get them redacted in every run); a name with it names
 * nothing the run has. Names are letters, digits, `_`, `-`, `.` and `/`, so `***` in one is the redactor's.
 */
export function hiddenName(steps: readonly PlanStep[]): string | undefined {
  for (const step of steps) {
    const names: Array<[string, unknown]> = [
      ['key', step.key],
      ['id', step.id],
      ['tool', step.tool],
      ['agent', step.agent],
      ['uses', step.uses],
      ...(step.tools ?? []).map((tool): [string, unknown] => ['tools', tool]),
      ...step.dependsOn.map((key): [string, unknown] => ['depends_on', key]),
    ];
    for (const [field, name] of names) if (typeof name === 'string' && name.includes(REDACTED)) return `step ${step.key}'s ${field} \`${name}\``;
  }
  return undefined;
}

/**
 * Why steps read back from a trace (a plan the model wrote, or replanned) may not run under the plan as it is
 * now: a tool it no longer offers, or keeps out of this run (a fork's pull request), an agent profile it no
 * longer has, or one whose tools no longer include the step's. The plan file's checks for what a step may
 * call, which steps read back from a trace were never put to: a profile narrowed after a run, then resumed,
 * still let the step the model wrote under it call what it no longer may (found by an adversarial hunt).
 */
export function callsRefusedNow(plan: Pick<ValidPlan, 'source' | 'tools' | 'withheld'>, steps: readonly PlanStep[]): string | undefined {
  const ids = new Map(steps.map((step) => [step.key, step.id]));
  const sequence = steps.map((step) => planFileStep(step, (key) => ids.get(key) ?? key));
  const issue = checkTools({ ...plan.source, workflow_sequence: sequence }, plan.tools, plan.withheld).find((found) => found.path[0] === 'workflow_sequence');
  if (issue === undefined) return undefined;
  const step = steps[issue.path[1] as number];
  return `step ${step?.key ?? '?'}: ${issue.message}`;
}

/**
 * The steps an approved run runs: those of the plan at the pause. The trace keeps them redacted (a
 * value the redactor hides is `***` there); when the plan file's own steps, redacted alike, are those,
 * the file's run, with the values the redactor hid. Otherwise (a replan before the pause, a plan the
 * model wrote) the trace's, unless one of them names a tool, plan, agent or step by a hidden value,
 * which the approving run cannot know: then why it cannot run.
 */
export function approvedSteps(fileSteps: readonly PlanStep[], approved: readonly PlanStep[], redact: Redactor): { readonly steps: readonly PlanStep[] } | { readonly problem: string } {
  if (fileSteps.length > 0 && canonicalJson(redactDeep(fileSteps, redact)) === canonicalJson(approved)) return { steps: fileSteps };
  const hidden = hiddenName(approved);
  if (hidden === undefined) return { steps: approved };
  return {
    problem: `${hidden} holds a value the run hides as a secret (shown as ${REDACTED}). The model or a replan wrote these steps, and the saved state keeps them redacted, so this run cannot know the real name; nothing ran. Rename what holds the secret's value (or stop treating that value as a secret), then run the plan again to ask for approval anew`,
  };
}
