import type { z } from 'zod';
import { formatPath } from '../core/format-path.ts';
import type { PathSegment } from '../plan/plan-issue.ts';
import { compileJsonSchema } from '../plan/compile-json-schema.ts';
import { boundedSafeParse } from '../plan/bounded-check.ts';
import { chargeHeldLoop } from '../core/held-loop.ts';
import type { Tool } from '../tools/tool.ts';
import { argumentsProblemText, cutProblem } from './arguments-problem-text.ts';
import { UnusableToolSchemaError } from './unusable-tool-schema-error.ts';

const validators = new WeakMap<Tool, z.ZodType>();

function validatorOf(tool: Tool): z.ZodType {
  let validator = validators.get(tool);
  if (!validator) {
    const compiled = compileJsonSchema(tool.inputSchema);
    if (!compiled.ok) throw new UnusableToolSchemaError({ toolName: tool.name, cause: new Error(compiled.message) });
    validator = compiled.schema;
    validators.set(tool, validator);
  }
  return validator;
}

/** Checks arguments against the tool's input schema (the validator is built once per tool). */
export function validateToolArguments(
  tool: Tool,
  args: unknown,
): { readonly ok: true; readonly args: Record<string, unknown> } | { readonly ok: false; readonly error: string } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    // Cut as every problem is: a 60,000-character string was quoted whole into the step's error, the log and the
    // trace (found by an adversarial pass).
    return { ok: false, error: cutProblem(`the arguments must be a JSON object, not ${JSON.stringify(args)}`) };
  }
  const proto = protoKeyPath(args);
  if (proto !== undefined) return { ok: false, error: `${proto}: an argument key may not be \`__proto__\`; name the key otherwise` };
  const validator = validatorOf(tool);
  // With the input in each issue: the messages show what was given ("got `x`").
  // Charged to the event loop's turn: a run starting several steps at once waits for a turn between such checks.
  const started = performance.now();
  const parsed = boundedSafeParse(validator, args, { reportInput: true });
  chargeHeldLoop(performance.now() - started);
  if ('unchecked' in parsed) return { ok: false, error: cutProblem(`these arguments were not checked: ${parsed.unchecked}`) };
  if (!parsed.success) return { ok: false, error: `${argumentsProblemText(parsed.error, validator)}${missingNotes(tool, args)}` };
  // The original, not zod's output: validation must not change what the tool receives.
  return { ok: true, args: args as Record<string, unknown> };
}

/** What the schema says of each required argument left out: zod's "received undefined" does not say what it is for. */
function missingNotes(tool: Tool, args: object): string {
  const schema = tool.inputSchema as { required?: unknown; properties?: Record<string, { description?: unknown } | undefined> };
  if (!Array.isArray(schema.required)) return '';
  const notes = schema.required
    .filter((name): name is string => typeof name === 'string' && !Object.hasOwn(args, name))
    .map((name) => {
      const description = schema.properties?.[name]?.description;
      return typeof description === 'string' ? `\n${name} is required: ${description}` : '';
    });
  return notes.join('');
}

/**
 * Where `value` has an own key `__proto__`, if it has one. JSON.parse makes it an ordinary key, zod's checks skip it
 * (`{"__proto__": {"x": 1}}` passed `additionalProperties: {type: string}` and `required: [__proto__]`), and a tool
 * written in JavaScript may take it for the prototype (found by a review).
 */
function protoKeyPath(value: unknown): string | undefined {
  // Each entry links to its parent: the path is built only for the key found (a copy at each level made a value
  // 20,000 levels deep take 8.6 s; found by a review).
  type Place = { readonly value: unknown; readonly parent?: Place; readonly key?: PathSegment };
  const stack: Place[] = [{ value }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    const current = place.value;
    if (current === null || typeof current !== 'object') continue;
    if (!Array.isArray(current) && Object.hasOwn(current, '__proto__')) {
      const path: PathSegment[] = [];
      for (let at: Place | undefined = place; at?.parent !== undefined; at = at.parent) path.push(at.key!);
      return formatPath([...path.reverse(), '__proto__']);
    }
    for (const [key, child] of Object.entries(current)) stack.push({ value: child, parent: place, key: Array.isArray(current) ? Number(key) : key });
  }
  return undefined;
}
