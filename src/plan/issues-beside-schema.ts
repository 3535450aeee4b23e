import type { z } from 'zod';
import { indexStepIds } from './check-step-graph.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import type { Step } from './schema.ts';

type ZodIssue = z.core.$ZodIssue;

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A copy of `value` without the keys the schema did not recognise, at the paths it named them. */
function withoutKeys(value: unknown, unknown: readonly { path: readonly PropertyKey[]; keys: readonly string[] }[]): unknown {
  const copy: unknown = structuredClone(value);
  for (const { path, keys } of unknown) {
    let at: unknown = copy;
    for (const segment of path) at = isMap(at) || Array.isArray(at) ? (at as Record<PropertyKey, unknown>)[segment] : undefined;
    if (isMap(at)) for (const key of keys) delete at[key];
  }
  return copy;
}

/** Duplicate step ids among the raw steps that have a usable id, whatever else is wrong with them. */
function duplicateIds(value: unknown): PlanIssue[] {
  const sequence = isMap(value) ? value['workflow_sequence'] : undefined;
  if (!Array.isArray(sequence)) return [];
  const withIds = sequence.map((step, index) => ({ step, index })).filter(({ step }) => isMap(step) && (typeof step['id'] === 'string' || typeof step['id'] === 'number'));
  const { issues } = indexStepIds(withIds.map(({ step }) => step as Step));
  // indexStepIds numbers steps by their place in the list it was given: put the real indexes back.
  return issues.map((issue) => {
    const [, position, ...rest] = issue.path;
    const real = withIds[position as number]!.index;
    const first = /workflow_sequence\[(\d+)\]/.exec(issue.message);
    const message = first ? issue.message.replace(first[0], `workflow_sequence[${withIds[Number(first[1])]!.index}]`) : issue.message;
    return { ...issue, path: ['workflow_sequence', real, ...rest] as PathSegment[], message };
  });
}

/**
 * What else is wrong with a plan the schema rejected, so every problem is reported at once: when the
 * only schema problems are unknown keys (`depend_on`), the plan without them gets every other check
 * (`recheck`); otherwise duplicate step ids are still found in the raw steps.
 */
export function issuesBesideSchema(value: unknown, schemaProblems: readonly ZodIssue[], recheck: (value: unknown) => readonly PlanIssue[]): PlanIssue[] {
  const unknownKeys = schemaProblems.flatMap((issue) => (issue.code === 'unrecognized_keys' ? [{ path: issue.path, keys: issue.keys }] : []));
  if (unknownKeys.length === schemaProblems.length) return [...recheck(withoutKeys(value, unknownKeys))];
  return duplicateIds(value);
}
