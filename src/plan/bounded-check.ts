import { z } from 'zod';
import { pushAll } from '../core/push-all.ts';

/**
 * How long one check of a value against a tool's input schema may hold the event loop. zod checks every
 * branch of an `anyOf` or `oneOf` a value fails and both sides of an `allOf`: a schema whose definitions
 * each reach the next twice checked a failing argument 2^n times (20 links: 2.6–7 s; 30: hours), deaf to
 * every timeout. The check reads the clock as it applies each subschema; past the limit every schema it
 * reaches answers at once, and the check unwinds through what was under way (0.4 s past the limit for a
 * 515 KB value 120 levels deep; a `propertyNames` over a million keys, 2.8 s). One application may also run
 * past it by its own cost (a `uniqueItems` or a pattern over one value).
 * A count of applications was tried first and dropped: an application costs from 0.1 µs (a union of
 * shapes) to milliseconds (a format over 100 KB), so a count that stopped the worst in seconds refused
 * wide unions zod checks in under a second. A static bound on the schema was dropped too: it refused
 * schemas zod checks in milliseconds (zod caches recursive checks) and let exponential ones through.
 */
export const CHECK_TIME_LIMIT_MS = 5_000;

type Run = (payload: unknown, context: unknown) => unknown;

interface ZodInternals {
  readonly _zod: {
    run: Run;
    parse: Run;
    readonly def: {
      readonly type: string;
      readonly options?: readonly ZodInternals[];
      readonly inclusive?: boolean;
      readonly values?: readonly unknown[];
      readonly checks?: readonly unknown[];
      readonly left?: ZodInternals;
      readonly right?: ZodInternals;
    };
  };
}

interface ZodPayload {
  readonly value: unknown;
  readonly issues: unknown[];
  aborted?: boolean;
}

/** When the check under way must stop (`boundedSafeParse` sets it; checks run one at a time, synchronously). */
let deadline = Number.POSITIVE_INFINITY;
/** Whether the check under way, past its deadline, has its one issue saying so. */
let stopNoted = false;

/**
 * Builds zod schemas with `build`, each reading the clock of the check under way as it is applied: every
 * schema zod makes while it builds (its post-processor hook sees each one, also those the converter keeps
 * only in closures, such as the guards of `contains` and `propertyNames`), not only those a walk of the
 * result would find.
 */
export function timedSchemas<T>(build: () => T): T {
  const made: ZodInternals[] = [];
  const config = z.config() as { postProcessor?: (schema: unknown) => void };
  const previous = config.postProcessor;
  config.postProcessor = (schema) => {
    made.push(schema as ZodInternals);
    previous?.(schema);
  };
  let built: T;
  try {
    built = build();
  } finally {
    if (previous) config.postProcessor = previous;
    else delete config.postProcessor;
  }
  for (const schema of made) {
    const intersection = intersectionRun(schema);
    if (intersection) {
      // As its parse, which zod's run calls before the schema's own checks: patternProperties' intersection carries
      // `additionalProperties: false` as one, and a replaced run let every key through (found by a review). A schema
      // without checks has its parse as its run.
      const checked = schema._zod.run !== schema._zod.parse;
      schema._zod.parse = intersection;
      if (!checked) schema._zod.run = intersection;
    }
    const run = literalUnionRun(schema) ?? singleOptionRun(schema) ?? schema._zod.run;
    schema._zod.run = (payload, context) => {
      if (performance.now() <= deadline) return run(payload, context);
      // Past the deadline every schema answers at once, aborted, and the check unwinds as zod returns. Thrown
      // instead, the stop left zod's memoizer the entries of the containers under way (a module-level stack
      // popped only on return), each pinning a partly built output: 30 stopped checks of a value 100 levels
      // deep kept 196 MB. One issue for the whole check: an issue from each schema reached, which zod copies
      // at every level on the way up, held a 515 KB value's check 12.6 s and 2.4 GB (found by a review).
      if (!stopNoted) {
        stopNoted = true;
        (payload as ZodPayload).issues.push({ code: 'custom', message: 'the check was stopped', input: (payload as ZodPayload).value, path: [] });
      }
      (payload as ZodPayload).aborted = true;
      return payload;
    };
  }
  return built;
}

/**
 * An intersection (an `allOf`, or a `type` beside `anyOf`/`oneOf`) checked as JSON Schema means it: the value
 * against each part, and every part's problems kept. zod's own keeps a key one part refuses (`additionalProperties:
 * false`, `propertyNames`) only when the other part refuses it too, so `{a: 0}` passed `allOf: [{type: object,
 * additionalProperties: false}, {}]`; and it merges the parts' outputs, which threw "Unmergable intersection" when
 * they differed (a default, a tuple's missing item) and left zod's memoizer the containers under way, 2.5 MB a call
 * (found by reviews). Arguments are checked, never replaced by zod's output, so nothing needs the merge.
 */
function intersectionRun(schema: ZodInternals): Run | undefined {
  const { left, right, type } = schema._zod.def;
  if (type !== 'intersection' || !left || !right) return undefined;
  return (payload, context) => {
    const { value, issues } = payload as ZodPayload;
    for (const part of [left, right]) pushAll(issues, (part._zod.run({ value, issues: [] }, context) as ZodPayload).issues);
    return payload;
  };
}

/**
 * A union of one option, which zod runs through the option's `run` as it was when the union was made: before
 * this replaced it, so the option's own check (an intersection, the clock) was skipped (found by a differential
 * fuzz: `oneOf: [allOf: [closed object, …]]` took an extra key).
 */
