import { cutText } from '../core/cut-text.ts';
import { findJsonValue } from './find-json-value.ts';
import { parseJson } from '../core/parse-json.ts';

export type StepList = { readonly ok: true; readonly steps: unknown[]; readonly why?: string } | { readonly ok: false; readonly problem: string };

type JsonObject = Record<string, unknown>;

/** Characters of the answer's `why` kept at most: one sentence is asked for, and it becomes a revision's reason (the log, the trace). */
const MAX_WHY_CHARS = 1_000;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `args` given as JSON text, parsed; left as text when it is not JSON (validation says args must be an object, and the repair call fixes it). */
function parsedArgs(value: string): unknown {
  try {
    return parseJson(value);
  } catch {
    return value;
  }
}

/**
 * A step as written, tidied: null fields (strict mode's "does not apply") left out, args given as
 * JSON text parsed. Built with own properties only: assigning a `__proto__` key the model wrote
 * would make its value the step's prototype, whose fields a key check does not see and the schema
 * still reads (a model's `approval:` or `max_items:` got past the fields only people may set).
 */
function tidyStep(step: unknown): unknown {
  if (!isObject(step)) return step;
  return Object.fromEntries(
    Object.entries(step)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [key, key === 'args' && typeof value === 'string' ? parsedArgs(value) : value]),
  );
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
  return { ok: true, steps: list.map(tidyStep), ...(why !== undefined && { why: cutText(why, MAX_WHY_CHARS) }) };
}
