import { RegexSyntaxError } from '../core/regex-syntax-error.ts';
import { GOAL_OPTION_FIELDS } from './goal-option-fields.ts';
import { parseGoalRegex } from './goal-regex.ts';
import { jsonSchemaProblems } from './json-schema-problems.ts';
import { unknownStepHints } from './check-step-graph.ts';
import { parseTemplateBody, TEMPLATE_PATTERN } from './reference-syntax.ts';
import type { PlanIssue } from './plan-issue.ts';
import { GOAL_KINDS, type Goal } from './schema.ts';
import { pushAll } from '../core/push-all.ts';
import { shownName } from '../core/shown-name.ts';
import { isMap } from '../core/json-schema.ts';
import { unguardedRefCycle } from './unguarded-ref-cycle.ts';
import { withResolvedRefs } from './zod-ref.ts';
import { cutText } from '../core/cut-text.ts';

function regexProblem(pattern: string, flags: string | undefined): string | undefined {
  try {
    parseGoalRegex(pattern, flags);
    return undefined;
  } catch (error) {
    return error instanceof RegexSyntaxError ? error.reason : error instanceof Error ? error.message : String(error);
  }
}

/**
 * Texts of different shapes: a pattern that matches all of them matches anything (`x|`, `(a)?$`),
 * while one that can fail fails on one of them: `^\s*$` on `x`, an ASCII-only or no-HTML pattern on
 * the mixed line, a length cap on its 400 characters. A sentence is never blank, so
 * `every_sentence_matches` is tried on the others (`\S` matches every sentence).
 */
const MIXED = `Ab 1.\n<é€😀> "q" [2]\t${'z'.repeat(400)}`;
const SENTENCE_PROBES = ['x', 'X y.', '0', '.', MIXED];
const TEXT_PROBES = ['', ' ', '\n', ...SENTENCE_PROBES];

function matchesAnything(pattern: string, flags: string | undefined, probes: readonly string[]): boolean {
  const regex = parseGoalRegex(pattern, flags);
  return probes.every((probe) => regex.test(probe));
}

/**
 * Why a goal's json_schema cannot be checked for its `$ref`s, or undefined: one that leads nowhere, or back to its own
 * subschema without reading into the value (found by an adversarial pass: `validate` said ok, and the run's goal could
 * not be evaluated, "can't resolve reference" or "Maximum call stack size exceeded"). Ajv follows `$dynamicRef` itself.
 */
function refProblem(schema: unknown): string | undefined {
  if (!isMap(schema)) return undefined;
  try {
    const resolved = withResolvedRefs(schema, { dynamicRefs: 'left' });
    const cycle = unguardedRefCycle(resolved.schema);
    if (cycle === undefined) return undefined;
    return `\`$ref: '${resolved.spelling(cycle)}'\` leads back to itself through references and combinations (allOf, anyOf, oneOf, not, if) alone, never reading into the value, so no value can be checked against it`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Why a goal's json_schema cannot be checked for a `$dynamicRef` that names no `$dynamicAnchor` in it, or undefined: Ajv
 * then recursed until the stack ran out, and the goal could not be evaluated after every step had run (found by a hunt
 * for bad inputs).
 */
function dynamicRefProblem(schema: unknown): string | undefined {
  const anchors = new Set<string>();
  const refs: string[] = [];
  const stack = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) pushAll(stack, value);
    else if (isMap(value)) {
      if (typeof value.$dynamicAnchor === 'string') anchors.add(value.$dynamicAnchor);
      if (typeof value.$dynamicRef === 'string') refs.push(value.$dynamicRef);
      pushAll(stack, Object.values(value));
    }
  }
  const lost = refs.find((ref) => !(ref.startsWith('#') && anchors.has(ref.slice(1))));
  return lost === undefined ? undefined : `\`$dynamicRef: '${lost}'\` names no \`$dynamicAnchor\` in this schema; give one (\`$dynamicAnchor: ${lost.replace(/^#/, '') || 'name'}\`), or use \`$ref\``;
}

/** The goal kinds whose text is compared with the result (or put to a judge) as written. */
const TEXT_KINDS = ['contains', 'not_contains', 'matches', 'equals', 'every_sentence_matches', 'judge'] as const;

/** The first `${…}` in a goal's text that reads as a reference (a step's result, an input, an item, a runner variable), written right or wrong. */
function referenceIn(text: string): string | undefined {
  for (const [written, body] of text.matchAll(TEMPLATE_PATTERN)) if (parseTemplateBody(body!).kind !== 'literal') return written;
  return undefined;
}

