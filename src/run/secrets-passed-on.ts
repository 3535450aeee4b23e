import type { PlanStep } from '../core/plan-step.ts';
import { pushAll } from '../core/push-all.ts';
import { isSecretInputName, secretValuesWithin } from '../core/redact.ts';
import { findReferences } from '../plan/find-references.ts';
import type { PathSegment } from '../plan/plan-issue.ts';
import { readPath } from '../plan/reference-path.ts';

/** A part of a step's result that a `type: plan` step's `with:` passes on. */
interface PassedResult {
  readonly step: string;
  readonly path: readonly PathSegment[];
  /** Given under a secret name (`with: { deploy_token: ... }`, `with: { db: { password: ... } }`). */
  readonly secret: boolean;
  /** The whole value, so it keeps its type: a map in it can hold secret keys of its own. */
  readonly whole: boolean;
}

const passedByStep = new WeakMap<PlanStep, readonly PassedResult[]>();

/** What of earlier steps' results `step` passes its plan, found once per step. */
function passedBy(step: PlanStep): readonly PassedResult[] {
  let passed = passedByStep.get(step);
  if (passed) return passed;
  passed = findReferences(step.with ?? {}).references.flatMap(({ reference, at, whole }): PassedResult[] => {
    // A `type: plan` step carries no `for_each`: only a step's result is known after the run starts.
    if (reference.kind !== 'step') return [];
    const secret = at.some((segment) => typeof segment === 'string' && isSecretInputName(segment));
    return [{ step: reference.step, path: reference.path, secret, whole }];
  });
  passedByStep.set(step, passed);
  return passed;
}

/** The path within item `index` of a list that `path` reads within the whole list; undefined where it reads another item. */
function pathInItem(path: readonly PathSegment[], index: number): readonly PathSegment[] | undefined {
  if (path.length === 0) return [];
  const [first, ...rest] = path;
  return first === index || first === String(index) ? rest : undefined;
}

/**
 * The secrets in the result of step `stepKey` (or in item `index` of it) that a `type: plan` step of `steps` passes its
 * plan under a secret name (`with: { deploy_token: "${steps.mint.result}" }`), for the redactor to learn before the
 * result is written anywhere: learned only as the plan step started, the result was in the trace and the log already.
 */
export function secretsPassedOn(steps: Iterable<PlanStep>, stepKey: string, result: unknown, index?: number): string[] {
  const found: string[] = [];
  for (const step of steps) {
    if (step.type !== 'plan') continue;
    for (const passed of passedBy(step)) {
      // Written into text, a map's keys are no names the plan reads: only a secret name makes its values secrets.
      if (passed.step !== stepKey || !(passed.secret || passed.whole)) continue;
      const path = index === undefined ? passed.path : pathInItem(passed.path, index);
      if (!path) continue;
      const lookup = readPath(result, path);
      if (lookup.found) pushAll(found, secretValuesWithin(lookup.value, passed.secret));
    }
  }
  return found;
}
