import { z } from 'zod';
import { countValues } from '../core/count-values.ts';

/**
 * The most subschemas one check of a value may apply: 1,000 for each value in it, at least 200,000 and at
 * most 2,000,000. zod checks every branch of an `anyOf` or `oneOf` a value fails and both sides of an
 * `allOf`: a schema whose definitions each reach the next twice checked a failing argument 2^n times (20
 * links: 2.6 s; 30: hours) while it held the event loop, deaf to every timeout. Counted, not timed, so the
 * bound holds while the check holds the loop. An application took 3.8 µs in that shape (the worst check
 * stops within about 8 s) and 0.1 µs in a union of 300 shapes, which tries about 450 on each row of an
 * array. A static bound on the schema was tried and dropped: it refused schemas zod checks in
 * milliseconds (zod caches recursive checks) and let exponential ones through.
 */
export const MIN_CHECK_STEPS = 200_000;
export const MAX_CHECK_STEPS = 2_000_000;
const STEPS_PER_VALUE = 1_000;

interface ZodInternals {
  readonly _zod: { run: (payload: unknown, context: unknown) => unknown };
}

/** Steps left to the check under way (`countedSafeParse` sets it; checks run one at a time, synchronously). */
let stepsLeft = Number.POSITIVE_INFINITY;

class CheckStepsSpent extends Error {}

/**
 * Builds zod schemas with `build`, each counting its applications against the check under way: every
 * schema zod makes while it builds (its post-processor hook sees each one, also those the converter keeps
 * only in closures, such as the guards of `contains` and `propertyNames`), not only those a walk of the
 * result would find.
 */
export function countingSchemas<T>(build: () => T): T {
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
    const run = schema._zod.run;
    schema._zod.run = (payload, context) => {
      if (--stepsLeft < 0) throw new CheckStepsSpent();
      return run(payload, context);
    };
  }
  return built;
}

/** The step bound for checking `value`: STEPS_PER_VALUE for each value in it, within the two bounds. */
export function checkStepBound(value: unknown): number {
  const values = countValues(value, MAX_CHECK_STEPS / STEPS_PER_VALUE);
  return Math.min(MAX_CHECK_STEPS, Math.max(MIN_CHECK_STEPS, values * STEPS_PER_VALUE));
}

export type CountedResult<T> = z.ZodSafeParseResult<T> | { readonly success: false; readonly tooCostly: string };

/** `schema.safeParse(value)` within `checkStepBound(value)` steps of a schema `countingSchemas` built; past them, why it stopped. */
export function countedSafeParse<T>(schema: z.ZodType<T>, value: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): CountedResult<T> {
  const bound = checkStepBound(value);
  const outer = stepsLeft;
  stepsLeft = bound;
  try {
    const result = schema.safeParse(value, params);
    // A check zod ran inside its own (a `contains` guard) may have caught the stop: spent is spent.
    if (stepsLeft < 0) return { success: false, tooCostly: spent(bound) };
    return result;
  } catch (error) {
    if (error instanceof CheckStepsSpent) return { success: false, tooCostly: spent(bound) };
    throw error;
  } finally {
    stepsLeft = outer;
  }
}

function spent(bound: number): string {
  return `checking them against the tool's input schema was stopped after ${bound.toLocaleString('en-US')} steps: the schema's \`$ref\`s and \`allOf\`/\`anyOf\`/\`oneOf\` check the same parts again and again`;
}