function singleOptionRun(schema: ZodInternals): Run | undefined {
  const { options, type } = schema._zod.def;
  const only = type === 'union' && options?.length === 1 ? options[0] : undefined;
  return only && ((payload, context) => only._zod.run(payload, context));
}

/**
 * A union of literals (an enum of numbers, a titled `oneOf` of `const`s) checked as one lookup. zod tries each
 * branch and keeps an issue from each: 300 wrong values against a `oneOf` of 1,200 titled `const`s took 983 ms
 * and 207 MB, and a valid one checked all 1,200 (a `oneOf` must match exactly one). Undefined for any other
 * schema, and for a `oneOf` that lists a value twice, which takes that value in no branch.
 */
function literalUnionRun(schema: ZodInternals): Run | undefined {
  const { def } = schema._zod;
  if (def.type !== 'union' || !def.options || def.options.length < 2) return undefined;
  const values: unknown[] = [];
  for (const option of def.options) {
    const literal = option._zod.def;
    if (literal.type !== 'literal' || !literal.values || (literal.checks?.length ?? 0) > 0) return undefined;
    pushAll(values, literal.values);
  }
  const set = new Set(values);
  if (def.inclusive === false && set.size !== values.length) return undefined;
  return (payload) => {
    const { value, issues } = payload as ZodPayload;
    if (!set.has(value)) issues.push({ code: 'invalid_value', values, input: value, inst: schema, path: [] });
    return payload;
  };
}

/**
 * zod's message for a value not among an enum's lists every value, and zod writes a message for every
 * issue when the error is first read (and for a union's branches, during the check): 1,000 wrong tags
 * against an enum of 20,000 values took 3.3 s and 409 MB of messages. This one lists at most 20.
 */
function shortEnumMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_value' || issue.values.length <= MAX_LISTED_VALUES) return undefined;
  const shown = issue.values.slice(0, MAX_LISTED_VALUES).map((value) => (typeof value === 'string' ? JSON.stringify(value) : String(value)));
  return `Invalid option: expected one of ${shown.join('|')} … and ${issue.values.length - MAX_LISTED_VALUES} more`;
}
const MAX_LISTED_VALUES = 20;

/** A failed check, or why the value was not checked (the schema took too long, or zod could not check it). */
export type BoundedResult<T> = z.ZodSafeParseResult<T> | { readonly success: false; readonly unchecked: string };

/** Schemas that name a property every object inherits, which are checked against values without prototypes. */
const ownKeysOnly = new WeakSet<z.ZodType>();

/** Marks `schema` as one that names a property every object inherits (`constructor`): see withoutPrototypes. */
export function checkOwnKeysOnly(schema: z.ZodType): void {
  ownKeysOnly.add(schema);
}

/**
 * `value` with every object made anew without a prototype, for a schema that names a property every object
 * inherits (checkOwnKeysOnly); for any other the copy cost 1 s for a 32 MB value, which the clock could not stop. zod reads an object's property as `value[name]`, which
 * finds what every object inherits: `required: [constructor]` took `{}` (it found `Object`), and an optional
 * `toString` refused every value without one ("got function"; found by a review). Checked so, a name is there only
 * when the value has it. The callers hand the tool the original, never zod's output.
 */
function withoutPrototypes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(withoutPrototypes);
  const copy = Object.create(null) as Record<string, unknown>;
  // Without a prototype there is no `__proto__` setter: each key, that one too, is the copy's own.
  for (const [key, inner] of Object.entries(value)) copy[key] = withoutPrototypes(inner);
  return copy;
}

/**
 * `schema.safeParse(value)` of a schema `timedSchemas` built, stopped after `limitMs`; then, or when zod
 * throws (no shape found so far does, since intersections are checked part by part, but a refusal that
 * says why ends no step), why the value was not checked.
 */
export function boundedSafeParse<T>(schema: z.ZodType<T>, value: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>, limitMs = CHECK_TIME_LIMIT_MS): BoundedResult<T> {
  const outer = { deadline, stopNoted };
  deadline = performance.now() + limitMs;
  stopNoted = false;
  // For the checks zod runs apart, with no context of this one (a `propertyNames` guard), too.
  const config = z.config() as { customError?: z.core.$ZodErrorMap };
  const customError = config.customError;
  config.customError = (issue) => shortEnumMessage(issue) ?? customError?.(issue);
  const stopped = (): BoundedResult<T> => ({
    success: false,
    unchecked: `checking them against the tool's input schema was stopped after ${limitMs / 1000} s: its \`$ref\`s and \`allOf\`/\`anyOf\`/\`oneOf\` may check the same parts again and again, or its patterns be too many for these arguments`,
  });
  try {
    // In the context too: zod writes the messages when the error is first read, after this returns.
    const result = schema.safeParse(ownKeysOnly.has(schema) ? withoutPrototypes(value) : value, { error: shortEnumMessage, ...params });
    // Past the deadline the result is not an answer, whatever it says: a branch of a union may have passed
    // only because the schemas under it stopped, and a check zod runs inside its own (a `contains` guard)
    // may have dropped the stop's issue.
    return performance.now() > deadline ? stopped() : result;
  } catch (error) {
    if (performance.now() > deadline) return stopped();
    // What zod cannot check ends no step: it is why these arguments were refused (a review found an agent step ended).
    return { success: false, unchecked: `checking them against the tool's input schema failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    ({ deadline, stopNoted } = outer);
    if (customError === undefined) delete config.customError;
    else config.customError = customError;
  }
}
