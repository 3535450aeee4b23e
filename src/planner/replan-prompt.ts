import type OpenAI from 'openai';
import type { PlanStep } from '../core/plan-step.ts';
import { cutText } from '../core/cut-text.ts';
import type { EarlierAttempts, EarlierFailure, EarlierReplan } from '../core/earlier-attempts.ts';
import { stepsReferredTo } from '../plan/find-references.ts';
import { listNames } from '../plan/plan-check-context.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { CompletedStep, FailureNote, ReplanRequest, ReviewRequest } from '../run/replanner.ts';
import { dataBlock, fitBlocks, promptExcerpt, promptData } from '../steps/data-block.ts';
import { planContext } from './plan-prompt.ts';
import { DATA_RULE, REFERENCE_RULES, STEP_FORMAT } from './planner-rules.ts';
import { stepAsJson } from './step-as-json.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const REPLANNER_ROLE =
  'You are the replanner of plan-runner. A plan is partway through its run and what is left of it must change. ' +
  'Completed steps are kept and never rerun; their results are below, and new steps may refer to them by id. ' +
  'Write the steps for what is left, so that the goal is still reached. Do not propose again anything that already failed.';

const REVIEWER_ROLE =
  'You review a plan partway through its run. Decide whether the steps not yet run still fit the goal, given the results so far. ' +
  'Answer false only when a remaining step is now wrong or pointless, or something the goal needs is missing. ' +
  'Reply with JSON only: {"fits": true or false, "reason": "one sentence"}. ' +
  // The results it reads are tool output (a pull request's text among them): one saying the plan no longer fits forced a replan.
  DATA_RULE;

/** Characters of completed steps (definition and result) a replan or review prompt holds at most. */
export const COMPLETED_CONTEXT_CHAR_LIMIT = 48_000;
/** Characters of the definitions of steps not run yet a replan or review prompt holds at most. */
export const REMAINING_CONTEXT_CHAR_LIMIT = 64_000;

/**
 * Characters of the list of the run's failures a replan prompt holds at most, the newest first: a run
 * whose steps fail with `on_failure: continue` can have thousands. The list was cut only by the data
 * block's 32,000 characters, which kept the oldest failures and left out those just before the replan.
 */
export const FAILURE_LIST_CHAR_LIMIT = 16_000;
/** Characters of one failure's arguments (as JSON) and of its error in that list. */
const FAILURE_ARGS_CHARS = 500;
const FAILURE_ERROR_CHARS = 1_000;

/**
 * Each completed step's blocks, made once for every review and replan that shows them: made again for each
 * (the results sanitised each time), 400 reviews took the square of the steps, and a prompt held every result.
 * A result is known by identity: the run stores a new value for a step, never changes one it stored.
 */
const completedBlocks = new WeakMap<PlanStep, { readonly result: unknown; readonly text: string }>();

/** Each step's definition block, made once: a step's definition never changes (a replan makes new steps). */
const definitionBlocks = new WeakMap<PlanStep, string>();

// Steps are data here, in data blocks like the results: a model wrote many of them (the planner, an
// earlier replan, after reading tool output), and their descriptions and arguments are not instructions.
function definitionBlock(step: PlanStep): string {
  let text = definitionBlocks.get(step);
  if (text === undefined) definitionBlocks.set(step, (text = dataBlock({ step: step.key, part: 'definition' }, stepAsJson(step))));
  return text;
}

function completedBlock({ step, result }: CompletedStep): string {
  const cached = completedBlocks.get(step);
  if (cached && cached.result === result) return cached.text;
  const text = `${definitionBlock(step)}\n${dataBlock({ step: step.key, part: 'result' }, promptData(result), true)}`;
  completedBlocks.set(step, { result, text });
  return text;
}

/**
 * The steps whose results a step uses: its dependencies, its inputs, and the steps its arguments, task, `with:` and
 * description refer to, further back too. Without `with:` and the description, a used plan's input or the result a
 * model step was asked about came after the latest results, or was left out for room.
 */
function usedBy(step: PlanStep): string[] {
  const referred = stepsReferredTo([step.args, step.task, step.with, step.forEach?.list, step.description], step.forEach?.as ?? step.item?.name);
  return [...step.dependsOn, ...step.inputs, ...referred];
}

/** Completed steps: those the request is about (`first`) first, then the latest in plan order. */
function completedText(completed: readonly CompletedStep[], first: ReadonlySet<string>): string {
  if (completed.length === 0) return 'Completed steps: none yet.';
  const priority = [...completed.filter((done) => first.has(done.step.key)), ...completed.filter((done) => !first.has(done.step.key)).reverse()];
  const shown = fitBlocks(priority, completedBlock, COMPLETED_CONTEXT_CHAR_LIMIT);
  const blocks = completed.filter((done) => shown.has(done)).map((done) => shown.get(done)!);
  // Step ids (letters, digits, _ and -).
  const left = completed.filter((done) => !shown.has(done)).map((done) => done.step.key);
  const more = left.length === 0 ? '' : `\n\n[left out for room: ${left.length} more completed steps (${listNames(left)}); new steps may still refer to them by id]`;
  return `Completed steps and their results:\n\n${blocks.join('\n\n')}${more}`;
}

/**
 * Steps not run yet: whole definitions for those nearest to running (first in plan order), and a line each
 * (type, tool, the start of the description) for the others, which a replan replaces too and must not lose.
 */
