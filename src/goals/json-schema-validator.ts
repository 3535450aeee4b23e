import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { groupDigits } from '../core/group-digits.ts';
import { MAY_NOT_FIT_PATTERN } from '../core/parse-json-keeping-numbers.ts';
import { isMap, mapSubschemas } from '../core/json-schema.ts';
import { LinearRegex, MAX_REGEX_WORK } from '../core/linear-regex.ts';
import { shownPattern } from '../core/regex-syntax-error.ts';
import { JSON_SCHEMA_FORMATS } from '../plan/json-schema-problems.ts';
import { MAX_SCHEMA_EVALUATIONS, type GoalWork } from './goal-work.ts';

// ajv-formats is CommonJS: under NodeNext its function is the module's `default` (it sets both).
const addFormats = addFormatsModule.default;

/**
 * Every `pattern` (and `patternProperties`) on the linear-time engine: a plan's regex never backtracks
 * over a result. Each test is charged its work (program size × characters) against the check's
 * `regexWorkLeft`: each string of a result fitted MAX_REGEX_WORK, and a pattern of 50,000 steps tested on
 * every string of a 128 KB array held the event loop 9.4 s (found by an adversarial hunt).
 */
const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    const regex = LinearRegex.compile(pattern, flags);
    return {
      source: regex.source,
      flags: regex.flags,
      test(text: string): boolean {
        regexWorkLeft -= regex.size * text.length;
        if (regexWorkLeft < 0) throw new RegexWorkSpent(shownPattern(String(regex)));
        goalsWork?.spendRegexWork(regex.size * text.length, String(regex), text.length);
        return regex.test(text);
      },
      toString: () => String(regex),
    };
  },
  { code: 'linearRegExp' },
);

/** The regex work left to the check under way (`checkJsonSchema` sets it to MAX_REGEX_WORK, all its patterns together). */
let regexWorkLeft = Number.POSITIVE_INFINITY;
/** The work left to all the goals of the evaluation under way, charged too (its error ends the check). */
let goalsWork: GoalWork | undefined;

class RegexWorkSpent extends Error {}

/** The most items an array checked for `uniqueItems` may have, and the largest value (JSON characters) so checked: Ajv compares items pairwise. */
export const MAX_UNIQUE_ITEMS = 2_000;
const MAX_UNIQUE_CHECKED_CHARS = 256 * 1024;

/**
 * Ajv, a complete JSON Schema 2020-12 validator, checks json_schema goals, the gate's check. (zod's
 * converter, which checks tool arguments, dropped keywords silently, and a goal passed on a value
 * its schema refused.) What a gate must not loosen is refused when the plan loads
 * (json-schema-problems.ts: unknown keywords and formats, `unevaluated*`, another `$schema`), so Ajv
 * itself is not strict about shapes JSON Schema allows (`minContains: 0`, a property a pattern also
 * names). `allErrors` stays off: with it a recursive `anyOf` costs exponential time in a hostile
 * result's depth. Only own properties count for `required` (`constructor` is not in `{}`).
 * Formats are the specification's (a `url` check was quadratic on hostile text). A schema whose
 * `$id` another one already took (two goals, or two loads as `plan-runner eval` makes) gets an Ajv
 * of its own.
 */
function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, allowMatchingProperties: true, code: { regExp: linearRegExp }, $comment: countEvaluation });
  // Ajv2020 turns on tracking what each subschema evaluated, for `unevaluated*`, which a goal's schema may not
  // use (json-schema-problems.ts). With it an `anyOf` tries every branch after one passes, to learn what they
  // evaluated: a valid tree nested 22 deep under a two-branch `anyOf` took 2^22 evaluations. The option only
  // shapes the code Ajv generates from here on.
  ajv.opts.unevaluated = false;
  addFormats(ajv, [...JSON_SCHEMA_FORMATS]);
  return ajv;
}

let shared: Ajv2020 | undefined;

/**
 * The most subschemas one check evaluates: 16 for each value in the result, at least 1,000,000 and at most
 * 4,000,000. Without `allErrors` a recursive `anyOf` still tries each branch at each level, and keeps each
 * failed branch's errors: a tree schema of two branches against a result nested 22 deep (570 bytes)
 * blocked the event loop for 33 s, deaf to a cancel, and 24 deep ran the process out of memory (found by an
 * adversarial pass). Counted, not timed, so the bound holds while the check holds the event loop. A check
 * that is only wide takes a few evaluations a value (a 1.6 MB array of strings under `anyOf: [integer,
 * string]`, 4 each; 60,000 rows of 8 nullable fields, under 4): a fixed bound of 1,000,000 refused those
 * (found by a review). The worst shape stops within about 2.5 s, its errors about 400 MB of heap.
 */
