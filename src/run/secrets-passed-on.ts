import type { PlanStep } from '../core/plan-step.ts';
import { pushAll } from '../core/push-all.ts';
import { isSecretInputName, secretValuesWithin } from '../core/redact.ts';
import { findReferences } from '../plan/find-references.ts';
import type { PathSegment } from '../plan/plan-issue.ts';
import { readPath } from '../plan/reference-path.ts';

/** A part of a step's result that a `type: plan` step's `with:` passes on, secret or whole. */
interface PassedResult {
  readonly path: readonly PathSegment[];
  /** Given under a secret name (`with: { deploy_token: ... }`, `with: { db: { password: ... } }`). */
  readonly secret: boolean;
}

/** What the `type: plan` steps of a plan pass on of each step's result, by that step's key (`passedOnBySource`). */
export type PassedOn = ReadonlyMap<string, readonly PassedResult[]>;

/**
 * What of each step's result the `type: plan` steps of `steps` pass their plans under a secret name or whole, by the
 * key of the step whose result it is: found once for a plan (or a revision of it), as results arrive one by one.
 */
export function passedOnBySource(steps: Iterable<PlanStep>): PassedOn {
  const bySource = new Map<string, PassedResult[]>();
  for (const step of steps) {
    if (step.type !== 'plan') continue;
    for (const { reference, at, whole } of findReferences(step.with ?? {}).references) {
      // A `type: plan` step carries no `for_each`: only a step's result is known after the run starts.
      if (reference.kind !== 'step') continue;
      const secret = at.some((segment) => typeof segment === 'string' && isSecretInputName(segment));
      // Written into text, a map's keys are no names the plan reads: only a secret name makes its values secrets.
      // Whole, the value keeps its type: a map in it can hold secret keys of its own.
      if (!secret && !whole) continue;
      const passed = bySource.get(reference.step);
      if (passed) passed.push({ path: reference.path, secret });
      else bySource.set(reference.step, [{ path: reference.path, secret }]);
    }
  }
  return bySource;
}

/**
 * The path within item `index` of a list that `path` reads within the whole list; undefined where it reads another
 * item. A segment names an item as `readPath` reads it (`result.01` is item 1), so an item gives what the list would.
 */
function pathInItem(path: readonly PathSegment[], index: number): readonly PathSegment[] | undefined {
  if (path.length === 0) return [];
  const [first, ...rest] = path;
  const position = typeof first === 'string' && /^\d+$/.test(first) ? Number(first) : first;
  return position === index ? rest : undefined;
}

/**
 * The secrets in the result of step `stepKey` (or in item `index` of it) that a `type: plan` step passes its plan under
 * a secret name (`with: { deploy_token: "${steps.mint.result}" }`), for the redactor to learn before the result is
 * written anywhere: learned only as the plan step started, the result was in the trace and the log already.
 */
export function secretsPassedOn(passedOn: PassedOn, stepKey: string, result: unknown, index?: number): string[] {
  const found: string[] = [];
  for (const passed of passedOn.get(stepKey) ?? []) {
    const path = index === undefined ? passed.path : pathInItem(passed.path, index);
    if (!path) continue;
    const lookup = readPath(result, path);
    if (lookup.found) pushAll(found, secretValuesWithin(lookup.value, passed.secret));
  }
  return found;
}
