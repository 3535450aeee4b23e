import { z } from 'zod';
import { MAX_PLAN_DEPTH } from './run-event.ts';
import { fieldSchema, traceEventSchemas } from './trace-event-schema.ts';
import { cutText } from './cut-text.ts';

/**
 * What is wrong with a trace event (an object with a string `type`) in words, as the end of a sentence
 * naming its line: `a step_completed event whose usage.promptTokens is not a number`; undefined when
 * it has every field plan-runner writes, of the right type. The events of a used plan's run
 * (`nested_event`, at any depth) are checked alike; an event of a type this plan-runner does not
 * write passes, as every reader of a trace skips it.
 */
export function traceEventProblem(event: { readonly type: string }): string | undefined {
  const schemas = traceEventSchemas();
  const steps: string[] = [];
  let inner: { readonly type: string } = event;
  for (;;) {
    if (!Object.hasOwn(schemas, inner.type)) return undefined;
    const schema = schemas[inner.type as keyof typeof schemas];
    const checked = schema.safeParse(inner);
    const where = steps.length === 0 ? '' : ` (in the run of the plan step ${steps.join('/')})`;
    if (!checked.success) {
      const { issues } = checked.error;
      const more = issues.length > 1 ? ` (and ${issues.length - 1} more field${issues.length > 2 ? 's' : ''} wrong)` : '';
      return `${/^[aeiou]/.test(inner.type) ? 'an' : 'a'} ${inner.type} event${where} ${issueText(issues[0]!, inner, schema)}${more}`;
    }
    if (inner.type !== 'nested_event') return undefined;
    const nested = inner as unknown as { readonly stepKey: string; readonly event: { readonly type: string } };
    // A run nests no deeper than plans may use plans. Deeper, a trace of 80 levels (577 KB) took 7.4 s to
    // resume from and one of 120 over a minute: each level's reuse looks at the levels below (found by an
    // adversarial pass).
    if (steps.length === MAX_PLAN_DEPTH - 1) return `a nested_event event${where} whose event nests more than ${MAX_PLAN_DEPTH - 1} runs deep, deeper than plans may use plans (${MAX_PLAN_DEPTH} files in all)`;
    steps.push(shownKey(nested.stepKey));
    inner = nested.event;
  }
}

/** `whose usage.costUsd is not a number`, `without its plan`: one issue of `value` (checked by `schema`), in words. */
function issueText(issue: z.core.$ZodIssue, value: unknown, schema: z.ZodType): string {
  const where = pathText(issue.path);
  if (issue.code === 'invalid_type' && isMissing(value, issue.path)) return `without its ${where}`;
  return `whose ${where} ${wrongText(issue, schemaAt(schema, issue.path))}`;
}

/** What is wrong with a value that is there; `expected` is the schema it failed, when known. */
function wrongText(issue: z.core.$ZodIssue, expected: z.ZodType | undefined): string {
  switch (issue.code) {
    case 'invalid_type': {
      // An object of known fields is named by them: `is not { key, reuseKey }`.
      const fields = expected instanceof z.ZodObject ? Object.keys(expected.shape) : [];
      if (fields.length > 0) return `is not { ${fields.join(', ')} }`;
      return `is not ${EXPECTED[issue.expected] ?? `of type ${issue.expected}`}`;
    }
    case 'too_small':
      return issue.minimum === 0 ? 'is negative' : `is less than ${String(issue.minimum)}`;
    case 'invalid_value':
      return `is not one of ${issue.values.map((option) => String(option)).join(', ')}`;
    case 'invalid_union':
      // The only unions are a step's id and a retry's intervals.
      return 'is neither a string nor a number';
    default:
      return 'is not what plan-runner writes there';
  }
}

/** The part of `schema` that checks the value at `path`; undefined past what it describes. */
function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let at: z.ZodType | undefined = schema;
  for (const part of path) {
    if (at instanceof z.ZodArray) at = at.element as z.ZodType;
    else if (at instanceof z.ZodRecord) at = at.valueType as z.ZodType;
    else at = at && fieldSchema(at, part);
  }
  return at;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/** A step key as written in a message: quoted when it is not a plain name, and cut when long. */
function shownKey(key: string): string {
  return /^[\w.[\]-]{1,80}$/.test(key) ? key : quoted(key);
}

/** A string from the trace, quoted and cut to 80 characters. */
function quoted(text: string): string {
  return JSON.stringify(cutText(text, 81));
}

/** `plan.steps[0].key`, `carried["a b"]`: the field as a reader of JSON names it. */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${quoted(String(part))}]`;
  }
  return out;
}

/** True when the path names a key its object does not have (zod reports that as a wrong type). */
function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  let parent: unknown = value;
  for (const part of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[part];
  }
  const last = path.at(-1);
  return typeof parent === 'object' && parent !== null && !Array.isArray(parent) && last !== undefined && !Object.hasOwn(parent, last);
}
