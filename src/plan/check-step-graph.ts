import { findCycle } from './find-cycle.ts';
import { NameSuggester } from './nearest-name.ts';
import { listNames, stepPath } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import { stepKey, type PlanStep } from '../core/plan-step.ts';
import { dependencyId, type Step } from './schema.ts';

/** Step key → index of its first occurrence, and an issue for every later occurrence. */
export function indexStepIds(steps: readonly Step[]): { stepIndex: Map<string, number>; issues: PlanIssue[] } {
  const stepIndex = new Map<string, number>();
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    const key = stepKey(step.id);
    const first = stepIndex.get(key);
    if (first === undefined) stepIndex.set(key, index);
    else {
      // The note on spelling only where the two are written differently (`1` and `"1"`, `16` and `0x10`).
      const spelt = typeof steps[first]!.id !== typeof step.id ? ` (${JSON.stringify(steps[first]!.id)} and ${JSON.stringify(step.id)} are the same id)` : '';
      issues.push({ path: [...stepPath(index), 'id'], message: `duplicate step id ${key}: workflow_sequence[${first}] has it too${spelt}` });
    }
  });
  return { stepIndex, issues };
}

/**
 * What an error naming a step that does not exist adds: the step meant, or the steps there are. One for
 * every field that names steps (`depends_on`, `inputs`, `${steps.<id>…}`, `step_result`, a goal's `of`):
 * a reference or an `of` said only "which does not exist", with nothing to write instead.
 */
export function unknownStepHints(steps: { keys(): Iterable<string> }): (key: string) => string {
  let suggester: NameSuggester | undefined;
  let names: string | undefined;
  return (key) => {
    const near = (suggester ??= new NameSuggester(steps.keys())).nearest(key);
    return near ? ` — did you mean ${near}?` : `; steps: ${(names ??= listNames(steps.keys()))}`;
  };
}

/** `depends_on` and `inputs` entries naming steps that do not exist. */
export function checkStepNames(steps: readonly Step[], stepIndex: ReadonlyMap<string, number>): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const hint = unknownStepHints(stepIndex);
  const unknownStepMessage = (field: string, key: string): string => `${field} names step ${key}, which does not exist${hint(key)}`;
  steps.forEach((step, index) => {
    for (const field of ['depends_on', 'inputs'] as const) {
      step[field]?.forEach((dependency, position) => {
        const id = dependencyId(dependency);
        if (!stepIndex.has(stepKey(id))) {
          const at = typeof dependency === 'object' ? [field, position, 'step'] : [field, position];
          issues.push({ path: [...stepPath(index), ...at], message: unknownStepMessage(field, stepKey(id)) });
        }
      });
    }
  });
  return issues;
}

/**
 * A dependency listed as optional and as required too (again in `depends_on`, or in an aggregate's `inputs`). One
 * reading won without a word: `[{step: a, optional: true}, a]` ran as optional, and the run succeeded past `a`'s
 * failure (found by an adversarial pass).
 */
export function checkOptionalConflicts(steps: readonly Step[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    const dependencies = step.depends_on ?? [];
    if (!dependencies.some((dependency) => typeof dependency === 'object' && dependency.optional)) return;
    const required = new Map<string, number>();
    dependencies.forEach((dependency, position) => {
      const key = stepKey(dependencyId(dependency));
      if ((typeof dependency !== 'object' || !dependency.optional) && !required.has(key)) required.set(key, position);
    });
    const inputs = new Set((step.inputs ?? []).map(stepKey));
    dependencies.forEach((dependency, position) => {
      if (typeof dependency !== 'object' || !dependency.optional) return;
      const key = stepKey(dependencyId(dependency));
      const at = required.get(key);
      const path = [...stepPath(index), 'depends_on', position];
      if (at !== undefined) {
        issues.push({ path, message: `depends_on lists step ${key} as optional here and as required at depends_on[${at}]; list it once: { step: ${key}, optional: true } to run without it, or ${key} to need it` });
      } else if (inputs.has(key)) {
        issues.push({ path, message: `depends_on lists step ${key} as optional, but inputs lists it, and an aggregate step needs every input; to run without it, take it out of inputs, else write ${key} here` });
      }
    });
  });
  return issues;
}

/** Where the dependency `from → to` is written, so a cycle error points at a line to change. */
function dependencyPath(steps: readonly Step[], index: number, to: string): PathSegment[] {
  const step = steps[index]!;
  for (const field of ['depends_on', 'inputs'] as const) {
    const position = step[field]?.findIndex((dependency) => stepKey(dependencyId(dependency)) === to) ?? -1;
    if (position >= 0) return [...stepPath(index), field, position];
  }
  return stepPath(index);
}

/** A dependency cycle, printed along its edges: `1 → 3 → 2 → 1`. */
export function checkCycles(steps: readonly Step[], planSteps: readonly PlanStep[], stepIndex: ReadonlyMap<string, number>): PlanIssue[] {
  const graph = new Map<string, readonly string[]>();
  for (const [key, index] of stepIndex) graph.set(key, planSteps[index]!.dependsOn);
  const result = findCycle(graph);
  if (!result.hasCycle) return [];
  const [from, to] = result.cycle as [string, string];
  const path = dependencyPath(steps, stepIndex.get(from)!, to);
  if (result.cycle.length === 2) return [{ path, message: `step ${from} depends on itself; remove it from its own depends_on` }];
  return [{ path, message: `dependency cycle: ${result.cycle.join(' → ')} (→ means "depends on"); remove one of these dependencies` }];
}
