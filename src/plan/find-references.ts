import { nearestName } from './nearest-name.ts';
import type { PathSegment } from './plan-issue.ts';
import { StepId } from './schema.ts';
import { parseReferencePath } from './reference-path.ts';
import { githubExpressionHint, parseTemplateBody, TEMPLATE_PATTERN, unclosedReferenceProblem } from './reference-syntax.ts';
import type { FoundReference, ReferenceProblem } from './reference.ts';

/** Every reference in an args value, and every reference written wrongly, with where each sits. */
export interface ReferenceScan {
  readonly references: FoundReference[];
  readonly problems: ReferenceProblem[];
}

const STEP_RESULT_KEYS = new Set(['step_result', 'path']);

/** True for `{"step_result": …}` objects, the blog's way to pass an earlier step's result. */
export function isStepResultObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, 'step_result');
}

function scanStepResult(value: Record<string, unknown>, at: PathSegment[], scan: ReferenceScan): void {
  const text = JSON.stringify(value);
  const extra = Object.keys(value).filter((key) => !STEP_RESULT_KEYS.has(key));
  if (extra.length > 0) {
    // `pth` was told to be removed, its path with it: the key meant is named, at the key.
    const near = extra.length === 1 && value.path === undefined ? nearestName(extra[0]!, ['path']) : undefined;
    const fix = near ? `did you mean \`${near}\`?` : `remove ${extra.map((key) => `\`${key}\``).join(', ')}`;
    scan.problems.push({ at: [...at, extra[0]!], onKey: true, message: `a step_result reference takes only \`step_result\` and \`path\`; ${fix}` });
    return;
  }
  const id = StepId.safeParse(value.step_result);
  if (!id.success) {
    scan.problems.push({ at: [...at, 'step_result'], message: `step_result must be a step id (a whole number or a name), not ${text}` });
    return;
  }
  const rawPath = value.path ?? '';
  const path = typeof rawPath === 'string' ? parseReferencePath(rawPath) : undefined;
  if (!path) {
    scan.problems.push({ at: [...at, 'path'], message: `malformed path ${JSON.stringify(rawPath)}; write it like "a.b[0]"` });
    return;
  }
  scan.references.push({ reference: { kind: 'step', step: String(id.data), path }, at, text, whole: true });
}

function scanString(value: string, at: PathSegment[], scan: ReferenceScan, itemName: string | undefined): void {
  const hint = githubExpressionHint(value);
  if (hint) scan.problems.push({ at, message: hint });
  const unclosed = unclosedReferenceProblem(value, itemName);
  if (unclosed) scan.problems.push({ at, message: unclosed });
  for (const match of value.matchAll(TEMPLATE_PATTERN)) {
    const body = parseTemplateBody(match[1]!, itemName);
    if (body.kind === 'malformed') scan.problems.push({ at, message: body.message, ...(body.aboutItem && { aboutItem: true }) });
    if (body.kind === 'reference') {
      scan.references.push({ reference: body.reference, at, text: match[0], whole: match[0] === value });
    }
  }
}

/**
 * A reference (or what tries to be one) in a map's key: only values are filled in, so `{ "${inputs.field}": 1 }`
 * reached the tool with a key spelled `${inputs.field}` (found by an adversarial pass). A shell's `${HOME}` is text.
 */
function keyProblem(key: string, itemName: string | undefined): string | undefined {
  for (const [written, body] of key.matchAll(TEMPLATE_PATTERN)) {
    if (parseTemplateBody(body!, itemName).kind === 'literal') continue;
    return `\`${written}\` in a key is not filled in (only values are), so the key would reach the tool as those very characters; write the key out, and put what the reference makes in a value`;
  }
  return undefined;
}

function scanValue(value: unknown, at: PathSegment[], scan: ReferenceScan, itemName: string | undefined): void {
  if (typeof value === 'string') scanString(value, at, scan, itemName);
  else if (Array.isArray(value)) value.forEach((item, index) => scanValue(item, [...at, index], scan, itemName));
  else if (isStepResultObject(value)) scanStepResult(value, at, scan);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = keyProblem(key, itemName);
      if (problem) scan.problems.push({ at: [...at, key], message: problem, onKey: true });
      scanValue(item, [...at, key], scan, itemName);
    }
  }
}

/**
 * Lists the references inside `value` (an args map, usually), for validation. `itemName` is the
 * item's name when the value belongs to a `for_each` step.
 */
export function findReferences(value: unknown, itemName?: string): ReferenceScan {
  const scan: ReferenceScan = { references: [], problems: [] };
  scanValue(value, [], scan, itemName);
  return scan;
}

/** The steps whose results the references inside `value` name (`itemName` as for `findReferences`). */
export function stepsReferredTo(value: unknown, itemName?: string): Set<string> {
  return new Set(findReferences(value, itemName).references.flatMap(({ reference }) => (reference.kind === 'step' ? [reference.step] : [])));
}
