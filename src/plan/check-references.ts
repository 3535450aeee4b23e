import { AncestorCheck, type AncestorQuestion } from './ancestor-check.ts';
import { findReferences } from './find-references.ts';
import { unknownStepHints } from './check-step-graph.ts';
import { NameSuggester } from './nearest-name.ts';
import { stepPath } from './plan-check-context.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { FoundReference } from './reference.ts';
import { formatReferencePath } from './reference-path.ts';

export interface ReferenceCheck {
  readonly references: Map<number, FoundReference[]>;
  readonly issues: PlanIssue[];
}

// Inputs are never lists (see the input check below): not offered as a form to write.
const FOR_EACH_FORMS = '${steps.<id>.result} or ${steps.<id>.result.field}';

/** A reference with the path of the field it sits in, so every issue points at its line. */
interface PlacedReference {
  readonly found: FoundReference;
  readonly base: readonly PathSegment[];
}

/** `for_each:` must be exactly one reference to an upstream step's result (inputs are never lists). */
function checkForEach(step: PlanStep, index: number, steps: readonly PlanStep[], stepIndex: ReadonlyMap<string, number>, issues: PlanIssue[]): PlacedReference[] {
  const list = step.forEach!.list;
  const base = [...stepPath(index), 'for_each'];
  const scan = findReferences(list);
  for (const problem of scan.problems) issues.push({ path: base, message: problem.message });
  const [found] = scan.references;
  if (scan.problems.length > 0) return [];
  if (!found || !found.whole) {
    issues.push({ path: base, message: `for_each takes one reference to a list, such as ${FOR_EACH_FORMS}; got ${JSON.stringify(list)}` });
    return [];
  }
  const reference = found.reference;
  if (reference.kind === 'input') {
    issues.push({ path: base, message: `${found.text}: inputs are text, numbers or true/false, never a list; make the list with a step (a command tool that prints JSON) and write for_each: \${steps.<id>.result}` });
    return [];
  }
  if (reference.kind !== 'step') return [];
  const source = stepIndex.has(reference.step) ? steps[stepIndex.get(reference.step)!] : undefined;
  // An agent's answer is text too: mapping over one validated, and failed after the agent's turns were paid for (found by a hunt).
  const answer = source && ownTextAnswer(source);
  if (answer && reference.path.length === 0 && !answer.list) issues.push({ path: base, message: `${found.text}: ${notAList(answer)}` });
  return [{ found, base }];
}

/** True for the step types a model answers with text: their result is that text, never parsed. */
export function answersWithText(type: PlanStep['type']): boolean {
  return type === 'reasoning' || type === 'aggregate' || type === 'agent';
}

/** `a reasoning step`, `an agent step`. */
function aStep(type: PlanStep['type']): string {
  return `${type === 'agent' || type === 'aggregate' ? 'an' : 'a'} ${type} step`;
}

/** A step whose result is a model's text, or a list of texts (one per item), and how a message says so. */
export interface TextAnswer {
  readonly key: string;
  readonly list: boolean;
  /** `step think is a reasoning step, whose result is text`. */
  readonly says: string;
}

/** What `step` answers when a model writes its result (reasoning, aggregate, agent); undefined for other steps. */
export function ownTextAnswer(step: PlanStep): TextAnswer | undefined {
  if (!answersWithText(step.type)) return undefined;
  const says = step.forEach ? `is a for_each ${step.type} step, whose result is a list of texts` : `is ${aStep(step.type)}, whose result is text`;
  return { key: step.key, list: step.forEach !== undefined, says: `step ${step.key} ${says}` };
}

/** Why a `for_each:` cannot map over `answer`'s whole result. */
export function notAList(answer: TextAnswer): string {
  return `${answer.says}, not a list; map over a tool's result or a for_each step's list`;
}

/**
 * Why `path` can never be found in the result of a step answered with text (reasoning, aggregate, agent, or a plan
 * step whose used plan ends in one): the text has no fields, and a list of texts none past an item. Undefined
 * otherwise. Such a reference validated and failed only when its step ran, after the steps before it were paid for.
 */
export function textResultPathProblem(answer: TextAnswer, path: readonly PathSegment[]): string | undefined {
  const first = path[0];
  const indexed = answer.list && (typeof first === 'number' || /^\d+$/.test(String(first)));
  const reached = answer.list && indexed ? 2 : 1;
  if (path.length < reached) return undefined;
  return `${answer.says}, which has no \`${formatReferencePath(path.slice(0, reached))}\`; use \${steps.${answer.key}.result${answer.list ? '[0]' : ''}}, or have a tool step make the value`;
}

/**
 * References in args, agent tasks and `for_each:`: well formed, naming steps that exist and are
 * ancestors (so they have run), inputs the plan declares, and `${item…}` only inside a `for_each`
 * step. `checkAncestors` is off when the graph has a cycle.
 */
