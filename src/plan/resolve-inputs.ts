import type { Plan } from './schema.ts';

export type InputsResult =
  | { readonly ok: true; readonly inputs: Record<string, unknown> }
  | { readonly ok: false; readonly errors: string[] };

/**
 * `value` read as its input's default is: text (every CLI `--input` is text) that spells a decimal
 * number or true/false, for an input whose default is a number or a flag (a number past what a double holds
 * exactly is the nearest one, as the default would be written). `--input n=7` reached a math
 * tool as "7", which its schema refused. Text that is no number for a number input, or neither true nor
 * false for a flag, is an error (`ok: false`): it reached the first tool that used it, whose error named
 * neither the input nor where it came from (found by a new-user walkthrough).
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function asDeclared(value: unknown, fallback: unknown): { ok: true; value: unknown } | { ok: false } {
  // A list or a map (the action's `inputs` may hold one) for an input whose default is text, a number or a flag.
  if (value !== null && typeof value === 'object') return ['string', 'number', 'boolean'].includes(typeof fallback) ? { ok: false } : { ok: true, value };
  // A number or a flag for a text input is its text (`version: 2` in the action's inputs), as the CLI gives it.
  if (typeof fallback === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return { ok: true, value: String(value) };
  // A flag for a number input, or a number for a flag input: refused as the text for either is. So is null
  // (a used plan's `with:` from a result) for an input with a default that is not, and a value that is no list
  // for one whose default is a list (found by a review).
  if ((typeof value === 'boolean' && typeof fallback === 'number') || (typeof value === 'number' && typeof fallback === 'boolean')) return { ok: false };
  if (value === null && fallback !== undefined && fallback !== null) return { ok: false };
  if (Array.isArray(fallback) && !Array.isArray(value)) return { ok: false };
  if (typeof value !== 'string') return { ok: true, value };
  const text = value.trim();
  if (typeof fallback === 'number') {
    // A decimal number as people write one (`7`, `-0.25`, `1.50`, `1e3`); not hex, `Infinity` or blanks, which
    // `Number` also reads: those stayed text and failed at the first tool (found by a review).
    const number = DECIMAL.test(text) ? Number(text) : Number.NaN;
    return Number.isFinite(number) ? { ok: true, value: number } : { ok: false };
  }
  // In any case, as the action's own flags are read (`True`, `FALSE`).
  if (typeof fallback === 'boolean') return /^(?:true|false)$/i.test(text) ? { ok: true, value: text.toLowerCase() === 'true' } : { ok: false };
  return { ok: true, value };
}

/**
 * The run's input values: what the caller gave (read as the default's kind: `asDeclared`), else the declared default. An input the plan does
 * not declare, or a required one with neither value nor default, is an error naming it.
 */
export function resolveInputs(plan: Pick<Plan, 'inputs'>, given: Readonly<Record<string, unknown>>): InputsResult {
  const declared = plan.inputs ?? {};
  const errors: string[] = [];
  // Own keys only, in a map with no prototype: `toString`, `constructor` and `__proto__` are names like any other.
  const inputs: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(declared, name)) {
      const known = Object.keys(declared);
      errors.push(
        `input '${name}' is not declared in the plan's inputs: ${known.length ? `declared: ${known.join(', ')}` : 'the plan declares none'}`,
      );
    }
  }
  for (const [name, spec] of Object.entries(declared)) {
    if (Object.hasOwn(given, name)) {
      const read = asDeclared(given[name], spec.default);
      if (read.ok) inputs[name] = read.value;
      else {
        const kind = typeof spec.default === 'number' ? 'a number' : typeof spec.default === 'boolean' ? 'true or false' : Array.isArray(spec.default) ? 'a list' : spec.default !== null && typeof spec.default === 'object' ? 'a map' : 'text';
        const got = given[name] !== null && typeof given[name] === 'object' ? (Array.isArray(given[name]) ? 'a list' : 'a map') : JSON.stringify(given[name]);
        errors.push(`input '${name}' is ${kind} (its default is ${JSON.stringify(spec.default)}); got ${got}: give ${kind}`);
      }
    }
    else if (spec.default !== undefined) inputs[name] = spec.default;
    else if (spec.required !== false) errors.push(`input '${name}' is required: pass --input ${name}=… (CLI) or the action's 'inputs'`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, inputs };
}
