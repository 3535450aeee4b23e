import type { PlanStep } from '../core/plan-step.ts';
import { ownTextAnswer, textResultPathProblem } from './check-references.ts';
import { findReferences } from './find-references.ts';
import type { Plan } from './schema.ts';

/** What the file tells of the values of a step's references: the plan's inputs, and the steps a model answers. */
export interface KindSources {
  readonly inputs: Plan['inputs'];
  readonly steps: readonly PlanStep[];
  readonly stepIndex: ReadonlyMap<string, number>;
  /** The item's name, in a `for_each` step. */
  readonly itemName: string | undefined;
}

/** A value a reference makes, of the kind the file tells, why it has that kind, and what to do if it is the wrong one. */
export interface StandIn {
  readonly value: unknown;
  /** As `kindWords` says it: `text`, `a number`… */
  readonly kind: string;
  readonly why: string;
  readonly fix: string;
  /** Text only: the characters it has whatever the references bring (the text around them). */
  readonly literal?: string;
}

/** What a value's kind is called in a message. */
export function kindWords(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'true or false' : typeof value === 'object' ? 'a map' : 'text';
}

/**
 * What a value holding references makes, where the file tells its kind: `${inputs.x}` alone is of `x`'s default's kind
 * (every value given for `x` is read as that kind); a reference with text around it is text, and so is one alone naming
 * a step a model answers (reasoning, aggregate, agent), whose result is its text, never parsed. Undefined otherwise (a
 * tool's result, an input with no default, the item, no reference at all). `taker` names what takes the value.
 */
export function standIn(value: string | Record<string, unknown>, sources: KindSources, taker: string): StandIn | undefined {
  const scan = findReferences(value, sources.itemName);
  const [found] = scan.references;
  if (scan.problems.length > 0 || found === undefined) return undefined;
  if (typeof value === 'string' && !found.whole) {
    const literal = scan.references.reduce((text, { text: reference }) => text.split(reference).join(''), value);
    return { value, kind: 'text', why: `\`${value}\` is text: a reference with text around it makes text`, fix: 'write the reference alone', literal };
  }
  const reference = found.reference;
  if (reference.kind === 'input') {
    const fallback = sources.inputs && Object.hasOwn(sources.inputs, reference.name) ? sources.inputs[reference.name]?.default : undefined;
    if (fallback === undefined || fallback === null) return undefined;
    const kind = kindWords(fallback);
    return {
      value: fallback,
      kind,
      why: `\`${found.text}\` is ${kind}: input \`${reference.name}\`'s default is, and a value given for it is read as that kind`,
      // The input the reference names, not the one taking it: `taker` may be an input too (a used plan's).
      fix: `give input \`${reference.name}\` a default of the kind ${taker} takes`,
      ...(kind === 'text' && { literal: '' }),
    };
  }
  if (reference.kind !== 'step' || !sources.stepIndex.has(reference.step)) return undefined;
  const answer = ownTextAnswer(sources.steps[sources.stepIndex.get(reference.step)!]!);
  // A path into the text is refused by checkReferences; one item of a list of texts is text.
  const text = answer !== undefined && (answer.list ? reference.path.length === 1 && textResultPathProblem(answer, reference.path) === undefined : reference.path.length === 0);
  if (!text) return undefined;
  return { value: found.text, kind: 'text', why: `\`${found.text}\` is text: ${answer.says}`, fix: 'have a tool step make the value', literal: '' };
}
