import type { z } from 'zod';
import { compileJsonSchema } from './compile-json-schema.ts';
import { boundedSafeParse } from './bounded-check.ts';
import { findReferences, isStepResultObject } from './find-references.ts';
import { jsonSchemaProblems } from './json-schema-problems.ts';
import { stepPath, type PlanCheckContext } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import { standIn, type KindSources, type StandIn } from './reference-kind.ts';
import { schemaIssues, type NameLists } from './schema-issues.ts';
import { pushAll } from '../core/push-all.ts';

/** What a step can do about a tool whose input schema cannot be used to check its arguments. */
const LEAVE_IT_OUT = "leave it out of this step (an MCP server's `tools:` list can leave it out of the run)";

/**
 * True when `value` is or holds a reference, as the run reads one (`findReferences`, by the resolver's parser), or what
 * tries to be one (reported by `checkReferences`). A shell's `${HOME}` is text, filled in by no one: it reached a
 * number argument as written, validate having passed it (found by a hunt of references).
 */
function isReference(value: unknown, itemName: string | undefined): boolean {
  if (typeof value !== 'string' && !isStepResultObject(value)) return false;
  if (typeof value === 'string' && !value.includes('${')) return false;
  const scan = findReferences(value, itemName);
  return scan.references.length > 0 || scan.problems.length > 0;
}

/** True when the value at `path` in `args`, or any value above it, is a reference (known only at run time). */
function insideReference(args: unknown, path: readonly PathSegment[], itemName: string | undefined): boolean {
  let current = args;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return false;
    current = (current as Record<PathSegment, unknown>)[segment];
    if (isReference(current, itemName)) return true;
  }
  return false;
}

/**
 * Declared tools' `input` schemas must be valid JSON Schema of an object; returns the compiled
 * argument schema of every tool a step names whose schema can check them (adapters' tools included), and
 * refuses a step that names an adapter's tool whose schema cannot. The tools a toolset or an MCP server
 * brings and no step names are not compiled: a server may list a thousand.
 */
export function checkInputSchemas(ctx: Pick<PlanCheckContext, 'plan' | 'tools' | 'steps'>): { schemas: Map<string, z.ZodType>; issues: PlanIssue[] } {
  const schemas = new Map<string, z.ZodType>();
  const issues: PlanIssue[] = [];
  // Every tool a step names: its literal args are checked, and one whose schema cannot check arguments fails
  // each call (an agent's at its first).
  const named = new Set(ctx.steps.flatMap((step) => [...(step.type === 'tool_call' && step.tool !== undefined ? [step.tool] : []), ...(step.type === 'agent' ? (step.tools ?? []) : [])]));
  const unusable = new Map<string, string>();
  for (const tool of ctx.tools.values()) {
    const declared = tool.origin === 'plan' && ctx.plan.tools?.[tool.name]?.input !== undefined;
    if (!declared && !named.has(tool.name)) continue;
    const path = ['tools', tool.name, 'input'];
    // A typo in a schema the plan wrote (`requird`, `propertes`) switched argument checking off unnoticed.
    const problems = declared ? jsonSchemaProblems(tool.inputSchema, path, 'keywords') : [];
    if (declared && tool.inputSchema.type !== undefined && tool.inputSchema.type !== 'object') {
      problems.push({ path: [...path, 'type'], message: 'a tool\'s `input` describes its args map: write `type: object` and list the args under `properties`' });
    }
    pushAll(issues, problems);
    if (problems.length > 0) continue;
    const compiled = compileJsonSchema(tool.inputSchema);
    if (compiled.ok) schemas.set(tool.name, compiled.schema);
    else if (declared) issues.push({ path, message: `this input schema cannot be used: ${compiled.message}` });
    else unusable.set(tool.name, compiled.message);
  }
  // An adapter's tool (an MCP server's `if`/`then`, a `$ref` to another document) named by a step: the plan cannot
  // run as written. An agent told so at its first call went on without it, and passed (found by a review).
  ctx.steps.forEach((step, index) => {
    const at = stepPath(index);
    const problem = (name: string) => `tool \`${name}\` has an input schema plan-runner cannot check arguments against (${unusable.get(name)}); ${LEAVE_IT_OUT}`;
    if (step.type === 'tool_call' && step.tool !== undefined && unusable.has(step.tool)) issues.push({ path: [...at, 'tool'], message: problem(step.tool) });
    if (step.type !== 'agent') return;
    step.tools?.forEach((name, position) => {
      if (unusable.has(name)) issues.push({ path: [...at, 'tools', position], message: problem(name) });
    });
  });
  return { schemas, issues };
}

