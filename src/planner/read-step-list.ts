import { findJsonValue } from './find-json-value.ts';

export type StepList = { readonly ok: true; readonly steps: unknown[]; readonly why?: string } | { readonly ok: false; readonly problem: string };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A step as written, tidied: null fields (strict mode's "does not apply") left out, args given as JSON text parsed. */
function tidyStep(step: unknown): unknown {
  if (!isObject(step)) return step;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(step)) {
    if (value === null) continue;
    if (key === 'args' && typeof value === 'string') {
      try {
        out[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Left as text: validation says args must be an object, and the repair call fixes it.
      }
    }
    out[key] = value;
  }
  return out;
}

/**
 * The steps in a planner's answer: `{"steps": [...]}` or a bare list (also in a code fence or
 * prose), each tidied; missing optional fields are fine, validation decides the rest.
 */
export function readStepList(answer: string): StepList {
  const found = findJsonValue(answer);
  if (!found.ok) return found;
  const value = found.value;
  const list = Array.isArray(value) ? value : isObject(value) ? (value.steps ?? value.workflow_sequence) : undefined;
  if (!Array.isArray(list)) return { ok: false, problem: 'the answer is JSON but not {"steps": [...]} or a list of steps' };
  const why = isObject(value) && typeof value.why === 'string' && value.why.trim() !== '' ? value.why : undefined;
  return { ok: true, steps: list.map(tidyStep), ...(why !== undefined && { why }) };
}
