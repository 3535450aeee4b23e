import type { PlanStep } from '../core/plan-step.ts';
import { findReferences } from '../plan/find-references.ts';
import { resultCutNote, resultTexts } from '../goals/result-cut-note.ts';
import { resultGap } from '../goals/result-gap.ts';
import type { PathSegment } from '../plan/plan-issue.ts';
import { readPath } from '../plan/reference-path.ts';

/**
 * Why a completed step's result lacks work its value does not show; `made`: a tool made it from a result that lacks
 * work (or it is drawn from one, or is a used plan's result that is so), so no goal passes on it, `equals` and
 * `contains` too (`StepRecord.made`, which goals read).
 */
export interface HiddenGap {
  readonly why: string;
  readonly made?: true;
}

/** Why an input of a used plan is given a result that lacks work; `shown`: its value shows the gap (a null per failed item, a cut note). */
export interface InputGap {
  readonly why: string;
  readonly shown: boolean;
}

/**
 * Which completed steps' results lack work the run left undone, as the run goes, and why (`incomplete`): a
 * `for_each` step's list with a null for each failed item or drawn from a cut result (`resultGap`, as goals judge
 * it), a result its tool cut, a `type: plan` step whose plan's result lacks work, and the result of a `tool_call`
 * step given one of those, directly or through an input of the used plan it runs in. A model step is told what is missing (`[incomplete: …]`); a tool is told nothing, so a script
 * counting failures over the nulls answered "0" and a goal on it passed (found by an adversarial pass). Such a tool
 * step's result counts as partial, transitively, and the steps after it are told why.
 */
export class PartialInputs {
  readonly #incomplete: Map<string, string>;
  readonly #results: ReadonlyMap<string, unknown>;
  /** The run's inputs given a result that lacks work (a used plan's, through `with:`): the first reason in its chain. */
  readonly #inputs: ReadonlyMap<string, InputGap>;
  /** For a tool step given a partial result: the first reason in its chain (not repeated at each link). */
  readonly #roots = new Map<string, string>();
  /**
   * Why a step's result lacks work its value does not show (what `completed` returned: a count made from a list with
   * nulls, a used plan's result, a list drawn from a cut result): a list drawn from it lacks it too, and a tool that
   * reads gaps (`handles_gaps`) finds none there to read.
   */
  readonly #made = new Map<string, string>();
  /** A result's cut note, by key, with the value it was read from (a result is read once, however many steps take it). */
  readonly #cuts = new Map<string, { readonly value: unknown; readonly note: string | undefined }>();

  constructor(incomplete: Map<string, string>, results: ReadonlyMap<string, unknown>, inputs: ReadonlyMap<string, InputGap> = new Map()) {
    this.#incomplete = incomplete;
    this.#results = results;
    this.#inputs = inputs;
  }

  /**
   * Why the result `step` just completed with lacks work its value does not show, or undefined; `incomplete` then says
   * why it lacks work to the steps after it. `own`: the gaps the step itself reports (a `for_each` step's failed items,
   * which its list shows as nulls; a `type: plan` step's plan's result's, `ownMade` when that result is `made`); a list
   * drawn from a cut result lacks work too (`resultGap`). Whatever it ended with before (a review's second run, a
   * resume) is replaced: a step that ends whole reads as whole. A tool step is judged by what it was given (its own
   * failed items too); a model step's answer is its own, told of the gaps.
   */
  completed(step: PlanStep, own?: string, ownMade = false): HiddenGap | undefined {
    const hidden = this.#judge(step, own, ownMade);
    if (hidden === undefined) this.#made.delete(step.key);
    else this.#made.set(step.key, hidden.why);
    return hidden;
  }

  #judge(step: PlanStep, own: string | undefined, ownMade: boolean): HiddenGap | undefined {
    this.#roots.delete(step.key);
    this.#incomplete.delete(step.key);
    const gap = resultGap(step, own, this.#results, this.#made, (key) => this.#cutNote(key));
    // The step whose result its list is drawn from, when that is its gap (a cut, or one that hides its own): said already.
    const given = step.type === 'tool_call' ? this.#givenGap(step, gap?.cutBy ?? gap?.madeBy) : undefined;
    if (gap === undefined) {
      if (given === undefined) return undefined;
      this.#roots.set(step.key, given.root);
      this.#incomplete.set(step.key, given.why);
      return { why: given.why, made: true };
    }
    // A tool step with failed items of its own, given a result that lacks work: both, as its answers are made from it.
    const why = given === undefined ? gap.why : `${gap.why}; and ${given.why}`;
    this.#incomplete.set(step.key, why);
    // A list shows its nulls (`failedItems` says which); a plan step's result shows nothing of its plan's gaps, nor a
    // list drawn from a cut result (or from one that lacks work its value does not show) the items it lacks, nor a
    // tool's answers the gaps of what it was given.
    const shown = given === undefined && gap.cutBy === undefined && gap.madeBy === undefined && step.type !== 'plan';
    if (shown) return undefined;
    // Made: answers a tool made from what lacks work, or items drawn from such a result, or a used plan's result that
    // is; a list of genuine item results (past a cut, or with nulls) is not: `contains` may pass on it.
    const made = given !== undefined || gap.madeBy !== undefined || (step.type === 'plan' && ownMade);
    return { why, ...(made && { made: true as const }) };
  }

