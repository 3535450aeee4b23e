import type { Limits } from '../plan/schema.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/**
 * The limits a used plan that leaves them out takes from the plan using it, not from the defaults: a used plan
 * without `timeout_minutes` under a top plan's 120 was stopped at the default 30 (found by a budget pass), and one
 * without `max_items` under a top plan's 3 mapped over 5 items, under its 2,000 refused 1,200; one without
 * `concurrency` ran 4 steps at once where the top plan allowed 8 (the job's slots still cap every run together).
 */
const FROM_USING_PLAN = ['timeout_minutes', 'max_items', 'concurrency'] as const satisfies readonly (keyof Limits)[];

/**
 * The used plan as its nested run runs it: each limit of `FROM_USING_PLAN` it sets itself is its own, each it
 * leaves out the using plan's (itself perhaps taken from the plan using that one). Its run's deadline so falls no
 * sooner than the using run's, which stops it too: it runs under what remains of that, or its own if sooner.
 * Likewise `model.temperature`: as it runs on the using plan's model when it names none, it runs at that plan's
 * temperature when it gives none (it ran at the endpoint's default beside a top plan's `temperature: 0`).
 */
export function usedPlanUnder(used: RunnablePlan, using: RunnablePlan): RunnablePlan {
  const own = used.source?.limits ?? {};
  const taken = Object.fromEntries(FROM_USING_PLAN.filter((key) => own[key] === undefined && using.limits[key] !== undefined).map((key) => [key, using.limits[key]]));
  const temperature = used.source?.model?.temperature === undefined ? using.source?.model?.temperature : undefined;
  const source = temperature === undefined ? used.source : { ...used.source, model: { ...used.source?.model, temperature } };
  return { ...used, limits: { ...used.limits, ...taken }, ...(source !== undefined && { source }) };
}