export const MIN_SCHEMA_EVALUATIONS = 1_000_000;
const EVALUATIONS_PER_VALUE = 16;

/** The evaluation bound for `value`: EVALUATIONS_PER_VALUE for each value in it, within the two bounds. */
export function evaluationBound(value: unknown): number {
  // Counted up to what reaches the ceiling, and no further: an array of 8 million values is not walked whole.
  const most = MAX_SCHEMA_EVALUATIONS / EVALUATIONS_PER_VALUE;
  let values = 0;
  const stack = [value];
  while (stack.length > 0 && values < most) {
    const item = stack.pop();
    values += 1;
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) for (let index = 0; index < item.length && values + stack.length < most; index++) stack.push(item[index]);
    else
      for (const key in item) {
        if (values + stack.length >= most) break;
        if (Object.hasOwn(item, key)) stack.push((item as Record<string, unknown>)[key]);
      }
  }
  return Math.min(MAX_SCHEMA_EVALUATIONS, Math.max(MIN_SCHEMA_EVALUATIONS, values * EVALUATIONS_PER_VALUE));
}

/** Evaluations left to the check under way (`checkJsonSchema` sets it; checks run one at a time, synchronously). */
let evaluationsLeft = Number.POSITIVE_INFINITY;

class EvaluationBudgetSpent extends Error {}

/** Ajv's `$comment` hook, which runs as each subschema is evaluated: `asChecked` gives every subschema one. */
function countEvaluation(): void {
  if (--evaluationsLeft < 0) throw new EvaluationBudgetSpent();
}

function validatorFor(schema: object): ValidateFunction {
  const ready = asChecked(prefixApart(schema as Record<string, unknown>));
  try {
    return (shared ??= newAjv()).compile(ready);
  } catch (error) {
    if (error instanceof Error && /already exists/.test(error.message)) return newAjv().compile(ready);
    throw error;
  }
}

/**
 * A copy of `schema` where `prefixItems` (with `items`, which counts from where it ends) is checked as
 * a part of an `allOf`: without allErrors, Ajv 8.20 skips the keywords after `prefixItems` when an
 * array is shorter than it (`{prefixItems: [...], contains: {}}` took `[]`, and `uniqueItems` took
 * `["x", "x"]` under three prefix items), found by the fuzz against a reference Ajv and by review.
 * A `$ref` into the moved keywords no longer resolves: that schema is not evaluable (fails closed).
 */
function prefixApart(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = mapSubschemas(schema, prefixApart);
  if ('prefixItems' in copy) {
    const part: Record<string, unknown> = {};
    for (const key of ['prefixItems', 'items']) {
      if (key in copy) part[key] = copy[key];
      delete copy[key];
    }
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), part];
  }
  return copy;
}

/**
 * A copy of `schema` as Ajv is given it:
 * - every subschema but `{}` has a `$comment` (a plan's own are only notes), which Ajv counts at each
 *   evaluation (`countEvaluation`); `{}` checks nothing and nests nothing, and Ajv reads `contains: {}` as a
 *   length check only while it is empty;
 * - a `contains` without `maxContains` gets the largest one JSON holds exactly (CONTAINS_UNBOUNDED). Ajv
 *   8.20 declares its result with `var` inside the loop over the items only, so under another loop
 *   (`additionalProperties`, `items`, `patternProperties`) an empty array took the result of the value
 *   before it: `{additionalProperties: {contains: {type: number}}}` passed `{"a": [0], "c": []}` (found by
 *   the fuzz against the reference when counting first gave `contains: {}` a `$comment`). With a maximum,
 *   Ajv sets the result before the loop.
 */
