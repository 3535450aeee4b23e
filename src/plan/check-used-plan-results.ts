import { finalStep } from '../core/final-step.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { answersWithText, notAList, textResultPathProblem, type TextAnswer } from './check-references.ts';
import { findReferences } from './find-references.ts';
import { stepPath } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import type { ValidPlan } from './valid-plan.ts';

/**
 * What a `type: plan` step answers when its used plan ends in a step a model answers with text: its result is its
 * plan's final step's (`finalStep`), through plans it uses in turn. Undefined when that is no text (or list of texts).
 */
function usedPlanTextAnswer(step: PlanStep, subplans: ReadonlyMap<string, ValidPlan> | undefined): TextAnswer | undefined {
  const via: string[] = [];
  let used = step.uses === undefined ? undefined : subplans?.get(step.uses);
  let final: PlanStep | undefined = step;
  // Each level is a plan loaded and checked, with no cycle between files (loadSubplans).
  while (final?.type === 'plan' && used) {
    via.push(final.uses!);
    final = finalStep(used.steps);
    used = final?.uses === undefined ? undefined : used.subplans?.get(final.uses);
  }
  if (!final || !answersWithText(final.type)) return undefined;
  // A plan step has no for_each (checkStepFields): only a for_each final step makes a list of texts.
  const says = `step ${step.key} runs ${via.join(' → ')}, which ends in ${final.forEach ? 'for_each ' : ''}${final.type} step ${final.key}, so its result is ${final.forEach ? 'a list of texts' : 'text'}`;
  return { key: step.key, list: final.forEach !== undefined, says };
}

/** The fields of `step` whose references are filled in or read (as `checkReferences` scans them), with their paths. */
function referencingFields(step: PlanStep, index: number): Array<readonly [PathSegment[], unknown]> {
  const at = stepPath(index);
  const fields: Array<readonly [PathSegment[], unknown]> = [];
  if (step.forEach) fields.push([[...at, 'for_each'], step.forEach.list]);
  if (step.task === undefined) fields.push([[...at, 'description'], step.description]);
  for (const field of ['title', 'args', 'task', 'with'] as const) if (step[field] !== undefined) fields.push([[...at, field], step[field]]);
  return fields;
}

/**
 * References to a `type: plan` step's result that its used plan's final step makes text: a field in it
 * (`${steps.p.result.verdict}`) or a `for_each` over it. Known only once the used plans are loaded; such a
 * reference validated, and failed when its step ran, after the used plan's model calls were paid for (found by a hunt).
 */
export function checkUsedPlanResults(steps: readonly PlanStep[], subplans: ReadonlyMap<string, ValidPlan>): PlanIssue[] {
  const answers = new Map<string, TextAnswer | undefined>();
  for (const step of steps) if (step.type === 'plan' && !answers.has(step.key)) answers.set(step.key, usedPlanTextAnswer(step, subplans));
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    for (const [base, value] of referencingFields(step, index)) {
      for (const found of findReferences(value, step.forEach?.as).references) {
        if (found.reference.kind !== 'step') continue;
        const answer = answers.get(found.reference.step);
        if (!answer) continue;
        const list = base.at(-1) === 'for_each' && found.reference.path.length === 0 && !answer.list;
        const problem = list ? notAList(answer) : textResultPathProblem(answer, found.reference.path);
        if (problem) issues.push({ path: [...base, ...found.at], message: `${found.text}: ${problem}` });
      }
    }
  });
  return issues;
}
