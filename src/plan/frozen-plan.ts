import { cutText } from '../core/cut-text.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';
import { redactDeep, type Redactor } from '../core/redact.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { parseTemplateBody, TEMPLATE_PATTERN } from './reference-syntax.ts';
import { MAX_PLAN_NAME_CHARS, type FrozenPins, type Step } from './schema.ts';
import type { ValidPlan } from './valid-plan.ts';

/** A step in the plan file's own terms: what `buildPlanSteps` reads back into the same `PlanStep`. */
export function planFileStep(step: PlanStep, idOf: (key: string) => Step['id']): Step {
  const optional = new Set(step.optional ?? []);
  // An aggregate's `inputs` are its dependencies already; the rest are written out, even none.
  const dependsOn = step.dependsOn.filter((key) => !step.inputs.includes(key)).map((key) => (optional.has(key) ? { step: idOf(key), optional: true as const } : idOf(key)));
  return {
    id: step.id,
    type: step.type,
    ...(step.title !== undefined && { title: step.title }),
    description: step.description,
    ...(step.tool !== undefined && { tool: step.tool }),
    ...(step.args !== undefined && { args: { ...step.args } }),
    ...(step.task !== undefined && { task: step.task }),
    ...(step.tools !== undefined && { tools: [...step.tools] }),
    ...(step.maxTurns !== undefined && { max_turns: step.maxTurns }),
    ...(step.inputs.length > 0 && { inputs: step.inputs.map(idOf) }),
    depends_on: dependsOn,
    ...(step.agent !== undefined && { agent: step.agent }),
    ...(step.timeoutSeconds !== undefined && { timeout_seconds: step.timeoutSeconds }),
    ...(step.retry !== undefined && { retry: step.retry }),
    ...(step.onFailure !== undefined && { on_failure: step.onFailure }),
    ...(step.review !== undefined && { review: step.review }),
    ...(step.handlesGaps && { handles_gaps: true as const }),
    ...(step.approval && { approval: true as const }),
    ...(step.why !== undefined && { why: step.why }),
    ...(step.forEach !== undefined && {
      for_each: step.forEach.list,
      ...(step.forEach.as !== 'item' && { as: step.forEach.as }),
      ...(step.forEach.key !== undefined && { key: step.forEach.key }),
      ...(step.forEach.maxItems !== undefined && { max_items: step.forEach.maxItems }),
      on_item_failure: step.forEach.onItemFailure,
      ...(step.forEach.fanOut === true && { fan_out: true }),
    }),
    ...(step.uses !== undefined && { uses: step.uses }),
    ...(step.with !== undefined && { with: { ...step.with } }),
  };
}

/**
 * `text` redacted around its references (`${steps.<id>.result}`, `${inputs.<name>}`, `${item}`), which stay as
 * written: they name what the file runs by, and `${steps.***.result}` named no step.
 */
function redactedAroundReferences(text: string, redact: Redactor, itemName: string | undefined): string {
  let redacted = '';
  let from = 0;
  for (const match of text.matchAll(TEMPLATE_PATTERN)) {
    if (parseTemplateBody(match[1]!, itemName).kind !== 'reference') continue;
    redacted += `${redact(text.slice(from, match.index))}${match[0]}`;
    from = match.index + match[0].length;
  }
  return redacted + redact(text.slice(from));
}

/**
 * A step as the frozen file writes it, its text redacted (the run's steps and tools get it redacted alike) and its
 * names as they are: its id, the steps it depends on, its tool, agent, used plan and for_each are what the file runs
 * by, and a token-shaped id (`sk-release-notes-2026-week48`) became `***`, a file job 2 refused after approval (found
 * by a hunt of frozen plans). A name holds no secret the redactor knows: the plan file's author wrote it in the
 * repository, or a model, which is given only redacted text.
 */
