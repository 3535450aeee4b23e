import type { PlanStep } from '../core/plan-step.ts';
import { findReferences } from '../plan/find-references.ts';
import { resultCutNote, resultTexts } from './result-cut-note.ts';

/** Why a completed step's own result lacks work; `cutBy`: the step whose cut result its `for_each` list comes from. */
export interface ResultGap {
  readonly why: string;
  readonly cutBy?: string;
}

/**
 * Why the result a step completed with lacks work of its own, or undefined: the gaps it reports (`reported`: a
 * `for_each` step's failed items, a `type: plan` step's plan's result's), or else a `for_each` list drawn from a
 * result its tool cut (a pull request's first 300 files of 350: the items past the cut never ran). The one rule
 * the run as it goes (`PartialInputs`) and its goals (`partialResults`) both read: the run did not know the cut
 * list, so a tool step counting its reviews was not partial and a goal on the count passed (found by an
 * adversarial pass).
 */
export function resultGap(step: PlanStep | undefined, reported: string | undefined, results: ReadonlyMap<string, unknown>): ResultGap | undefined {
  if (reported !== undefined) return { why: reported };
  if (!step?.forEach) return undefined;
  for (const { reference } of findReferences(step.forEach.list).references) {
    if (reference.kind !== 'step' || !results.has(reference.step)) continue;
    const note = resultCutNote(resultTexts(results.get(reference.step)));
    if (note !== undefined) return { why: `its for_each list comes from the result of step ${reference.step}, which its tool cut (${note}), so the items past the cut never ran`, cutBy: reference.step };
  }
  return undefined;
}