export function checkReferences(
  steps: readonly PlanStep[],
  stepIndex: ReadonlyMap<string, number>,
  declaredInputs: readonly string[],
  checkAncestors: boolean,
): ReferenceCheck {
  const references = new Map<number, FoundReference[]>();
  const issues: PlanIssue[] = [];
  // Asked for every step first and answered together (AncestorCheck); each issue goes back where the step put it.
  const questions: Array<AncestorQuestion & { readonly path: PathSegment[]; readonly text: string; readonly before: number }> = [];
  const declared = new Set(declaredInputs);
  const suggester = new NameSuggester(declaredInputs);
  const stepHint = unknownStepHints(stepIndex);
  steps.forEach((step, index) => {
    const itemName = step.forEach?.as;
    const placed: PlacedReference[] = step.forEach ? checkForEach(step, index, steps, stepIndex, issues) : [];
    // Descriptions and titles are instructions, not args: nothing is filled into them, and the model reads a reference there
    // beside the inputs and its ancestors' results, which its prompt holds. So a misplaced item reference is an error, and a
    // reference to an input the plan does not declare or to a step this one does not depend on, whose result its prompt
    // never holds (found by a hunt for bad inputs: `${inputs.y}` with no input y, `${steps.9.result}` with no step 9, passed).
    // An agent's description is its task, whose references are filled in and checked with the args' below. A task taken
    // as written holds none, nor does its title, made from it (agentPlan): an issue quoting `${result.total}` refused the run.
    for (const field of step.task === undefined ? (['description', 'title'] as const) : step.taskAsWritten ? [] : (['title'] as const)) {
      const text = step[field];
      if (text === undefined) continue;
      const scan = findReferences(text, itemName);
      for (const problem of scan.problems) if (problem.aboutItem) issues.push({ path: [...stepPath(index), field], message: problem.message });
      for (const found of scan.references) {
        if (found.reference.kind !== 'item') placed.push({ found, base: [...stepPath(index), field] });
        // A title is the step's one line, for all its items: `Review ${pkg.name}` showed as written in every view, as the
        // README's own example taught it (found by a hunt of the README).
        else if (field === 'title') issues.push({ path: [...stepPath(index), field, ...found.at], message: `\`${found.text}\` in a for_each step's title stays as written: the title is the step's one line, for all its items (each item is shown by its key); write it without the item, such as \`Review packages\`` });
      }
    }
    if (step.forEach?.key !== undefined) {
      const keyPath = [...stepPath(index), 'key'];
      const scan = findReferences(step.forEach.key, itemName);
      for (const problem of scan.problems) issues.push({ path: keyPath, message: problem.message });
      // Only the item is filled into a key (expand-for-each): another reference stayed as written in every child's key.
      for (const found of scan.references) {
        if (found.reference.kind !== 'item') issues.push({ path: keyPath, message: `\`${found.text}\` in a key stays as written: a key reads only the item (\${${itemName}…}); remove it, or make the item carry it` });
      }
      if (scan.problems.length === 0 && !scan.references.some((found) => found.reference.kind === 'item')) {
        issues.push({ path: keyPath, message: `key must use the item, such as \${${itemName}.name}, or every child would get the same key` });
      }
    }
    const fields: [string, unknown][] = [];
    if (step.args !== undefined) fields.push(['args', step.args]);
    if (step.task !== undefined && !step.taskAsWritten) fields.push(['task', step.task]);
    if (step.with !== undefined) fields.push(['with', step.with]);
    for (const [field, value] of fields) {
      const fieldPath = [...stepPath(index), field];
      const scan = findReferences(value, itemName);
      if (field === 'args') references.set(index, scan.references);
      for (const problem of scan.problems) issues.push({ path: [...fieldPath, ...problem.at], message: problem.message, ...(problem.onKey && { at: 'key' as const }) });
      for (const found of scan.references) placed.push({ found, base: fieldPath });
    }
    const ancestorsNeeded = new Map<string, PlacedReference>();
    for (const { found, base } of placed) {
      const path = [...base, ...found.at];
      const reference = found.reference;
      if (reference.kind === 'input') {
        if (!declared.has(reference.name)) {
          const near = suggester.nearest(reference.name);
          const hint = near ? ` — did you mean \`${near}\`?` : '; declare it under `inputs:`';
          issues.push({ path, message: `${found.text} uses input \`${reference.name}\`, which the plan does not declare${hint}` });
        }
      } else if (reference.kind === 'item') {
        // The item is there by construction in a for_each step; its fields are known only at run time.
      } else if (reference.step === step.key) {
        issues.push({ path, message: `${found.text}: step ${step.key} cannot use its own result` });
      } else if (!stepIndex.has(reference.step)) {
        issues.push({ path, message: `${found.text} refers to step ${reference.step}, which does not exist${stepHint(reference.step)}` });
      } else {
        const answer = ownTextAnswer(steps[stepIndex.get(reference.step)!]!);
        const problem = answer && textResultPathProblem(answer, reference.path);
        if (problem) issues.push({ path, message: `${found.text}: ${problem}` });
        if (!ancestorsNeeded.has(reference.step)) ancestorsNeeded.set(reference.step, { found, base });
      }
    }
    if (!checkAncestors || ancestorsNeeded.size === 0) return;
    for (const [key, { found, base }] of ancestorsNeeded) {
      questions.push({ stepIndex: index, target: key, before: issues.length, path: [...base, ...found.at], text: found.text });
    }
  });
  if (questions.length === 0) return { references, issues };
  const check = new AncestorCheck(steps, stepIndex);
  const answers = check.answer(questions);
  // A step that runs after the one using it: "add it to depends_on" would make a cycle.
  const unmet = questions.filter((_, question) => !answers[question]);
  const after = check.answer(unmet.map(({ stepIndex: index, target }) => ({ stepIndex: stepIndex.get(target)!, target: steps[index]!.key })));
  const ordered: PlanIssue[] = [];
  let next = 0;
  unmet.forEach(({ before, path, text, stepIndex: index, target }, question) => {
    while (next < before) ordered.push(issues[next++]!);
    const key = steps[index]!.key;
    const message = after[question]
      ? `${text}: step ${key} uses the result of step ${target}, which runs after it (step ${target} depends on step ${key}, directly or through other steps), so step ${key} cannot have it; move the work that needs it into a step after step ${target}`
      : `${text}: step ${key} uses the result of step ${target}, which it does not depend on (directly or through other steps), so step ${target} may not have run yet; add ${target} to depends_on`;
    ordered.push({ path, message });
  });
  while (next < issues.length) ordered.push(issues[next++]!);
  return { references, issues: ordered };
}