/** Each goal names exactly one kind of check, its regexes compile, its schema is valid, `of` names a step. */
export function checkGoals(goals: readonly Goal[], stepKeys: ReadonlySet<string>, hasSteps: boolean): PlanIssue[] {
  const issues: PlanIssue[] = [];
  let stepHint: ((key: string) => string) | undefined;
  // The first goal of each name as shown (goals are told apart by name, in every table that lists them).
  const firstNamed = new Map<string, number>();
  goals.forEach((goal, index) => firstNamed.set(shownName(goal.name), firstNamed.get(shownName(goal.name)) ?? index));
  goals.forEach((goal, index) => {
    const at = ['goals', index];
    const kinds = GOAL_KINDS.filter((kind) => goal[kind] !== undefined);
    if (kinds.length === 0) {
      issues.push({ path: at, message: `goal \`${goal.name}\` checks nothing; add one of: ${GOAL_KINDS.join(', ')}` });
    } else if (kinds.length > 1) {
      issues.push({ path: [...at, kinds[1]!], at: 'key', message: `goal \`${goal.name}\` has ${kinds.length} checks (${kinds.join(', ')}); a goal has one, so split it into ${kinds.length} goals` });
    }
    for (const kind of ['matches', 'every_sentence_matches'] as const) {
      const pattern = goal[kind];
      const problem = pattern === undefined ? undefined : regexProblem(pattern, goal.flags);
      if (problem) issues.push({ path: [...at, kind], message: `bad regular expression: ${problem}` });
      // `x|` or `(\[\d+\])?` finds an empty match in any text: such a goal could never fail.
      else if (pattern !== undefined && matchesAnything(pattern, goal.flags, kind === 'matches' ? TEXT_PROBES : SENTENCE_PROBES)) {
        issues.push({ path: [...at, kind], message: `\`${cutText(pattern, 65)}\` matches any text (an empty match is found everywhere), so the goal could never fail; make its parts required (no \`x|\`, \`(…)?\` or \`x*\` as the whole)` });
      }
    }
    // Nothing fills in a goal's text (found by an adversarial pass): `not_contains: "${inputs.api_key}"` looked for
    // those characters and passed whatever the result held.
    for (const kind of TEXT_KINDS) {
      const reference = goal[kind] === undefined ? undefined : referenceIn(goal[kind]);
      if (reference !== undefined) {
        issues.push({ path: [...at, kind], message: `\`${reference}\` would be taken as those characters: a goal's text is not filled in with a step's result, an input or a variable; write the text itself (\`of:\` picks the step whose result is checked)` });
      }
    }
    const kind = kinds[0];
    for (const { field, kinds: takers, message } of GOAL_OPTION_FIELDS) {
      if (goal[field] !== undefined && kind !== undefined && !takers.includes(kind)) issues.push({ path: [...at, field], at: 'key', message: message(kind) });
    }
    // Goals are told apart by name: in the goals table, eval's comparison and the answers a replay keys by it.
    const first = firstNamed.get(shownName(goal.name))!;
    const unseen = goals[first]!.name === goal.name ? '' : ' as shown (the names differ only in invisible characters, spaces or how an accented letter is encoded)';
    if (first < index) issues.push({ path: [...at, 'name'], message: `goal \`${goal.name}\` is named like goal ${first + 1}${unseen}; give each goal its own name` });
    // Checked by Ajv when the goal is (src/goals/json-schema-validator.ts), which takes all of JSON Schema 2020-12.
    if (goal.json_schema !== undefined) {
      const problems = jsonSchemaProblems(goal.json_schema, [...at, 'json_schema'], true);
      pushAll(issues, problems);
      const refs = problems.length === 0 ? (refProblem(goal.json_schema) ?? dynamicRefProblem(goal.json_schema)) : undefined;
      if (refs !== undefined) issues.push({ path: [...at, 'json_schema'], message: refs });
    }
    if (goal.of !== undefined) {
      const key = String(goal.of);
      if (!hasSteps) {
        issues.push({ path: [...at, 'of'], message: `\`of\` names step ${key}, but the plan has no workflow_sequence (a model will write the steps); leave \`of\` out to check the final result` });
      } else if (!stepKeys.has(key)) {
        issues.push({ path: [...at, 'of'], message: `\`of\` names step ${key}, which does not exist${(stepHint ??= unknownStepHints(stepKeys))(key)}` });
      }
    }
  });
  return issues;
}
