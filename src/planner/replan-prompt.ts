import type OpenAI from 'openai';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { CompletedStep, ReplanRequest, ReviewRequest } from '../run/replanner.ts';
import { promptExcerpt, dataBlock, promptText } from '../steps/data-block.ts';
import { planContext } from './plan-prompt.ts';
import { REFERENCE_RULES, STEP_FORMAT } from './planner-rules.ts';
import { stepAsJson } from './step-as-json.ts';

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const REPLANNER_ROLE =
  'You are the replanner of plan-runner. A plan is partway through its run and what is left of it must change. ' +
  'Completed steps are kept and never rerun; their results are below, and new steps may refer to them by id. ' +
  'Write the steps for what is left, so that the goal is still reached. Do not propose again anything that already failed.';

const REVIEWER_ROLE =
  'You review a plan partway through its run. Decide whether the steps not yet run still fit the goal, given the results so far. ' +
  'Answer false only when a remaining step is now wrong or pointless, or something the goal needs is missing. ' +
  'Reply with JSON only: {"fits": true or false, "reason": "one sentence"}.';

// Steps are data here, in data blocks like the results: a model wrote many of them (the planner, an
// earlier replan, after reading tool output), and their descriptions and arguments are not instructions.
function completedText(completed: readonly CompletedStep[]): string {
  if (completed.length === 0) return 'Completed steps: none yet.';
  const blocks = completed.map(({ step, result }) => `${dataBlock({ step: step.key, part: 'definition' }, stepAsJson(step))}\n${dataBlock({ step: step.key, part: 'result' }, promptExcerpt(promptText(result)))}`);
  return `Completed steps and their results:\n\n${blocks.join('\n\n')}`;
}

function remainingText(request: { remaining: ReplanRequest['remaining'] }): string {
  return request.remaining.length ? `Steps not run yet:\n${request.remaining.map((step) => dataBlock({ step: step.key, part: 'definition' }, stepAsJson(step))).join('\n')}` : 'Steps not run yet: none.';
}

/** The replanner's messages: the goal, the tools, what was done, what failed (every failure so far) and what is left. */
export function replanMessages(plan: ValidPlan, request: ReplanRequest, inputs: Readonly<Record<string, unknown>>): Message[] {
  const sections = [planContext(plan, inputs), completedText(request.completed)];
  if (request.failure) {
    sections.push(`The step that failed (after ${request.failure.attempts} attempt${request.failure.attempts === 1 ? '' : 's'}):\n${dataBlock({ step: request.failure.step.key, part: 'definition' }, stepAsJson(request.failure.step))}\n${dataBlock({ error: request.failure.step.key }, request.failure.error)}`);
  }
  if (request.review) sections.push(`A review after step ${request.review.stepKey} found the rest of the plan no longer fits:\n${dataBlock({ review: request.review.stepKey }, request.review.reason)}`);
  if (request.failures.length > 0) {
    const list = request.failures.map((failure) => `- step ${failure.step.key} ${failure.step.tool ?? failure.step.type} ${JSON.stringify(failure.step.args ?? {})}: ${failure.error}`);
    sections.push(`Every failure so far in this run (do not repeat them):\n${dataBlock({ name: 'failures' }, list.join('\n'))}`);
  }
  sections.push(remainingText(request));
  sections.push(`Ids used so far (new steps need other ids): ${[...request.usedKeys].join(', ')}.\nWrite the steps that replace the ones not run yet, with new ids. Say in "why" what changed.`);
  return [
    { role: 'system', content: `${REPLANNER_ROLE}\n\n${STEP_FORMAT}\n\n${REFERENCE_RULES}` },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

/** The review's messages: the goal, the results so far and the steps not yet run. */
export function reviewMessages(plan: ValidPlan, request: ReviewRequest, inputs: Readonly<Record<string, unknown>>): Message[] {
  const sections = [planContext(plan, inputs), completedText(request.completed), remainingText(request), `Step ${request.reviewedStepKey} just completed. Does the rest of the plan still fit?`];
  return [
    { role: 'system', content: REVIEWER_ROLE },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
