import type { PlanStep } from '../core/plan-step.ts';
import { findReferences } from '../plan/find-references.ts';
import { resultCutNote, resultTexts } from './result-cut-note.ts';

/**
 * Why a completed step's own result lacks work; `cutBy`: the step whose cut result its `for_each` list comes from;
 * `madeBy`: the step whose result, made from one that lacks work, it comes from.
 */
export interface ResultGap {
  readonly why: string;
  readonly cutBy?: string;
  readonly madeBy?: string;
}

/**
 * Why the result a step completed with lacks work of its own, or undefined: the gaps it reports (`reported`: a
 * `for_each` step's failed items, a `type: plan` step's plan's result's), or else a `for_each` list drawn from a
 * result its tool cut (a pull request's first 300 files of 350: the items past the cut never ran), or from one that
 * lacks work its value does not show (`made`, by key: a tool's answer made from a list with a null for a failed item
 * or from a cut one, as a used plan's tool step given such an input makes it; a plan step's result that lacks work).
 * The one rule the run as it goes (`PartialInputs`) and its goals (`partialResults`) both read: the run did not know
 * the cut list, so a tool step counting its reviews was not partial and a goal on the count passed, nor a list a tool
 * made from an input that lacks work, when a model step's for_each went over it (found by adversarial passes).
 */
export function resultGap(
  step: PlanStep | undefined,
  reported: string | undefined,
  results: ReadonlyMap<string, unknown>,
  made: ReadonlyMap<string, string> = new Map(),
  cutNoteOf: (key: string) => string | undefined = (key) => resultCutNote(resultTexts(results.get(key))),
): ResultGap | undefined {
  const list = listGap(step, results, made, cutNoteOf);
  // Both: the list's gap first, as the items that failed show as nulls and counts, and the items past a cut nowhere
  // (found by an adversarial pass: only the failed items were said, and `2/3 done, 1 failed` read as a list of 3).
  if (reported === undefined) return list;
  return list === undefined ? { why: reported } : { ...list, why: `${list.why}; and ${reported}` };
}

/**
 * Why a `for_each` step's list lacks items: it is drawn from a result its tool cut (`cutNoteOf`: the cut note of a step's
 * result; the run's reads each result once), or from one that lacks work its value does not show.
 */
function listGap(step: PlanStep | undefined, results: ReadonlyMap<string, unknown>, made: ReadonlyMap<string, string>, cutNoteOf: (key: string) => string | undefined): ResultGap | undefined {
  if (!step?.forEach) return undefined;
  for (const { reference } of findReferences(step.forEach.list).references) {
    if (reference.kind !== 'step' || !results.has(reference.step)) continue;
    const note = cutNoteOf(reference.step);
    if (note !== undefined) return { why: `its for_each list comes from the result of step ${reference.step}, which its tool cut (${note}), so the items past the cut never ran`, cutBy: reference.step };
    const lacks = made.get(reference.step);
    if (lacks !== undefined) return { why: `its for_each list comes from the result of step ${reference.step}, which lacks work (${lacks}), so items it lacks never ran here`, madeBy: reference.step };
  }
  return undefined;
}
