import { exceedsDepth } from '../core/exceeds-depth.ts';
import { groupDigits } from '../core/group-digits.ts';
import { MAX_JSON_DEPTH } from '../core/parse-json.ts';
import type { Plan } from './schema.ts';

type PlanInput = NonNullable<Plan['inputs']>[string];

export type InputsResult =
  | { readonly ok: true; readonly inputs: Record<string, unknown> }
  | { readonly ok: false; readonly errors: string[] };

/**
 * `value` read as its input's default is: text (a CLI `--input` that is no JSON number or flag) that spells a decimal
 * number or true/false, for an input whose default is a number or a flag (a whole number past 2^53, which a double
 * does not hold exactly, is refused, as the plan file refuses such a default). `--input n=7` reached a math
 * tool as "7", which its schema refused. Text that is no number for a number input, or neither true nor
 * false for a flag, is an error (`ok: false`): it reached the first tool that used it, whose error named
 * neither the input nor where it came from (found by a new-user walkthrough). The action's `inputs` give
 * numbers, flags, lists and maps too: a value of another kind than the default's is refused the same way,
 * null included (a used plan's `with:` from a result), but a number or a flag for a text input is its text,
 * the CLI's `--input week=48` too (found by reviews).
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

type Kind = 'text' | 'a number' | 'true or false' | 'a list' | 'a map';

/** The kind of input a default declares, or undefined for none (no default, or null): any value is taken. */
function kindOf(fallback: unknown): Kind | undefined {
  if (fallback === undefined || fallback === null) return undefined;
  if (Array.isArray(fallback)) return 'a list';
  return typeof fallback === 'number' ? 'a number' : typeof fallback === 'boolean' ? 'true or false' : typeof fallback === 'object' ? 'a map' : 'text';
}

function asDeclared(value: unknown, kind: Kind | undefined): { ok: true; value: unknown } | { ok: false } {
  const ok = (read: unknown) => ({ ok: true as const, value: read });
  const refused = { ok: false as const };
  if (kind === undefined) return ok(value);
  if (value === null) return refused;
  if (kind === 'a list') return Array.isArray(value) ? ok(value) : refused;
  // Anything for a map input, as before lists and maps could be given.
  if (kind === 'a map') return ok(value);
  if (typeof value === 'object') return refused;
  if (kind === 'text') return ok(typeof value === 'string' ? value : String(value));
  const text = String(value).trim();
  if (kind === 'a number') {
    if (typeof value === 'number') return ok(value);
    // A decimal number as people write one (`7`, `-0.25`, `1.50`, `1e3`); not hex, `Infinity` or blanks, which
    // `Number` also reads: those stayed text and failed at the first tool (found by a review).
    const number = typeof value === 'string' && DECIMAL.test(text) ? Number(text) : Number.NaN;
    // A whole number past 2^53 is read as another (`12345678901234567890` as …168), as a plan file no longer writes one.
    if (/^[-+]?\d+$/.test(text) && !Number.isSafeInteger(number)) return refused;
    return Number.isFinite(number) ? ok(number) : refused;
  }
  if (typeof value === 'boolean') return ok(value);
  // In any case, as the action's own flags are read (`True`, `FALSE`).
  return typeof value === 'string' && /^(?:true|false)$/i.test(text) ? ok(text.toLowerCase() === 'true') : refused;
}

/** A character besides blanks that no text read as a number, or as true or false, holds (`asDeclared`). */
const NEVER_IN: Partial<Record<Kind, RegExp>> = { 'a number': /[^\s\d.eE+-]/, 'true or false': /[^\struefalsTRUEFALS]/ };

/**
 * Why input `name` refuses every value a reference can make, or undefined when some value may do: `made` is of the
 * kind the file tells (`standIn`), a stand-in `value` of it, and for text the characters it holds whatever the
 * references bring (`literal`): text is read as a number or a flag when it spells one, so only those it never can.
 */
export function refusesEveryValue(name: string, spec: PlanInput, made: { readonly value: unknown; readonly literal?: string }): string | undefined {
  const kind = kindOf(spec.default);
  if (kind === undefined) return undefined;
  // Every value of another kind than text is read alike: one stands for all.
  const refused = made.literal === undefined ? !asDeclared(made.value, kind).ok : kind === 'a list' || NEVER_IN[kind]?.test(made.literal) === true;
  return refused ? `input '${name}' is ${kind} (its default is ${JSON.stringify(spec.default)})` : undefined;
}

