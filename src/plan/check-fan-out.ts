import type { PlanStep } from '../core/plan-step.ts';
import { stepPath } from './plan-check-context.ts';
import type { PlanIssue } from './plan-issue.ts';

/** The fan-out steps `step` depends on, directly or through other steps, nearest first. */
function fanOutAncestors(step: PlanStep, byKey: ReadonlyMap<string, PlanStep>): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const queue = [...step.dependsOn];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const upstream = byKey.get(key);
    if (!upstream) continue;
    if (upstream.forEach?.fanOut) found.push(key);
    queue.push(...upstream.dependsOn);
  }
  return found;
}

/**
 * A plan fans out in one stage: everything a `fan_out` step needs runs in the prepare job, before
 * any shard starts, so no fan-out step may depend (directly or through other steps) on another.
 */
export function checkFanOut(steps: readonly PlanStep[]): PlanIssue[] {
  if (!steps.some((step) => step.forEach?.fanOut)) return [];
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    if (!step.forEach?.fanOut) return;
    const [upstream] = fanOutAncestors(step, byKey);
    if (upstream === undefined) return;
    issues.push({
      path: [...stepPath(index), 'fan_out'],
      at: 'key',
      message:
        `step ${step.key} fans out, but it depends on step ${upstream}, which fans out too: in a job matrix everything a fan-out step needs runs ` +
        `in the prepare job, before any shard starts; remove fan_out from one of them, or make step ${step.key} independent of step ${upstream}`,
    });
  });
  return issues;
}
