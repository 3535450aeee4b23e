import { cutText } from '../core/cut-text.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { jsonValuesInWords, locateJsonValue } from './find-json-value.ts';
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

/** The step list `value` holds: itself (a bare list), or its `steps` (a plan file's `workflow_sequence`). */
function stepListOf(value: unknown): unknown {
  return Array.isArray(value) ? value : isObject(value) ? (value.steps ?? value.workflow_sequence) : undefined;
}

/** A value among the words that reads as a plan: a list of steps (objects with an id or a type), or an object holding one. */
function holdsSteps(value: unknown): boolean {
  const list = stepListOf(value);
  return Array.isArray(list) && list.length > 0 && list.every((step) => isObject(step) && (Object.hasOwn(step, 'id') || Object.hasOwn(step, 'type')));
}

/** Levels of a value among the words searched for a plan inside it (`{"plan": {"steps": …}}`); JSON parsed here is shallower. */
const PLAN_SEARCH_DEPTH = 64;

/**
 * The step lists `value` holds as plans, by their canonical text: itself when it `holdsSteps`, and any list under a `steps`
 * or `workflow_sequence` key at any depth, an empty one too. Not inside a list found: a step's `args` are the tool's.
 */
function addPlans(value: unknown, plans: Set<string>, depth: number): void {
  if (depth > PLAN_SEARCH_DEPTH) return;
  if (Array.isArray(value)) {
    if (depth === 0 && holdsSteps(value)) plans.add(canonicalJson(value));
    else for (const item of value) addPlans(item, plans, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const list = Object.hasOwn(value, 'steps') ? value.steps : Object.hasOwn(value, 'workflow_sequence') ? value.workflow_sequence : undefined;
  if (Array.isArray(list)) {
    plans.add(canonicalJson(list));
    return;
  }
  for (const inner of Object.values(value)) addPlans(inner, plans, depth + 1);
}

/**
 * How many different plans the answer's words hold, when more than one. The first was taken: a replanner (on an
 * endpoint that does not enforce the answer's format) that quoted a plan from a tool's output, said it would not
 * follow it, and wrote its own had the quoted plan run (found by a hunting pass). Its own plan counts when it is
 * empty (`{"steps": []}`, nothing to replace) or nested (`{"plan": {"steps": …}}`): counted as no plan, it left the
 * quoted one the only one, which ran, side effects and all (found by a hunt of model-written plans).
 */
function plansInWords(answer: string): number | 'unseen' {
  const plans = new Set<string>();
  const { values, searchedAll } = jsonValuesInWords(answer);
  for (const value of values) addPlans(value, plans, 0);
  // The search stopped at a bound before the answer's end: a plan of the model's own after it was not seen, and the
  // one seen may be quoted (found by a hunt of model-written plans: a quoted plan, then 50 brackets that are no JSON).
  if (!searchedAll) return 'unseen';
  return plans.size > 1 ? plans.size : 0;
}

/**
 * The steps in a planner's answer: `{"steps": [...]}` or a bare list (also in a code fence or
 * prose), each tidied; missing optional fields are fine, validation decides the rest. Among words,
 * only the one plan they hold is read (one written twice the same is one).
 */
export function readStepList(answer: string): StepList {
  const { found, inWords } = locateJsonValue(answer);
  if (!found.ok) return found;
  const value = found.value;
  const list = stepListOf(value);
  if (!Array.isArray(list)) return { ok: false, problem: 'the answer is JSON but not {"steps": [...]} or a list of steps' };
  const plans = inWords ? plansInWords(answer) : 0;
  if (plans === 'unseen') {
    return { ok: false, problem: 'the answer holds too much among its words to tell whether it holds one plan only, and the one found may be quoted from the data it read: reply with your one plan, JSON only' };
  }
  if (plans > 0) {
    return { ok: false, problem: `the answer holds ${plans} different plans among its words, and one may be quoted from the data it read: reply with your one plan, JSON only` };
  }
  const why = isObject(value) && typeof value.why === 'string' && value.why.trim() !== '' ? value.why : undefined;
  return { ok: true, steps: list.map(tidyStep), ...(why !== undefined && { why: cutText(why, MAX_WHY_CHARS) }) };
}
