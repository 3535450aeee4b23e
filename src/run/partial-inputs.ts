import type { PlanStep } from '../core/plan-step.ts';
import { findReferences } from '../plan/find-references.ts';
import { resultCutNote, resultTexts } from '../goals/result-cut-note.ts';

/**
 * Which completed steps' results lack work the run left undone, as the run goes, and why: a `for_each` step's
 * list with a null for each failed item (`incomplete`), a result its tool cut, and the result of a `tool_call`
 * step given one of those. A model step is told what is missing (`[incomplete: …]`); a tool is told nothing,
 * so a script counting failures over the nulls answered "0" and a goal on it passed (found by an adversarial
 * pass). Such a tool step's result counts as partial, transitively, and the steps after it are told why.
 */
export class PartialInputs {
  readonly #incomplete: Map<string, string>;
  readonly #results: ReadonlyMap<string, unknown>;
  /** For a tool step given a partial result: the first reason in its chain (not repeated at each link). */
  readonly #roots = new Map<string, string>();
  /** A result's cut note, by key, with the value it was read from (a result is read once, however many steps take it). */
  readonly #cuts = new Map<string, { readonly value: unknown; readonly note: string | undefined }>();

  constructor(incomplete: Map<string, string>, results: ReadonlyMap<string, unknown>) {
    this.#incomplete = incomplete;
    this.#results = results;
  }

  /**
   * Why the result `step` just completed with counts as partial, or undefined; when it does, `incomplete` says
   * so to the steps after it. Only a `tool_call` step: a model step's answer is its own, told of the gaps.
   */
  completed(step: PlanStep): string | undefined {
    // A step run again (a review's second run) starts whole; a for_each step's own failed items stay its own.
    if (this.#roots.delete(step.key)) this.#incomplete.delete(step.key);
    if (step.type !== 'tool_call' || this.#incomplete.has(step.key)) return undefined;
    for (const source of givenKeys(step)) {
      const root = this.#rootOf(source);
      if (root === undefined) continue;
      const why = `its tool was given the result of step ${source}, which lacks work (${root}), and a tool is not told what is missing`;
      this.#roots.set(step.key, root);
      this.#incomplete.set(step.key, why);
      return why;
    }
    return undefined;
  }

  #rootOf(key: string): string | undefined {
    if (!this.#results.has(key)) return undefined;
    const root = this.#roots.get(key);
    if (root !== undefined) return root;
    const gaps = this.#incomplete.get(key);
    if (gaps !== undefined) return `step ${key}: ${gaps}`;
    const value = this.#results.get(key);
    let cut = this.#cuts.get(key);
    if (cut === undefined || cut.value !== value) this.#cuts.set(key, (cut = { value, note: resultCutNote(resultTexts(value)) }));
    return cut.note === undefined ? undefined : `step ${key}: its tool cut it (${cut.note})`;
  }
}

/** The steps whose results a tool step is given: those its `args` and `for_each` list name, or, when a model chooses its arguments, all it depends on. */
function givenKeys(step: PlanStep): Set<string> {
  const keys = new Set<string>();
  const written = [...(step.forEach ? [step.forEach.list] : []), ...(step.args ? [step.args] : [])];
  for (const value of written) for (const { reference } of findReferences(value, step.forEach?.as).references) if (reference.kind === 'step') keys.add(reference.step);
  if (!step.args) for (const key of step.dependsOn) keys.add(key);
  return keys;
}