function asChecked(schema: Record<string, unknown>, turned = false): Record<string, unknown> {
  // Under `not` and in an `if`, a subschema that holds is what refuses (or asks more): there a kept number meets its bounds.
  const { not, if: condition, ...rest } = schema;
  const copy = mapSubschemas(rest, (subschema) => asChecked(subschema, turned));
  for (const [key, value] of [['not', not], ['if', condition]] as const) if (key in schema) copy[key] = isMap(value) ? asChecked(value, !turned) : value;
  // A kept number may lie on either side of an `if`'s bound: it is held to `else` too, under an `if` where it fails the bound.
  if (isMap(condition) && 'else' in copy) {
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), { if: asChecked(condition, turned), else: copy.else, $comment: 'counted' }];
    delete copy.else;
  }
  if ('contains' in copy && !('maxContains' in copy)) copy.maxContains = CONTAINS_UNBOUNDED;
  const bounded = NUMBER_KEYWORDS.some((keyword) => keyword in copy) && !('type' in copy);
  if (bounded && turned) return { anyOf: [{ ...copy, $comment: 'counted' }, NOT_A_KEPT_NUMBER.not], $comment: 'counted' };
  if (bounded) copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), NOT_A_KEPT_NUMBER];
  return Object.keys(copy).length === 0 ? copy : { ...copy, $comment: 'counted' };
}

/** The keywords that bound a number, and that JSON Schema leaves any other value to pass. */
const NUMBER_KEYWORDS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'];

/**
 * Refuses a number a tool wrote that a double cannot hold, which reaches the goal as the text written (a string:
 * `parseJsonKeepingNumbers`), where a schema bounds numbers without naming a type: `maximum: 100` skips a string, so
 * `{"risk": 1e400}` met it, which as Infinity it had failed (found by an adversarial pass). Which strings were
 * numbers is no longer known, so any JSON number text of that kind is refused there: the gate fails closed. Under
 * `not` and in an `if` it meets the bounds instead (`asChecked`): refused there, `not: {minimum: 100}` took 1e400. An
 * `if` with an `else` holds it to both branches: `if: {maximum: 50}` with `else: {required: [approval]}` let 1e400 pass
 * without approval (found by an adversarial pass).
 */
const NOT_A_KEPT_NUMBER = {
  not: { type: 'string', allOf: [{ pattern: '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$' }, { pattern: MAY_NOT_FIT_PATTERN }], $comment: 'counted' },
  $comment: 'counted',
};

/** `maxContains` where the schema has none: no array has that many items. */
const CONTAINS_UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** A schema as checked: its validator, and whether it asks for unique items anywhere (then the value is bounded). */
const compiled = new WeakMap<object, { readonly validate: ValidateFunction; readonly uniqueItems: boolean }>();

/** `ok: false`: why the check cannot be made, and what to do (fix the schema; or the result is too large for it). */
export type JsonSchemaCheck = { readonly ok: true; readonly valid: boolean; readonly errors: readonly ErrorObject[] } | { readonly ok: false; readonly why: string };

/** The length of the longest array in `value`, and the pairs of items its arrays hold (`uniqueItems` compares each), found without recursion. */
function arraysOf(value: unknown): { readonly longest: number; readonly pairs: number } {
  let longest = 0;
  let pairs = 0;
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    // One at a time: `push(...item)` passes every item as an argument, and an array of 300,000 ran
    // out of stack, so the goal ended in an error instead of saying why it could not be checked.
    if (Array.isArray(item)) {
      longest = Math.max(longest, item.length);
      pairs += (item.length * (item.length - 1)) / 2;
      for (const inner of item) stack.push(inner);
    } else if (item !== null && typeof item === 'object') for (const inner of Object.values(item)) stack.push(inner);
  }
  return { longest, pairs };
}

/** Why `value`, whose longest array has `longest` items, is too large to check for unique items, or undefined. */
function tooLargeForUniqueItems(value: unknown, longest: number): string | undefined {
  const size = longest > MAX_UNIQUE_ITEMS ? 0 : (JSON.stringify(value)?.length ?? 0);
  if (longest <= MAX_UNIQUE_ITEMS && size <= MAX_UNIQUE_CHECKED_CHARS) return undefined;
  const what = longest > MAX_UNIQUE_ITEMS ? `an array of ${longest} items (at most ${MAX_UNIQUE_ITEMS} are checked)` : `${size} characters of JSON (at most ${MAX_UNIQUE_CHECKED_CHARS} are checked)`;
  return `uniqueItems compares an array's items pair by pair, and the result has ${what}; drop uniqueItems from the goal's schema, or have the step return less`;
}