function redactedStep(step: Step, redact: Redactor, itemName: string | undefined): Step {
  const text = (value: string): string => redactedAroundReferences(value, redact, itemName);
  return {
    ...step,
    ...(step.title !== undefined && { title: text(step.title) }),
    ...(step.description !== undefined && { description: text(step.description) }),
    ...(step.task !== undefined && { task: text(step.task) }),
    ...(step.why !== undefined && { why: text(step.why) }),
    ...(step.args !== undefined && { args: redactDeep(step.args, text) }),
    // Its keys are the used plan's input names: redacted, a token-shaped one became `***` (found by a review).
    ...(step.with !== undefined && { with: Object.fromEntries(Object.entries(step.with).map(([name, value]) => [name, redactDeep(value, text)])) }),
    ...(step.key !== undefined && { key: text(step.key) }),
  };
}

/**
 * The `name:` a frozen file writes: the plan's own, or, for a plan without one, the path it was run under (`from`),
 * which is what names its check run: named by its file's base name, job 2's check run (`release-notes`) never
 * superseded job 1's `action_required` one (`.github/release-notes.yml`), and a required check stayed blocked (found
 * by a review). Cut to a name a plan may have: a path over 200 characters made a file that did not load (found by a
 * hunt of frozen plans); one of invisible characters alone is left out, and the file is named as any plan without one.
 */
function frozenName(plan: ValidPlan, from: string, redact: Redactor | undefined): string | undefined {
  if (plan.source.name !== undefined) return plan.source.name;
  const name = cutText((redact ? redact(from) : from).replace(/\s+/g, ' ').trim(), MAX_PLAN_NAME_CHARS);
  return hasVisibleText(name) ? name : undefined;
}

/** `steps` as a frozen file's `workflow_sequence` writes them: in the plan file's terms, with the run's redactor `redactedStep`. */
export function frozenSteps(steps: readonly PlanStep[], redact: Redactor | undefined): Step[] {
  const ids = new Map(steps.map((step) => [step.key, step.id]));
  const idOf = (key: string): Step['id'] => ids.get(key) ?? key;
  return steps.map((step) => (redact ? redactedStep(planFileStep(step, idOf), redact, step.forEach?.as) : planFileStep(step, idOf)));
}

/**
 * The plan as one file that runs exactly as written: every setting of the original, and its steps
 * (the ones a model wrote included) in `workflow_sequence`, so a later `mode: run` plans nothing.
 * With the run's redactor, what did not come from the plan file is redacted, as in the trace, but for the
 * steps' names (`redactedStep`): the file is kept as an output (and uploaded as an artifact), its `goal:`
 * may be a `task` that quotes event text, and a model may have written the steps. Tools get their arguments
 * redacted in every run, so the steps run as they would have. The rest is the file's own text, as written (a tool's `env:`
 * or `command` must stay runnable). `pins`: what the plan was planned with (its `frozen:`), which a run of the file checks.
 */
export async function frozenPlanText(plan: ValidPlan, from: string, options: { readonly redact?: Redactor; readonly pins?: FrozenPins } = {}): Promise<string> {
  const { redact, pins } = options;
  const steps = frozenSteps(plan.steps, redact);
  const name = frozenName(plan, from, redact);
  const frozen = {
    ...plan.source,
    // No replans: a step that fails is escalated, not replaced. The job that runs this file runs what its
    // reviewers approved (an environment's), and a replacement could call any tool of the catalogue with
    // arguments nobody saw (found by an adversarial hunt of model-written plans).
    limits: { ...plan.source.limits, max_replans: 0 },
    ...(name !== undefined && { name }),
    ...(plan.source.goal !== undefined && { goal: redact ? redact(plan.source.goal) : plan.source.goal }),
    workflow_sequence: steps,
    // A file frozen again (mode: plan of a frozen file) is pinned anew, to what this job read.
    frozen: pins,
  };
  const header = [
    `# Frozen by plan-runner (mode: plan) from ${(redact ? redact(from) : from).replace(/[\r\n]+/g, ' ')}.`,
    '# `mode: run` runs these steps exactly as written: no model plans them again, at the start or after a failure (max_replans: 0).',
  ].join('\n');
  // `yaml` is loaded here, not at start: only `mode: plan` writes a plan file.
  const { stringify } = await import('yaml');
  return `${header}\n${stringify(frozen, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
