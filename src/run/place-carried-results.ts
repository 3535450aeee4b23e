import { stepKeyWithin, type PlanStep } from '../core/plan-step.ts';
import type { ResumeState } from './resume-state.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import { placedReuseKey } from './step-reuse-key.ts';

/**
 * `state` with each result a trace written before `placedReuseKey` carried under a bare reuse key (`unplacedCarried`)
 * in its place, where a used plan's run looks for it: the plan step chain whose used plan has a step of the result's
 * step key, when exactly one place in `plan` (its used plans at any depth, and the plan steps of the plans the
 * trace's run had) has one. Left unplaced, a resume spanning the upgrade ran those steps again, and a side effect
 * one made was refused as a repeat: the run escalated where it had succeeded (found by a review). Two places of one
 * key (one plan used twice) take neither: each may be the one that never completed it.
 */
export function placeCarriedResults(state: ResumeState, plan: RunnablePlan): ResumeState {
  const unplaced = state.unplacedCarried;
  if (unplaced === undefined) return state;
  const runPlans = [plan.steps, state.firstPlan.steps, state.plan.steps];
  const places = new Map<string, Set<string>>();
  for (const steps of runPlans) addPlaces(steps, plan.subplans, undefined, places);
  const onlyPlace = (stepKey: string): string | undefined => {
    const found = places.get(stepKey);
    return found?.size === 1 ? [...found][0] : undefined;
  };
  const reuse = new Map(state.reuse);
  const items = new Map(state.items);
  // A step key no plan of the run has at the top names a used plan's step only: its bare entry is moved, not copied.
  const top = new Set(runPlans.flatMap((steps) => steps.map((step) => step.key)));
  const place = <T>(map: Map<string, T>, key: string, stepKey: string | undefined): void => {
    if (stepKey === undefined) return;
    const entry = map.get(key);
    const found = onlyPlace(stepKey);
    if (found === undefined || entry === undefined) return;
    // What the run itself completed there stays: it is newer than what it carried.
    if (!map.has(placedReuseKey(found, key))) map.set(placedReuseKey(found, key), entry);
    if (!top.has(stepKey)) map.delete(key);
  };
  for (const key of unplaced) {
    place(reuse, key, state.reuse.get(key)?.stepKey);
    place(items, key, state.items.get(key)?.values().next().value?.stepKey);
  }
  return { ...state, reuse, items };
}

/** Each used plan's step keys, with the places (`stepKeyWithin` of the plan steps using it) where they run. */
function addPlaces(steps: readonly PlanStep[], subplans: RunnablePlan['subplans'], within: string | undefined, places: Map<string, Set<string>>): void {
  for (const step of steps) {
    const used = step.type === 'plan' && step.uses !== undefined ? subplans?.get(step.uses) : undefined;
    if (used === undefined) continue;
    const place = stepKeyWithin(within, step.key);
    for (const inner of used.steps) {
      let found = places.get(inner.key);
      if (!found) places.set(inner.key, (found = new Set()));
      found.add(place);
    }
    addPlaces(used.steps, used.subplans, place, places);
  }
}
