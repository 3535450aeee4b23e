import type { PlanStep } from '../core/plan-step.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { checklistItems, oneLogLine, stepTitle } from './checklist.ts';
import { inlineCode } from '../core/code-fence.ts';
import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';
import { renderMermaidGraph } from './mermaid-graph.ts';
import { goalLine } from './summary/summary-header.ts';
import { cutText } from './cut-text.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../core/run-record.ts';
import { ApprovalGate } from '../run/approval-gate.ts';

type Redact = (text: string) => string;

/** The record of a plan no step of which has run: every step ⬜ pending, as `plan_created` leaves it. */
export function plannedRecord(plan: ValidPlan): RunRecord {
  const snapshot = {
    name: plan.name,
    ...(plan.goal !== undefined && { goal: plan.goal }),
    ...(plan.file !== undefined && { file: plan.file }),
    revision: 1,
    steps: [...plan.steps],
  };
  return applyEvent(newRunRecord(), { type: 'plan_created', at: 0, plan: snapshot });
}

/** A step's detail as the preview shows it: the plan file (the `plan-file` output) has it whole. */
const DETAIL_MAX_CHARS = 1_000;

/**
 * What a step will do besides its description: whether the run waits for approval before it (first, so no
 * cut loses it), the list a `for_each` step goes through, an agent's tools, the tool and args, the inputs, the
 * dependencies, the instruction a model gets where the title is not it; redacted, made one line with control
 * characters shown (a planner writes `why`, and the CLI prints it on a terminal), then cut to
 * DETAIL_MAX_CHARS, so that one step's arguments cannot push the others out.
 */
function stepDetail(step: PlanStep, redact: Redact, gate: ApprovalGate): string {
  const parts: string[] = [];
  // Found by an adversarial pass: a step the run pauses before was shown as one that runs "after a".
  const waits = gate.needs(step);
  if (waits !== undefined) parts.push(`waits for approval: ${waits}`);
  // Found by an adversarial pass: a for_each step read as one call, and which list it goes through was shown nowhere.
  if (step.forEach) {
    const spread = step.forEach.fanOut ? ', spread over the shard jobs' : '';
    const onItem = step.forEach.onItemFailure === 'continue' ? ', a failed item stopping no other' : '';
    parts.push(`for each ${step.forEach.as} in ${step.forEach.list}${spread}${onItem}`);
  }
  if (step.type === 'agent' && step.tools?.length) parts.push(`may call ${step.tools.join(', ')}`);
  if (step.tool) parts.push(step.args ? `${step.tool} ${JSON.stringify(step.args)}` : `${step.tool} (args chosen by the model)`);
  if (step.type === 'plan' && step.uses !== undefined) parts.push(`runs the plan ${step.uses}${step.with ? ` with ${JSON.stringify(step.with)}` : ''}`);
  if (step.inputs.length) parts.push(`combines ${step.inputs.join(', ')}`);
  // A dependency it can do without, and a failure the run goes on past, change what runs: an approver reads them here.
  const optional = new Set(step.optional ?? []);
  parts.push(step.dependsOn.length ? `after ${step.dependsOn.map((key) => (optional.has(key) ? `${key} (even if it fails)` : key)).join(', ')}` : 'can start at once');
  if (step.onFailure === 'continue') parts.push('if it fails, the run goes on without it');
  // Found by an adversarial pass: the title hid the instruction a model works on (an agent's task, else the description),
  // and so did a title line cut to its width: a step a model wrote has no title, and its instruction showed to 100 characters.
  // Last but `why`: a long one is cut, not the dependencies.
  const instruction = step.type === 'agent' ? (step.task ?? step.description) : step.type === 'plan' || step.args ? undefined : step.description;
  const titleShowsIt = instruction === (step.title || step.description) && stepTitle(step, redact) === stepTitle(step, redact, Number.POSITIVE_INFINITY);
  if (instruction !== undefined && !titleShowsIt) parts.push(`${step.type === 'agent' ? 'task' : 'asks'}: ${instruction}`);
  if (step.why) parts.push(`why: ${step.why}`);
  return cutText(oneLogLine(redact(parts.join(' · '))), DETAIL_MAX_CHARS);
}

/** The plan as plain-text checklist lines (⬜ id. description — details), for a terminal. */
export function planPreviewLines(plan: ValidPlan, redact: Redact = (text) => text): string[] {
  const items = checklistItems(plannedRecord(plan), redact);
  const gate = new ApprovalGate(plan, plan.tools);
  return items.map((item, index) => `${item.icon} ${item.key}. ${item.title} — ${stepDetail(plan.steps[index]!, redact, gate)}`);
}

/** The plan as Markdown, for the job summary of `mode: plan`: goal, checklist and Mermaid graph. Nothing has run. */
export function renderPlanPreview(plan: ValidPlan, options: { readonly redact: Redact; readonly written: boolean }): string {
  const { redact } = options;
  const record = plannedRecord(plan);
  const items = checklistItems(record, redact);
  const origin = options.written ? 'written by the model and validated' : 'from the plan file, validated';
  const lines = [`## 📝 plan-runner: ${escapeInlineMarkdown(redact(plan.name))} — plan only, nothing was run`, '', `${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, ${origin}.`];
  if (plan.goal) lines.push('', goalLine(plan.goal, redact));
  lines.push('', '### Steps', '');
  const gate = new ApprovalGate(plan, plan.tools);
  items.forEach((item, index) => lines.push(`- ${item.icon} ${escapeInlineMarkdown(`${item.key}. ${item.title}`)} — ${inlineCode(stepDetail(plan.steps[index]!, redact, gate))}`));
  lines.push('', '### Plan graph', '', renderMermaidGraph(record, redact), '');
  return lines.join('\n');
}