  /** A tool step's first given result that lacks work and is not excused by `handles_gaps` (other than step `said`'s): its root reason, and why. */
  #givenGap(step: PlanStep, said: string | undefined): { readonly root: string; readonly why: string } | undefined {
    for (const source of givenSources(step)) {
      if (source.kind === 'step' && source.name === said) continue;
      const root = source.kind === 'input' ? this.#inputs.get(source.name)?.why : this.#rootOf(source.name);
      if (root === undefined) continue;
      // A tool the plan's author says reads the gaps (`handles_gaps`) answers whole on the nulls and notes it is
      // given; not on a result whose gap its value does not show ({"failures": 0} made from a list with a null).
      if (step.handlesGaps && !this.#hides(source)) continue;
      const given = source.kind === 'input' ? `input ${source.name}` : `the result of step ${source.name}`;
      return { root, why: `its tool was given ${given}, which lacks work (${root}), and a tool is not told what is missing` };
    }
    return undefined;
  }

  /**
   * As `completed`, for a step whose result an earlier run made (`saved`: why it lacked work then, `savedMade`: whether
   * it was `made`). A tool step is
   * judged by what it is given now; a plan step's plan did not run again: its result lacks what it lacked.
   */
  reused(step: PlanStep, saved: string | undefined, savedMade = false): HiddenGap | undefined {
    // A plan step cannot carry for_each (the plan format refuses it): its result is its plan's, as that run left it.
    const plan = step.type === 'plan';
    return this.completed(step, plan ? saved : undefined, plan && savedMade);
  }

  /** The inputs of the plan a `type: plan` step uses that its `with:` gives a result that lacks work, and why. */
  givenTo(step: PlanStep): Map<string, InputGap> {
    const given = new Map<string, InputGap>();
    for (const [name, value] of Object.entries(step.with ?? {})) {
      for (const { reference } of findReferences(value).references) {
        if (reference.kind !== 'step' && reference.kind !== 'input') continue;
        const source: Source = reference.kind === 'step' ? { kind: 'step', name: reference.step, paths: [reference.path] } : { kind: 'input', name: reference.name, paths: [] };
        const why = source.kind === 'input' ? this.#inputs.get(source.name)?.why : this.#rootOf(source.name);
        if (why === undefined) continue;
        const hidden = this.#hides(source);
        if (given.has(name) && !hidden) continue;
        given.set(name, { why, shown: !hidden });
        if (hidden) break;
      }
    }
    return given;
  }

  /**
   * Whether what `source` gives lacks work its value does not show: a result made so, or a part of one
   * (`.result.files`) that leaves its gap behind (the `[cut: …]` note beside the list, the failed items' nulls).
   */
  #hides(source: Source): boolean {
    if (source.kind === 'input') return this.#inputs.get(source.name)?.shown === false;
    if (!this.#results.has(source.name)) return false;
    if (this.#made.has(source.name)) return true;
    const value = this.#results.get(source.name);
    return source.paths.some((path) => path.length > 0 && !showsGap(readPath(value, path)));
  }

  #rootOf(key: string): string | undefined {
    if (!this.#results.has(key)) return undefined;
    const root = this.#roots.get(key);
    if (root !== undefined) return root;
    const gaps = this.#incomplete.get(key);
    if (gaps !== undefined) return `step ${key}: ${gaps}`;
    const note = this.#cutNote(key);
    return note === undefined ? undefined : `step ${key}: its tool cut it (${note})`;
  }

  /** The cut note of step `key`'s result, read once for each value it holds, however many steps take it. */
  #cutNote(key: string): string | undefined {
    const value = this.#results.get(key);
    let cut = this.#cuts.get(key);
    if (cut === undefined || cut.value !== value) this.#cuts.set(key, (cut = { value, note: resultCutNote(resultTexts(value)) }));
    return cut.note;
  }
}

/** A step or input a step is given; a step's `paths`: the parts of its result it is given (`[]` for the whole). */
type Source = { readonly kind: 'step' | 'input'; readonly name: string; readonly paths: readonly (readonly PathSegment[])[] };

/** Whether a part read from a result that lacks work still shows it: a null (a failed item), a list with one, a cut note. */
function showsGap(read: ReturnType<typeof readPath>): boolean {
  if (!read.found) return true;
  const { value } = read;
  return value === null || (Array.isArray(value) && value.includes(null)) || resultCutNote(resultTexts(value)) !== undefined;
}

/**
 * What a tool step is given: the steps and inputs its `args` and `for_each` list name, or, when a model chooses its
 * arguments, every step it depends on.
 */
function givenSources(step: PlanStep): Source[] {
  const sources = new Map<string, Source>();
  const add = (kind: Source['kind'], name: string, path?: readonly PathSegment[]): void => {
    const known = sources.get(`${kind} ${name}`);
    sources.set(`${kind} ${name}`, { kind, name, paths: [...(known?.paths ?? []), ...(path ? [path] : [])] });
  };
  const written = [...(step.forEach ? [step.forEach.list] : []), ...(step.args ? [step.args] : [])];
  for (const value of written) {
    for (const { reference } of findReferences(value, step.forEach?.as).references) {
      if (reference.kind === 'step') add('step', reference.step, reference.path);
      else if (reference.kind === 'input') add('input', reference.name);
    }
  }
  if (!step.args) for (const key of step.dependsOn) add('step', key, []);
  return [...sources.values()];
}
