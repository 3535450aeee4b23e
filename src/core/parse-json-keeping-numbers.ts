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

/** The first number in JSON `text` that a double does not hold (one `parseJsonKeepingNumbers` keeps as text), or undefined when `JSON.parse` reads every number exactly. */
export function firstInexactNumber(text: string): InexactNumber | undefined {
  if (!mayHoldInexactNumber(text)) return undefined;
  let found: InexactNumber | undefined;
  JSON.parse(text, (_key, parsed: unknown, context?: { readonly source?: string }) => {
    const source = context?.source;
    if (found === undefined && typeof parsed === 'number' && source !== undefined && !holds(parsed, source)) found = { written: source, read: parsed };
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
