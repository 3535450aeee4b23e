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
import { groupDigits } from '../core/group-digits.ts';
import { leftOutStepsLine, SUMMARY_ROOM_BYTES } from './summary/render-summary.ts';
import { byteSize } from './summary/summary-part.ts';

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

/** What a `mode: plan` report puts in its preview besides the plan. */
export interface PlanPreviewOptions {
  readonly redact: Redact;
  readonly written: boolean;
  /** The status line of a job that failed, under the title: where no cut end takes it. */
  readonly status?: string;
  /** What the model's calls that wrote the plan cost (Markdown), before the steps for the same reason. */
  readonly cost?: string;
  /** Defaults to {@link SUMMARY_ROOM_BYTES}: the steps past it are left out, and counted. */
  readonly maxBytes?: number;
  /** Where every step is when some are left out, e.g. "the frozen plan file (the `plan-file` output)". */
  readonly fullPlanAt?: string;
}

/** The line for `count` steps of `total` left out of the preview. */
function leftOutLine(count: number, total: number, fullPlanAt: string | undefined): string {
  return leftOutStepsLine(`${groupDigits(count)} of the ${groupDigits(total)} steps`, fullPlanAt);
}

/**
 * The plan as Markdown, for the job summary of `mode: plan`: goal, checklist and Mermaid graph. Nothing has run. The
 * steps' lines go in as far as they fit in `maxBytes`, the rest counted on one line: 1,000 steps of a long `why` each
 * passed the 1 MiB, and the summary's cut end took the status line after them (found by a caps hunt).
 */
export function renderPlanPreview(plan: ValidPlan, options: PlanPreviewOptions): string {
  const { redact } = options;
  const record = plannedRecord(plan);
  const items = checklistItems(record, redact);
  const origin = options.written ? 'written by the model and validated' : 'from the plan file, validated';
  const head = [`## 📝 plan-runner: ${escapeInlineMarkdown(redact(plan.name))} — plan only, nothing was run`, ''];
  if (options.status) head.push(options.status, '');
  head.push(`${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, ${origin}.`);
  if (plan.goal) head.push('', goalLine(plan.goal, redact));
  if (options.cost) head.push('', options.cost);
  head.push('', '### Steps', '');
  const graph = ['', '### Plan graph', '', renderMermaidGraph(record, redact), ''];
  // Each piece is followed by a line break in the joined text; the notice's room is kept whatever it comes to say.
  const fixed = [...head, ...graph, leftOutLine(items.length, items.length, options.fullPlanAt)].reduce((sum, line) => sum + byteSize(line) + 1, 0);
  let room = (options.maxBytes ?? SUMMARY_ROOM_BYTES) - fixed;
  const steps: string[] = [];
  const gate = new ApprovalGate(plan, plan.tools);
  for (const [index, item] of items.entries()) {
    const line = `- ${item.icon} ${escapeInlineMarkdown(`${item.key}. ${item.title}`)} — ${inlineCode(stepDetail(plan.steps[index]!, redact, gate))}`;
    room -= byteSize(line) + 1;
    if (room < 0) break;
    steps.push(line);
  }
  const leftOut = steps.length < items.length ? [leftOutLine(items.length - steps.length, items.length, options.fullPlanAt)] : [];
  return [...head, ...steps, ...leftOut, ...graph].join('\n');
}