/**
 * Checks `value` against `schema`, in at most `maxEvaluations` (`evaluationBound`) evaluations of its subschemas;
 * when `work` is given (the goals' together), in at most what it has left, and its evaluations and its patterns'
 * work are charged to it: a check stopped by what the goals had left throws its `GoalNotEvaluableError`.
 */
export function checkJsonSchema(schema: object, value: unknown, options: { readonly maxEvaluations?: number; readonly work?: GoalWork } = {}): JsonSchemaCheck {
  let entry = compiled.get(schema);
  if (!entry) {
    try {
      entry = { validate: validatorFor(schema), uniqueItems: JSON.stringify(schema).includes('"uniqueItems":true') };
    } catch (error) {
      return { ok: false, why: `the goal's json_schema cannot be used (${error instanceof Error ? error.message : String(error)}); fix it in the plan file` };
    }
    compiled.set(schema, entry);
  }
  const arrays = entry.uniqueItems ? arraysOf(value) : undefined;
  const tooLarge = arrays && tooLargeForUniqueItems(value, arrays.longest);
  if (tooLarge) return { ok: false, why: tooLarge };
  const most = options.maxEvaluations ?? evaluationBound(value);
  const { work } = options;
  // Each pair of items `uniqueItems` may compare is charged to the goals as one evaluation (about as costly): within one
  // check they fit MAX_UNIQUE_ITEMS, but a hundred goals on one array of 2,000 objects held the event loop 50 s (found by
  // an adversarial pass).
  const pairs = arrays?.pairs ?? 0;
  if (work && pairs > work.evaluationsLeft) throw work.evaluationsSpent();
  work?.spendEvaluations(pairs);
  const given = Math.min(most, work?.evaluationsLeft ?? most);
  evaluationsLeft = given;
  regexWorkLeft = MAX_REGEX_WORK;
  goalsWork = work;
  try {
    const valid = entry.validate(value);
    return { ok: true, valid, errors: entry.validate.errors ?? [] };
  } catch (error) {
    if (error instanceof RegexWorkSpent) {
      return {
        ok: false,
        why: `checking the result's strings against the goal's json_schema patterns (the last one tried: ${error.message}) would take more than the ${groupDigits(MAX_REGEX_WORK)} steps in all that one check may take on the event loop, where no timeout can stop it: make the patterns' repeats (\`{n}\`) smaller, or have the step return less`,
      };
    }
    // Ajv's code recurses for each subschema it follows, and a `$ref` back to itself that reads no deeper never ends: the
    // goal read "could not evaluate: Maximum call stack size exceeded" (found by an adversarial pass).
    if (error instanceof RangeError) {
      return {
        ok: false,
        why: "checking the result against the goal's json_schema went deeper than the stack allows: a `$ref` or `$dynamicRef` that leads back to its own subschema without reading into the value (`$ref: '#'` beside other keywords, or through allOf, anyOf, oneOf or not) never ends; fix the schema in the plan file",
      };
    }
    if (!(error instanceof EvaluationBudgetSpent)) throw error;
    if (work && given < most) throw work.evaluationsSpent();
    return {
      ok: false,
      why: `checking the result against the goal's json_schema took more than ${groupDigits(most)} evaluations of its subschemas (an anyOf or oneOf whose branches each check a nested result again takes time that doubles with each level); make the branches differ early (a required key or a const each, checked before the nesting), or have the step return a flatter result`,
    };
  } finally {
    // Ajv counts down to -1 when it throws at the bound.
    work?.spendEvaluations(given - Math.max(0, evaluationsLeft));
    evaluationsLeft = Number.POSITIVE_INFINITY;
    regexWorkLeft = Number.POSITIVE_INFINITY;
    goalsWork = undefined;
  }
}

/** One of Ajv's errors as evidence: `at changes[1].name: required but missing`. */
export function schemaErrorText(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty?: unknown }).missingProperty));
  let where = '';
  for (const part of path) {
    if (/^\d+$/.test(part)) where += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) where += where === '' ? part : `.${part}`;
    else where += `[${JSON.stringify(part)}]`;
  }
  const { minContains, maxContains } = error.params as { minContains?: unknown; maxContains?: unknown };
  const message =
    error.keyword === 'required'
      ? 'required but missing'
      : error.keyword === 'contains' && maxContains === CONTAINS_UNBOUNDED
        ? `must contain at least ${String(minContains)} valid item(s)`
        : (error.message ?? error.keyword);
  return `at ${where === '' ? 'the top level' : where}: ${message}`;
}
