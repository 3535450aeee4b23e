import type { Plan } from './schema.ts';

export type InputsResult =
  | { readonly ok: true; readonly inputs: Record<string, unknown> }
  | { readonly ok: false; readonly errors: string[] };

/**
 * The run's input values: what the caller gave, else the declared default. An input the plan does
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
    if (Object.hasOwn(given, name)) inputs[name] = given[name];
    else if (spec.default !== undefined) inputs[name] = spec.default;
    else if (spec.required !== false) errors.push(`input '${name}' is required: pass --input ${name}=… (CLI) or the action's 'inputs'`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, inputs };
}