/** The longest text a refused value is quoted with; a longer one is told by its length. */
const MAX_QUOTED = 64;

/**
 * A refused value in words: quoted whole while short, else its length. Quoted whole, `--input n=<100,000
 * characters>` made a 100 KB error line in the log, the summary and the report; cut, a long secret's start would
 * show, which the redactor (knowing the whole) does not hide (found by an adversarial pass).
 */
function gotText(value: unknown): string {
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? 'a list' : 'a map';
  if (typeof value === 'string' && value.length > MAX_QUOTED) return `text of ${groupDigits(value.length)} characters`;
  return JSON.stringify(value);
}

/** `value` given for input `name`, read as its default's kind (`asDeclared`), or the error saying what to give. */
export function readInput(name: string, spec: PlanInput, value: unknown): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string } {
  // Bounded as a tool's result and a model's arguments are: a list 300 deep went into the trace with the step's
  // arguments, and a resume refused that trace as damaged (found by an adversarial pass).
  if (exceedsDepth(value, MAX_JSON_DEPTH)) return { ok: false, error: `input '${name}' nests lists and maps more than ${MAX_JSON_DEPTH} levels deep, which no data needs: give a flatter value` };
  const kind = kindOf(spec.default);
  const read = asDeclared(value, kind);
  if (read.ok) return read;
  const got = gotText(value);
  // `1e309` spells a number, only one past what a double holds: "give a number" told its giver nothing.
  const tooLarge = kind === 'a number' && typeof value === 'string' && DECIMAL.test(value.trim());
  const inexact = tooLarge && /^[-+]?\d+$/.test(value.trim());
  const what = inexact ? `a whole number no larger than ${Number.MAX_SAFE_INTEGER} either way, which a plan holds exactly (or an input whose default is text, for an id)` : tooLarge ? `a number no larger than ${Number.MAX_VALUE} either way` : kind;
  return { ok: false, error: `input '${name}' is ${kind} (its default is ${JSON.stringify(spec.default)}); got ${got}${tooLarge ? ', too large to read' : ''}: give ${what}` };
}

/**
 * The run's input values: what the caller gave (read as the default's kind: `asDeclared`), else the declared default. An input the plan does
 * not declare, or a required one with neither value nor default, is an error naming it. `empty` names the inputs given empty (the action's
 * `wek:`, a `${{ }}` that came out empty), taken as not given: one the plan does not declare is refused as one given a value is (it was
 * warned about as the plan's, its default used, and the run went on: found by an adversarial pass).
 */
export function resolveInputs(plan: Pick<Plan, 'inputs'>, given: Readonly<Record<string, unknown>>, empty: readonly string[] = []): InputsResult {
  const declared = plan.inputs ?? {};
  const errors: string[] = [];
  const givenEmpty = new Set(empty.filter((name) => !Object.hasOwn(given, name)));
  // Own keys only, in a map with no prototype: `toString`, `constructor` and `__proto__` are names like any other.
  const inputs: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of [...Object.keys(given), ...givenEmpty]) {
    if (!Object.hasOwn(declared, name)) {
      const known = Object.keys(declared);
      errors.push(
        `input '${name}' is not declared in the plan's inputs: ${known.length ? `declared: ${known.join(', ')}` : 'the plan declares none'}`,
      );
    }
  }
  for (const [name, spec] of Object.entries(declared)) {
    if (Object.hasOwn(given, name)) {
      const read = readInput(name, spec, given[name]);
      if (read.ok) inputs[name] = read.value;
      else errors.push(read.error);
    }
    else if (spec.default !== undefined) inputs[name] = spec.default;
    else if (spec.required !== false && givenEmpty.has(name)) {
      errors.push(`input '${name}' is required and was given empty, and the plan has no default for it: give it a value (the action's 'inputs', the CLI's --input ${name}=…); a value from an expression or a shell variable that came out empty is one nothing set`);
    } else if (spec.required !== false) errors.push(`input '${name}' is required: pass --input ${name}=… (CLI) or the action's 'inputs'`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, inputs };
}