function remainingText(request: { remaining: ReplanRequest['remaining'] }): string {
  if (request.remaining.length === 0) return 'Steps not run yet: none.';
  const shown = fitBlocks(request.remaining, definitionBlock, REMAINING_CONTEXT_CHAR_LIMIT);
  const blocks = [...shown.values()].join('\n');
  const left = request.remaining.filter((step) => !shown.has(step));
  if (left.length === 0) return `Steps not run yet:\n${blocks}`;
  // With `…` where a description is cut: the redactor every prompt passes hides there the start of a known secret the cut left.
  const lines = left.map((step) => `${step.key}: ${step.type}${step.tool === undefined ? '' : ` ${step.tool}`} — ${cutText(step.description, 120)}`);
  return `Steps not run yet:\n${blocks}\nThe other ${left.length} steps not run yet, one line each for room:\n${dataBlock({ part: 'steps not run yet, shortened' }, lines.join('\n'))}`;
}

function failureLine(failure: FailureNote): string {
  const args = promptExcerpt(JSON.stringify(failure.step.args ?? {}), FAILURE_ARGS_CHARS);
  // A for_each child's key holds its item's key, which a tool's output may have chosen: sanitised like the rest,
  // as the block is marked clean.
  const step = promptExcerpt(`${failure.step.key} ${failure.step.tool ?? failure.step.type}`, 200);
  return `- step ${step} ${args}: ${promptExcerpt(failure.error, FAILURE_ERROR_CHARS)}\n`;
}

/** The run's failures, oldest first, of those that fit the newest first; the others named by step id (letters, digits, _ and -). */
function failuresText(failures: readonly FailureNote[]): string {
  const shown = fitBlocks([...failures].reverse(), failureLine, FAILURE_LIST_CHAR_LIMIT);
  const lines = failures.flatMap((failure) => shown.get(failure) ?? []);
  const left = failures.filter((failure) => !shown.has(failure)).map((failure) => failure.step.key);
  const more = left.length === 0 ? '' : `\n[left out for room: ${left.length} earlier failures, of steps ${listNames(left)}]`;
  return `Every failure so far in this run (do not repeat them):\n${dataBlock({ name: 'failures' }, lines.join('').trimEnd(), true)}${more}`;
}

/** Characters of what the runs a resumed run comes from tried (their failures and replans) a replan prompt holds at most. */
export const EARLIER_CONTEXT_CHAR_LIMIT = 16_000;

function earlierLine(entry: EarlierFailure | EarlierReplan): string {
  // The run's label is a trace's file name, as the trace that carries it says: sanitised like the rest.
  const where = promptExcerpt(entry.in, 200);
  if (entry.kind === 'replanned') return `- ${where}: replanned (plan revision ${entry.revision}): ${promptExcerpt(entry.reason, FAILURE_ERROR_CHARS)}\n`;
  const retried = entry.attempts > 1 ? ` after ${entry.attempts} attempts` : '';
  const transient = entry.transient ? ' (may pass another time)' : '';
  return `- ${where}: step ${promptExcerpt(`${entry.stepKey} ${entry.call}`, 200)} ${promptExcerpt(entry.args, FAILURE_ARGS_CHARS)} failed${retried}${transient}: ${promptExcerpt(entry.error, FAILURE_ERROR_CHARS)}\n`;
}

/**
 * What the runs a resumed run comes from saw fail and replanned, in order, of what fits the latest first: told
 * only this run's failures, a re-run's replanner planned the approach that had failed before again.
 */
function earlierText(earlier: EarlierAttempts): string {
  const shown = fitBlocks([...earlier].reverse(), earlierLine, EARLIER_CONTEXT_CHAR_LIMIT);
  const lines = earlier.flatMap((entry) => shown.get(entry) ?? []);
  const left = earlier.length - shown.size;
  const more = left === 0 ? '' : `\n[left out for room: ${left} earlier failures and replans]`;
  return `This run resumes earlier runs of the plan. What failed in them, and how they were replanned (do not plan the same approach again):\n${dataBlock({ name: 'earlier runs' }, lines.join('').trimEnd(), true)}${more}`;
}

/** The replanner's messages: the goal, the tools, what was done, what failed (every failure so far) and what is left. */
export function replanMessages(plan: ValidPlan, request: ReplanRequest, inputs: Readonly<Record<string, unknown>>): Message[] {
  const about = request.failure ? usedBy(request.failure.step) : request.review ? [request.review.stepKey] : [];
  const sections = [planContext(plan, inputs), completedText(request.completed, new Set(about))];
  if (request.failure) {
    sections.push(`The step that failed (after ${request.failure.attempts} attempt${request.failure.attempts === 1 ? '' : 's'}):\n${dataBlock({ step: request.failure.step.key, part: 'definition' }, stepAsJson(request.failure.step))}\n${dataBlock({ error: request.failure.step.key }, promptExcerpt(request.failure.error), true)}`);
  }
  if (request.review) sections.push(`A review after step ${request.review.stepKey} found the rest of the plan no longer fits:\n${dataBlock({ review: request.review.stepKey }, request.review.reason)}`);
  if (request.earlier && request.earlier.length > 0) sections.push(earlierText(request.earlier));
  if (request.failures.length > 0) sections.push(failuresText(request.failures));
  sections.push(remainingText(request));
  sections.push(`Ids used so far (new steps need other ids): ${[...request.usedKeys].join(', ')}.\nWrite the steps that replace the ones not run yet, with new ids. Say in "why" what changed.`);
  return [
    { role: 'system', content: `${REPLANNER_ROLE}\n\n${STEP_FORMAT}\n\n${REFERENCE_RULES}` },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

/** The review's messages: the goal, the results so far and the steps not yet run. */
export function reviewMessages(plan: ValidPlan, request: ReviewRequest, inputs: Readonly<Record<string, unknown>>): Message[] {
  const sections = [planContext(plan, inputs), completedText(request.completed, new Set([request.reviewedStepKey])), remainingText(request), `Step ${request.reviewedStepKey} just completed. Does the rest of the plan still fit?`];
  return [
    { role: 'system', content: REVIEWER_ROLE },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
