import type { PlanStep } from '../core/plan-step.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { findReferences } from '../plan/find-references.ts';
import { resolveReferences } from '../plan/resolve-references.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { Step } from '../plan/schema.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { WriteCounts } from '../tools/github/write-caps.ts';
import type { FailureNote, Replanner, ReplanRequest, ReplanResult } from '../run/replanner.ts';
import { askForJson } from '../llm/ask-for-json.ts';
import { plannerModel } from './planner-model.ts';
import { problemLine } from './problem-line.ts';
import { readStepList } from './read-step-list.ts';
import { replanMessages, reviewMessages } from './replan-prompt.ts';
import { readReviewVerdict, REVIEW_VERDICT_SCHEMA } from './review-verdict.ts';
import { stepListResponseFormat } from './step-list-format.ts';
import type { PlannerOptions } from './write-plan.ts';
import { keptStep, validateModelSteps } from './validate-model-steps.ts';

export const REPLANNER_PURPOSE = 'replanner';
export const REVIEW_PURPOSE = 'review';

/**
 * Problems of an invalid replacement a reason lists at most: it becomes the escalation's reason, which each step not
 * run yet keeps as its skip reason. Joined whole, a 69 KB answer of 800 steps naming no known tool made a 251 KB
 * reason and a 10 MB trace.
 */
const MAX_LISTED_PROBLEMS = 10;

function problems(errors: readonly PlanError[]): string {
  const listed = errors.slice(0, MAX_LISTED_PROBLEMS).map(problemLine);
  const more = errors.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; … and ${more} more problem${more === 1 ? '' : 's'}` : ''}`;
}

/** The tasks taken as written (`taskAsWritten`) of the plan being replaced: the replanner is shown them, and may copy one. */
function writtenTasks(request: ReplanRequest): Set<string> {
  const steps = [...request.completed.map(({ step }) => step), ...request.remaining, ...(request.failure ? [request.failure.step] : [])];
  return new Set(steps.flatMap((step) => (step.taskAsWritten && step.task !== undefined ? [step.task] : [])));
}

/** Checks replacement steps against the completed ones (which they may use) and the ids used so far. */
function checkReplacement(plan: ValidPlan, request: ReplanRequest, steps: readonly unknown[], options: ReplannerOptions, why?: string): ReplanResult {
  const { inputs } = options;
  const ids = new Map(request.completed.map(({ step }) => [step.key, step.id]));
  const kept: Step[] = request.completed.map(({ step }) => keptStep(step, ids));
  const githubWritten = options.githubWritten?.();
  const checked = validateModelSteps(plan, steps, { kept, counted: request.stepsCounted ?? kept.length, ...(githubWritten && { githubWritten }), copiedTasks: writtenTasks(request) });
  if (!checked.ok) return { ok: false, problem: problems(checked.errors) };
  const reused = checked.steps.filter((step) => request.usedKeys.has(step.key)).map((step) => step.key);
  if (reused.length > 0) return { ok: false, problem: `step id${reused.length > 1 ? 's' : ''} ${reused.join(', ')} ${reused.length > 1 ? 'were' : 'was'} used before in this run; new steps need new ids` };
  const repeated = repeatedFailure(checked.steps, request.failures, inputs);
  if (repeated) return { ok: false, problem: repeated };
  return { ok: true, steps: checked.steps, ...(why !== undefined && { why }) };
}

/**
 * A new step that makes a call that already failed for good: the same tool with the same arguments, written
 * out (no step reference, which could now resolve to something else; a step that depends on another uses
 * its result, so one that follows new work always has one; the run's inputs are the same all run, and are
 * compared as their values). The prompt asks for none; a replacement that has one would fail again and
 * spend a replan on it. A failure that may pass another time (a timeout, an HTTP 503) and `for_each` steps
 * (their items come from a list) are not compared.
 */
function repeatedFailure(steps: readonly PlanStep[], failures: ReplanRequest['failures'], inputs: Readonly<Record<string, unknown>>): string | undefined {
  const failed = new Map<string, FailureNote>();
  for (const failure of failures) {
    const key = writtenOutCall(failure.step, inputs);
    if (key !== undefined && failure.transient !== true) failed.set(key, failure);
  }
  if (failed.size === 0) return undefined;
  for (const step of steps) {
    const key = writtenOutCall(step, inputs);
    const earlier = key === undefined ? undefined : failed.get(key);
    if (!earlier) continue;
    return `step ${step.key} calls ${step.tool} with the same arguments as step ${earlier.step.key}, which failed for good (${earlier.error}); a replacement must do something else`;
  }
  return undefined;
}

/**
 * `tool` and its arguments as one key, for a tool_call step whose arguments refer to no step result and
 * that maps over no list; `${inputs.*}` are taken as the values they stand for.
 */
function writtenOutCall(step: PlanStep, inputs: Readonly<Record<string, unknown>>): string | undefined {
  if (step.type !== 'tool_call' || step.tool === undefined || step.args === undefined || step.forEach !== undefined) return undefined;
  const references = findReferences(step.args, step.item?.name).references;
  if (references.some(({ reference }) => reference.kind !== 'input')) return undefined;
  if (references.length === 0) return `${step.tool}\n${canonicalJson(step.args)}`;
  try {
    return `${step.tool}\n${canonicalJson(resolveReferences(step.args, { results: new Map(), inputs }))}`;
  } catch {
    // An input the run does not have: the step fails on it, and is not this call.
    return undefined;
  }
}

export interface ReplannerOptions extends Omit<PlannerOptions, 'signal'> {
  /** The capped github writes the run has made so far: a replacement's are checked against `github.writes` after them. */
  readonly githubWritten?: () => WriteCounts;
}

/**
 * The model's part in recovery for one plan: a replan is one call (goal, tools, completed steps
 * and results, the failure and every earlier one) whose steps are validated like any model plan;
 * a review is one call answering whether the rest of the plan still fits.
 */
export function createModelReplanner(plan: ValidPlan, options: ReplannerOptions): Replanner {
  const settings = plannerModel(plan, options.model);
  return {
    async replan(request, signal) {
      const answer = await askForJson(
        options.model,
        { ...settings, messages: replanMessages(plan, request, options.inputs), response_format: stepListResponseFormat() },
        REPLANNER_PURPOSE,
        signal,
      );
      const list = readStepList(answer);
      if (!list.ok) return { ok: false, problem: list.problem };
      return checkReplacement(plan, request, list.steps, options, list.why);
    },
    async review(request, signal) {
      const answer = await askForJson(
        options.model,
        {
          ...settings,
          messages: reviewMessages(plan, request, options.inputs),
          response_format: { type: 'json_schema', json_schema: { name: 'plan_review', strict: true, schema: REVIEW_VERDICT_SCHEMA } },
        },
        REVIEW_PURPOSE,
        signal,
      );
      return readReviewVerdict(answer);
    },
  };
}
