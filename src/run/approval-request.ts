import type { ApprovalRequest, PendingApprovalStep, PlanSnapshot } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { cutText } from '../core/cut-text.ts';
import { redactDeep, type Redactor } from '../core/redact.ts';
import { stableHash } from '../core/stable-hash.ts';
import { resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import { parseTemplateBody, TEMPLATE_PATTERN } from '../plan/reference-syntax.ts';
import { DEFAULT_LIMITS } from '../plan/schema.ts';
import { expandForEach } from './expand-for-each.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/** How used-plan paths are ordered in the hash: by UTF-16 code unit, the same on every machine. */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The hash of the plan as its files say it: the plan file, and every plan file its `type: plan` steps
 * use (nested ones too, by their `uses:` path). An approval covers what those files say at the pause;
 * a used plan changed since runs something the person never saw. `order` is only for
 * `pausedPlanFileHashes`: every new hash orders the used paths by code unit, whatever the locale.
 */
export function planFileHash(plan: Pick<RunnablePlan, 'source' | 'fileSource' | 'subplans'>, order: (a: string, b: string) => number = byCodeUnit): string {
  const used = plan.subplans && plan.subplans.size > 0 ? [...plan.subplans].sort(([a], [b]) => order(a, b)).map(([uses, inner]) => [uses, planFileHash(inner, order)]) : undefined;
  // The file as loaded: steps a model wrote into the source are not the file's (the approving run loads the file).
  const source = plan.fileSource ?? plan.source ?? null;
  // A plan that uses none hashes as it always did: a run paused before this change is still approvable.
  return used ? stableHash({ source, used }) : stableHash(source);
}

/** A plan as far as the plans it uses. */
interface UsingPlans {
  readonly subplans?: ReadonlyMap<string, UsingPlans>;
}

/** The `uses:` paths `planFileHash` covers, nested ones too, each once, in code-unit order: the files an approval depends on. */
export function usedPlanPaths(plan: UsingPlans, into: Set<string> = new Set()): string[] {
  for (const [uses, inner] of plan.subplans ?? []) {
    if (into.has(uses)) continue;
    into.add(uses);
    usedPlanPaths(inner, into);
  }
  return [...into].sort(byCodeUnit);
}

/**
 * Every hash a paused run may have recorded for the plan as it is now: `planFileHash`, and the one
 * runs paused before 2026-12-01 recorded. Those ordered used plans with `localeCompare` in the
 * process's locale, so a run paused under one locale could not be approved under another (in
 * Danish, `aa.yml` sorts after `z.yml`); GitHub's runners and most machines collate as en-US, which
 * is the order accepted for them. Only plans that use two or more plans can differ.
 */
export function pausedPlanFileHashes(plan: Pick<RunnablePlan, 'source' | 'fileSource' | 'subplans'>): string[] {
  const now = planFileHash(plan);
  if (!plan.subplans || plan.subplans.size === 0) return [now];
  // Built here, not at import: a collator loads ICU's collation data, which costs a start-up.
  const before = planFileHash(plan, new Intl.Collator('en-US').compare);
  return before === now ? [now] : [now, before];
}

/**
 * Identifies a step's definition: an approval covers exactly this step, not a later one with the same
 * key. With the run's redactor, the step as the trace keeps it and the person saw it: a value the
 * redactor hides is `***` in a written or replanned plan the approving run reads back from the trace,
 * and tools get every argument redacted in any run, so the value is not part of what was approved.
 */
export function approvalStepKey(step: PlanStep, redact?: Redactor): string {
  return stableHash({ step: redact ? redactDeep(step, redact) : step });
}

/** The hash of exactly what is asked: the plan file, the plan at the pause, every pending step with its arguments, and the run's inputs. */
export function approvalHash(parts: Omit<ApprovalRequest, 'hash'>): string {
  return stableHash({ planFileHash: parts.planFileHash, plan: parts.plan, pending: parts.pending, ...(parts.inputsHash !== undefined && { inputs: parts.inputsHash }) });
}

/**
 * The hash of a run's inputs, as an approval request, `plannedFor` and the reuse keys record it: redacted, as the
 * tools and the model get them. Of the inputs as given, a trace's reader who knew the others could try a dictionary
 * of passwords against a secret one, two SHA-256 hashes a guess.
 */
export function inputsHash(inputs: Readonly<Record<string, unknown>>, redact: Redactor | undefined): string {
  return stableHash(redact ? redactDeep(inputs, redact) : inputs);
}

/**
 * What a step will be run with, where the results it names exist: its arguments; a `for_each`
 * step's once and its items (`{args: {...}, for_each: [{item}, ...]}`); a `type: plan` step's `with:` (`{with: {...}}`). An
 * approved step runs only with exactly these (`ApprovalGate`).
 */
function resolvedArgs(step: PlanStep, sources: ReferenceSources, maxItems: number): Record<string, unknown> | undefined {
  try {
    if (step.type === 'plan') return step.with ? { with: resolveReferences(step.with, sources) } : undefined;
    if (step.forEach) {
      // The run's own limit: with the default, a list over 1,000 items a plan allows was shown as unknown, and left unchecked.
      const children = expandForEach(step, sources, maxItems);
      const items = children.map((child) => ({ item: child.item?.value ?? null }));
      // What an agent's task or a tool's args name is the same for every item: shown once, with `${item…}` as
      // written, not once per item (1,000 items naming a 600 KB result made a request too large to hash).
      const shared = step.type === 'agent' ? taskReferences(step, sources) : step.args ? { args: resolveReferences(step.args, sources) } : undefined;
      return { ...shared, for_each: items };
    }
    if (step.type === 'agent') return taskReferences(step, sources);
    return step.args ? resolveReferences(step.args, sources) : undefined;
  } catch {
    // A reference to a step that has not run yet: the arguments are known only when it has.
    return undefined;
  }
}

/**
 * What an agent's task names (`\${steps.…}`, `\${inputs.…}`), resolved (`{task: {reference: value}}`); undefined when it
 * names nothing, as a task taken as written never does (`taskAsWritten`).
 */
function taskReferences(step: PlanStep, sources: ReferenceSources): Record<string, unknown> | undefined {
  if (step.taskAsWritten) return undefined;
  const named: Record<string, unknown> = {};
  for (const [match, body] of (step.task ?? step.description).matchAll(TEMPLATE_PATTERN)) {
    if (parseTemplateBody(body!).kind === 'reference') named[match] = resolveReferences({ value: match }, sources).value;
  }
  return Object.keys(named).length > 0 ? { task: named } : undefined;
}

/** The most of a model's instruction (an agent's task) a request keeps: the plan in the trace has it whole. */
const MAX_TASK_CHARS = 4_000;

/**
 * A step waiting for approval as the request shows it: arguments resolved where the results they name
 * exist. `maxItems`: the plan's `limits.max_items`, as the run expands a `for_each` step; `reason`: why it waits.
 */
export function pendingApprovalStep(step: PlanStep, sources: ReferenceSources, options: { readonly redact?: Redactor; readonly maxItems?: number; readonly reason?: string } = {}): PendingApprovalStep {
  const args = resolvedArgs(step, sources, options.maxItems ?? DEFAULT_LIMITS.max_items);
  const { redact } = options;
  const title = step.title ?? step.description;
  // What its model is told to do: an agent's task, a reasoning or aggregate step's description; a tool's args say what a call does.
  const instruction = step.type === 'agent' ? step.task : step.type === 'reasoning' || step.type === 'aggregate' ? step.description : undefined;
  return {
    stepKey: step.key,
    type: step.type,
    // With `…` where it is cut: the redactor hides there the start of a known secret the cut left.
    title: cutText(title.replace(/\s+/g, ' ').trim(), 200),
    ...(step.tool !== undefined && { tool: step.tool }),
    ...(args !== undefined && { args }),
    ...(step.tools !== undefined && { tools: step.tools }),
    // Found by an adversarial pass: a planner writes an agent's task apart from its description, which alone was shown;
    // and a titled reasoning or aggregate step showed its title, not the instruction its model gets.
    ...(instruction !== undefined && instruction !== title && { task: cutText(instruction, MAX_TASK_CHARS) }),
    ...(step.type === 'plan' && step.uses !== undefined && { uses: step.uses }),
    ...(options.reason !== undefined && { reason: options.reason }),
    approvalKey: approvalStepKey(step, redact),
  };
}

/**
 * The request a paused run records: its pending steps and the hash that an approval must name. With
 * the run's redactor, the plan and the arguments are hashed as the trace keeps them and the person sees
 * them, redacted: hashed whole, a value the redactor hides made a hash no approving run could match.
 */
export function approvalRequest(plan: PlanSnapshot, fileHash: string, pending: readonly PendingApprovalStep[], inputs: Readonly<Record<string, unknown>>, redact?: Redactor): ApprovalRequest {
  const parts = { planFileHash: fileHash, plan: redact ? redactDeep(plan, redact) : plan, pending: redact ? redactDeep(pending, redact) : pending, inputsHash: inputsHash(inputs, redact) };
  return { hash: approvalHash(parts), ...parts };
}
