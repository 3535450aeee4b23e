import type { Plan } from './schema.ts';

export type InputsResult =
  | { readonly ok: true; readonly inputs: Record<string, unknown> }
  | { readonly ok: false; readonly errors: string[] };

/**
 * `value` read as its input's default is: text (every CLI `--input` is text) that spells a decimal
 * number or true/false, for an input whose default is a number or a flag. `--input n=7` reached a math
 * tool as "7", which its schema refused.
 */
function asDeclared(value: unknown, fallback: unknown): unknown {
  if (typeof value !== 'string') return value;
  // Only text a finite number writes back as it was: `1.10` (a version), `0x10`, `1e3`, 20 digits stay text.
  if (typeof fallback === 'number') {
    const number = Number(value);
    if (Number.isFinite(number) && String(number) === value.trim()) return number;
  }
  if (typeof fallback === 'boolean' && /^(?:true|false)$/.test(value.trim())) return value.trim() === 'true';
  return value;
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
    if (Object.hasOwn(given, name)) inputs[name] = asDeclared(given[name], spec.default);
    else if (spec.default !== undefined) inputs[name] = spec.default;
    else if (spec.required !== false) errors.push(`input '${name}' is required: pass --input ${name}=… (CLI) or the action's 'inputs'`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, inputs };
}