/** What zod's `expected` of a type issue is called in a message. */
const EXPECTED_WORDS: Readonly<Record<string, string>> = { number: 'a number', int: 'a whole number', boolean: 'true or false', string: 'text', object: 'a map', array: 'a list' };
/** The kind (`kindWords`) zod's `expected` of a type issue asks for: a stand-in of that kind failed for its value, not its kind. */
const EXPECTED_KIND: Readonly<Record<string, string>> = { number: 'a number', int: 'a number', boolean: 'true or false', string: 'text', object: 'a map', array: 'a list' };

/** `args` with each reference whose kind the file tells (`standIn`) replaced by a value of that kind, and why it has it, by path. */
function standIns(args: unknown, sources: KindSources, path: PathSegment[] = [], known = new Map<string, StandIn>()): { value: unknown; known: Map<string, StandIn> } {
  if ((typeof args === 'string' && args.includes('${')) || isStepResultObject(args)) {
    const made = standIn(args, sources, 'the tool');
    if (made === undefined) return { value: args, known };
    known.set(JSON.stringify(path), made);
    return { value: made.value, known };
  }
  if (args === null || typeof args !== 'object') return { value: args, known };
  // A copy only where a value inside was stood in for: a plan of 10,000 steps' args is checked as written, not copied.
  let changed = false;
  const entries = Object.entries(args).map(([key, item]) => {
    const value = standIns(item, sources, [...path, Array.isArray(args) ? Number(key) : key], known).value;
    if (value !== item) changed = true;
    return [key, value] as const;
  });
  if (!changed) return { value: args, known };
  return { value: Array.isArray(args) ? entries.map(([, value]) => value) : Object.fromEntries(entries), known };
}

/**
 * Literal args must match the tool's input schema. Values that are references are only known at run time, so
 * problems inside them are not reported here (the executor checks resolved args), but for their kind where the file
 * tells it (`standIns`): `${inputs.x}` of an input whose default is `"3"` is text, and a number arg refused it at
 * every run, validate having passed the plan (found by a hunt of plan errors).
 */
export function checkArgs(ctx: Pick<PlanCheckContext, 'steps' | 'stepIndex' | 'plan'>, schemas: ReadonlyMap<string, z.ZodType>, limitMs?: number): PlanIssue[] {
  const issues: PlanIssue[] = [];
  // One list, and one "did you mean" budget, per tool schema for all steps: 2,000 steps each giving a
  // value not in an 8,000-value enum took a minute and 1.6 GB, each listing and searching them all.
  const lists: NameLists = new WeakMap();
  ctx.steps.forEach((step, index) => {
    const schema = step.tool === undefined ? undefined : schemas.get(step.tool);
    if (step.type !== 'tool_call' || step.args === undefined || !schema) return;
    const itemName = step.forEach?.as;
    const typed = standIns(step.args, { inputs: ctx.plan.inputs, steps: ctx.steps, stepIndex: ctx.stepIndex, itemName });
    const result = boundedSafeParse(schema, typed.value, { reportInput: true }, limitMs);
    if (result.success) return;
    if ('unchecked' in result) {
      issues.push({ path: [...stepPath(index), 'args'], message: `the args were not checked: ${result.unchecked} (input of tool \`${step.tool}\`); give the tool a simpler input schema, or ${LEAVE_IT_OUT}` });
      return;
    }
    for (const issue of result.error.issues) {
      if (issue.code !== 'invalid_type') continue;
      const known = typed.known.get(JSON.stringify(issue.path));
      // Of the kind asked for, it failed for its value (a default of 2.5 for a whole number), which a run may not give.
      if (known === undefined || known.kind === EXPECTED_KIND[issue.expected]) continue;
      const why = `${known.why}; ${known.fix}`;
      const name = issue.path.at(-1);
      const expected = EXPECTED_WORDS[issue.expected] ?? issue.expected;
      issues.push({ path: [...stepPath(index), 'args', ...(issue.path as PathSegment[])], message: `${name === undefined ? 'the args' : `\`${String(name)}\``} must be ${expected}, and ${why} (input of tool \`${step.tool}\`)` });
    }
    const literal = result.error.issues.filter((issue) => !insideReference(step.args, issue.path as PathSegment[], itemName));
    // A tool's argument named `id` or `depends_on` is no step reference: not told the rules of step ids.
    for (const issue of schemaIssues(literal, schema, [...stepPath(index), 'args'], lists, { stepIds: false })) {
      issues.push({ ...issue, message: `${issue.message} (input of tool \`${step.tool}\`)` });
    }
  });
  return issues;
}
