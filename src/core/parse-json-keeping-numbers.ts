import { parseJson } from './parse-json.ts';

/**
 * Text that may hold a number a double cannot: a whole number of 16 digits or more (15 always fit), or an
 * exponent of three digits (past 1e308, or a nonzero under 5e-324).
 */
const MAY_NOT_FIT = /[0-9]{16}|[eE][+-]?[0-9]{3}/;

/** `MAY_NOT_FIT` as a pattern's text, for a JSON Schema `pattern` that tells such a number's text (json-schema-validator.ts). */
export const MAY_NOT_FIT_PATTERN = MAY_NOT_FIT.source;

/**
 * `parseJson` for a tool's output, keeping each number a double does not hold as the text written (a string):
 * one that reads as infinity (`1e400`, which JSON then writes as `null`), a nonzero that reads as zero (`1e-400`),
 * and a whole number that reads as another (`1234567890123456789`, an id, became 1234567890123456800). Other
 * numbers are numbers, as `JSON.parse` reads them.
 */
export function parseJsonKeepingNumbers(text: string): unknown {
  // Read with `parseJson`'s bounds first (depth, repeated keys): its value stands unless a number may not fit.
  const value = parseJson(text);
  return mayHoldInexactNumber(text) ? readJsonKeepingNumbers(text) : value;
}

/** Whether JSON `text` may hold a number a double cannot (else `JSON.parse` reads it exactly). */
export function mayHoldInexactNumber(text: string): boolean {
  return MAY_NOT_FIT.test(text);
}

/** `JSON.parse` keeping numbers as `parseJsonKeepingNumbers` does, without its bounds (for a message whose reader applies its own). */
export function readJsonKeepingNumbers(text: string): unknown {
  if (!mayHoldInexactNumber(text)) return JSON.parse(text) as unknown;
  return JSON.parse(text, (_key, parsed: unknown, context?: { readonly source?: string }) => {
    const source = context?.source;
    return typeof parsed === 'number' && source !== undefined && !holds(parsed, source) ? source : parsed;
  }) as unknown;
}

/** A number JSON text writes (`written`) that a double does not hold, and the number `JSON.parse` reads for it (`read`). */
export interface InexactNumber {
  readonly written: string;
  readonly read: number;
}

/**
 * A number token that may write a whole number past 2^53 (in 16 digits or more, or with an exponent: `1e16`,
 * `9007199254740993e0`) or a nonzero a double reads as zero (16 zeros on). Only where JSON can start a number, after
 * `[`, `,`, `:` or a blank: anywhere, the `1e4` of a SHA or a UUID had most tool arguments read twice.
 */
const MAY_BE_UNSAFE = /(?<![^\s[,:])-?(?=[0-9])[0-9.]*(?:[0-9]{16}|[0-9][eE])/;

/** Whether JSON `text` may write a number `firstInexactNumber` finds (else it holds none). */
export function mayWriteUnsafeNumber(text: string): boolean {
  return MAY_BE_UNSAFE.test(text);
}

/**
 * The first number in JSON `text` that does not reach a tool as written, or undefined when every one does: one a double
 * does not hold (as `parseJsonKeepingNumbers` finds them), and any whole number past 2^53 however it is spelt, as the plan
 * check refuses it. A double may hold such a number exactly (2^60), but it goes to the tool as `JSON.stringify` writes
 * it, `1152921504606847000`, another id to a reader of 64-bit integers; `1e21` went as `1e+21` (found by a review).
 */
export function firstInexactNumber(text: string): InexactNumber | undefined {
  if (!mayWriteUnsafeNumber(text)) return undefined;
  let found: InexactNumber | undefined;
  JSON.parse(text, (_key, parsed: unknown, context?: { readonly source?: string }) => {
    const source = context?.source;
    const unsafe = (value: number) => (Number.isInteger(value) && !Number.isSafeInteger(value)) || !holds(value, source!);
    if (found === undefined && typeof parsed === 'number' && source !== undefined && unsafe(parsed)) found = { written: source, read: parsed };
    return parsed;
  });
  return found;
}

/** Whether `value` is the number JSON `source` writes, as far as a whole number, a zero or a size goes. */
function holds(value: number, source: string): boolean {
  if (!Number.isFinite(value)) return false;
  const [mantissa = ''] = source.split(/[eE]/);
  if (value === 0) return !/[1-9]/.test(mantissa);
  const whole = /^-?(\d+)(?:\.0*)?$/.exec(source);
  return whole === null || BigInt(whole[1]!) === BigInt(Math.abs(value));
}
