import { MAX_PLAN_DEPTH, type StepState } from '../core/run-event.ts';
import type { RunRecord, StepRecord } from '../core/run-record.ts';
import { resultGap } from './result-gap.ts';

/**
 * The completed steps of the final plan whose result has holes where work was left undone, by key: why. A
 * `for_each` step whose items failed under `on_item_failure: continue` (its result holds `null` for each), and a
 * `type: plan` step whose plan's result is such a step's (at any depth), and one whose list is drawn from a cut result
 * (`resultGap`, the rule the run reads as it goes too). A goal that a part can pass where the
 * whole would fail (`not_contains: FAIL` on the results of the items that did not fail) is not evaluated on one
 * (found by an adversarial pass: a `for_each` step with a failed item passed "no package fails"). A model step
 * after one is told of those `null`s, as a step that runs without an optional input is told what is missing, and
 * what it makes of them is its own whole answer (the package review writes "not checked" for each); an agent's
 * answer is all it said, whatever its TODO list shows. A `tool_call` step is told nothing: one given such a
 * result (or one its tool cut), here or through an input of the plan it is in, has a partial result too, and so has a
 * `type: plan` step whose plan's result is its (`StepRecord.partial`, see `PartialInputs`). Whether no goal passes
 * on one (`made`) is what the run judged as it went (`StepRecord.made`). `all_steps_completed` judges the work left undone.
 */
export function partialResults(record: RunRecord, stepStates: ReadonlyMap<string, StepState>, results: ReadonlyMap<string, unknown>): Map<string, PartialResult> {
  const partial = new Map<string, PartialResult>();
  const planSteps = new Map((record.plan?.steps ?? []).map((step) => [step.key, step]));
  const made = new Map([...record.steps].flatMap(([key, step]) => (step.partial === undefined ? [] : [[key, step.partial] as const])));
  for (const [key, state] of stepStates) {
    if (state !== 'completed') continue;
    const step = record.steps.get(key);
    const failed = holes(step);
    const gap = resultGap(planSteps.get(key), failed?.why, results, made);
    // Whether no goal passes on it, and why, is the run's judgement (`StepRecord.made`, `partial`), read, not made again
    // here (found by adversarial passes: a for_each tool step with failed items, given a count that read 0, passed
    // `contains`; a plan step whose plan's result was a list drawn from a cut one named only its failed items).
    const why = step?.partial ?? gap?.why;
    if (why === undefined) continue;
    const fix =
      gap?.cutBy !== undefined
        ? `have step ${gap.cutBy} return all of its list (a narrower query), or split the work`
        : gap?.madeBy !== undefined
          ? `make the list step ${gap.madeBy} returns whole (a narrower read or query, items that all complete) and run again`
          : gap === undefined || step?.made || failed?.alone === false
            ? 'make what it was given whole (a narrower read or query, items that all complete) and run again'
            : 'fix what did not complete and run again, or check it with all_steps_completed';
    partial.set(key, { why: `step ${key}: ${why}`, fix, ...(step?.made && { made: true }) });
  }
  return partial;
}

/** Why a completed step's result lacks work the run left undone, and what to do about it. */
export interface PartialResult {
  readonly why: string;
  readonly fix: string;
  /**
   * A tool made the result from a part: unlike a list that shows its `null`s, `{"failures": 0}` does not show the
   * gap, so no goal passes on it (`equals` and `contains` too). The run's judgement (`StepRecord.made`).
   */
  readonly made?: true;
}

/**
 * Why a completed step's result has holes, or undefined: its failed items, or its used plan's result step's; `alone`:
 * they are all it lacks (the step whose items failed has no other gap: a list drawn from a cut one, a tool's answers
 * made from what lacks work), so all_steps_completed checks the rest.
 */
function holes(step: StepRecord | undefined): { readonly why: string; readonly alone: boolean } | undefined {
  for (let depth = 0; step !== undefined && depth <= MAX_PLAN_DEPTH; depth++) {
    if (step.failedItems && step.failedItems.length > 0) {
      const total = step.itemCounts?.total ?? step.items?.length;
      const why = `completed, ${step.failedItems.length}${total === undefined ? '' : ` of ${total}`} items failed${depth > 0 ? `, in the plan it uses (its result step ${step.key})` : ''}`;
      return { why, alone: step.partial === undefined };
    }
    const nested = step.nested;
    step = nested?.resultStepKey === undefined ? undefined : nested.steps.get(nested.resultStepKey);
  }
  return undefined;
}
