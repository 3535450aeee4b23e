import type { RunRecord } from '../core/run-record.ts';
import { currentKeys, oneLogLine } from './checklist.ts';
import { cutText } from './cut-text.ts';
import { evidenceBeside, type GoalRow } from './goals-table.ts';
import type { PlanLines } from './plan-lines.ts';

/** Where an annotation points, as the runner's `error`/`warning` commands take it. */
export interface AnnotationProperties {
  readonly title?: string;
  readonly file?: string;
  readonly startLine?: number;
  readonly startColumn?: number;
}

/** One annotation call; `annotate(level, message, properties)` is `core[level](message, properties)`. */
export type Annotate = (level: 'error' | 'warning' | 'notice', message: string, properties: AnnotationProperties) => void;

/** A problem in the plan file, pinned to its line. */
export interface PlanFileError {
  /** Absent for plan-runner's own error (`internal`), which is on no file. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
  /** A problem with what the run was given besides the plan file (`PlanError`'s `setup`): titled as such, not as the file's. */
  readonly setup?: true;
  /** plan-runner's own error (`PlanError`'s `internal`): titled as such, on no file. */
  readonly internal?: true;
  /** How many problems it stands for (`PlanError`'s `standsFor`: the loader's "and N more"); default 1. */
  readonly standsFor?: number;
}

/** GitHub shows at most 10 error annotations per step, of every kind together. */
export const MAX_ERROR_ANNOTATIONS = 10;
/** And at most 10 warning annotations, the first ones written. */
export const MAX_WARNING_ANNOTATIONS = 10;
/** The job's verdict (`setFailed`) is an error annotation too, written last: room is kept for it. */
const FOR_THE_VERDICT = 1;
/**
 * A warning this step's IO never sees: the runner's own "Unexpected input(s)" for a `with:` key action.yml does not
 * declare, written before the step starts. Kept whether or not the runner wrote it (plan-runner's check of the inputs
 * is not the runner's: an `INPUT_` variable set by `env:` it warns of, and the runner does not), so at worst it is
 * left to a warning written after these (a check run or an issue that could not be written).
 */
const FOR_THE_RUNNER = 1;
/**
 * Warnings written after these, while the comment, the check run, the saved state and an escalation are finished:
 * "Could not complete the check run" (a required check left in progress blocks a merge), a comment or label not
 * written. The annotations are written before those settle, so that a step killed while it publishes keeps them.
 */
const FOR_LATE_WARNINGS = 2;

/** The warning and error annotations a step has written so far: GitHub shows the first 10 of each. */
export interface AnnotationsWritten {
  readonly warnings: number;
  readonly errors: number;
}

interface Annotation {
  readonly message: string;
  readonly properties: AnnotationProperties;
  /** How many problems it stands for, when more than one: counted in the annotation that sums up the rest. */
  readonly standsFor?: number;
}

/** At most `slots` annotations of one kind (`kinds`, its plural): the first ones, and when there are more, one that sums up the rest. */
function capped(kinds: string, annotations: readonly Annotation[], fileOf: (rest: readonly Annotation[]) => string | undefined, slots: number): Annotation[] {
  if (annotations.length <= slots) return [...annotations];
  const shown = annotations.slice(0, slots - 1);
  const rest = annotations.slice(slots - 1);
  // With one slot it stands for the whole kind: "5 more unmet goals" over none shown sent a reader looking for them.
  const many = `${standingFor(rest)}${shown.length > 0 ? ' more' : ''} ${kinds}`;
  return [...shown, summingUp(many, rest, fileOf(rest))];
}

/** One annotation, titled `many`, that stands for `rest`. */
function summingUp(many: string, rest: readonly Annotation[], file: string | undefined): Annotation {
  // Each on one line: a message's line break put the next one's "Step s9 failed" among the run text of the one before,
  // which the log shows under its rule (found by an adversarial pass).
  const titles = rest.map((a) => cutText(oneLogLine(a.message), 80)).join('; ');
  return {
    message: cutText(`${many} (see the job summary): ${titles}`, 2000),
    properties: { title: many, ...(file ? { file } : {}) },
  };
}

/** The problems `annotations` stand for. The loader's "and N more problems" is one line for N: "13 more" was said of 32 (found by an adversarial pass). */
function standingFor(annotations: readonly Annotation[]): number {
  return annotations.reduce((sum, a) => sum + (a.standsFor ?? 1), 0);
}

/** The annotations of one kind, `name` its plural and `one` its singular; `foremost` for failed steps, whose lines are kept first when the slots are fewer than the kinds. */
interface AnnotationKind {
  readonly name: string;
  readonly one: string;
  readonly annotations: readonly Annotation[];
  readonly foremost?: true;
}

export interface AnnotationInput {
  readonly planErrors?: readonly PlanFileError[];
  readonly record?: RunRecord;
  readonly goals?: readonly GoalRow[];
  /** The plan file, so step and goal annotations land on it. */
  readonly planFile?: string;
  /** Where the plan file writes each step and goal: their annotations land on those lines. */
  readonly lines?: PlanLines;
  /**
   * False when unmet goals only report (`fail-on-unmet-goals: false`): they are warnings then, as the job
   * passes on them. A goal that could not be evaluated fails the job still, and stays an error. Default: true.
   */
  readonly failOnUnmetGoals?: boolean;
  /**
   * What the step wrote before these (a PR comment not written, the empty-input warning, one per undeclared input):
   * they take from the 10 GitHub shows. Three or more pushed a failed step's warning past the tenth (found by a caps
   * hunt, when 2 were assumed). Default: none.
   */
  readonly written?: AnnotationsWritten;
  readonly redact: (text: string) => string;
}

/**
 * Error annotations for plan-file errors (on their lines), failed steps of the plan that ran last
 * (naming the step) and unmet required goals; at most 9 in all, leaving the tenth GitHub shows for the
 * job's verdict, each kind's rest summarised in one. A failed step a plan revision replaced is a
 * warning, as are one a run that succeeded went on without and an unmet goal that does not fail the job
 * (goals first). Each level takes what the step has not `written` of GitHub's 10, warnings keeping one for
 * the runner's own and two for those written later. Step and goal annotations are on the plan file, at the lines `lines` gives (none for a
 * step the file does not write).
 */
export function writeAnnotations(input: AnnotationInput, annotate: Annotate): void {
  const { redact, planFile } = input;
  const onFile = planFile ? { file: planFile } : {};
  const onLine = (line: number | undefined) => (planFile !== undefined && line !== undefined ? { ...onFile, startLine: line } : onFile);
  const planErrors = (input.planErrors ?? []).map((e) => ({
    message: redact(e.message),
    properties: {
      title: e.internal ? 'plan-runner internal error' : e.setup ? 'Cannot start the run' : 'Plan file error',
      // A run of a `task` has no plan file: its errors name none, not `(task)`, a file GitHub would look for.
      ...(planFile !== undefined && e.file !== undefined && { file: e.file }),
      ...(e.line !== undefined ? { startLine: e.line } : {}),
      ...(e.column !== undefined ? { startColumn: e.column } : {}),
    },
    ...(e.standsFor !== undefined && { standsFor: e.standsFor }),
  }));
  // A step a plan revision replaced failed in a plan that did not run to the end: the plan that did may
  // have succeeded, so its failure is a warning, as the checklist counts it among the replaced.
  const current = input.record?.plan && currentKeys(input.record.plan.steps);
  const inCurrent = (key: string): boolean => current === undefined || current.has(key);
  const failed = [...(input.record?.steps.values() ?? [])].filter((step) => step.state === 'failed');
  // A run that succeeded all the same went on past its failed steps (`on_failure: continue`, an optional
  // dependency): the job passes, and a red "Step failed" over a green job said otherwise. They are warnings.
  // `goals-unmet` is such a run too: only a run whose steps succeeded is judged so (`finalStatus`).
  const wentOn = input.record?.status === 'succeeded' || input.record?.status === 'goals-unmet';
  const failedSteps = failed
    .filter((step) => inCurrent(step.key) && !wentOn)
    .map((step) => ({
      message: cutText(redact(`Step ${step.key} failed: ${step.error ?? 'no error message'}`), 2000),
      properties: { title: `Step ${step.key} failed`, ...onLine(input.lines?.step(step.key)) },
    }));
  const passedSteps = failed
    .filter((step) => inCurrent(step.key) && wentOn)
    .map((step) => ({
      message: cutText(redact(`Step ${step.key} failed and the run went on without it: ${step.error ?? 'no error message'}`), 2000),
      properties: { title: `Step ${step.key} failed, run went on`, ...onLine(input.lines?.step(step.key)) },
    }));
  const replacedSteps = failed
    .filter((step) => !inCurrent(step.key))
    .map((step) => ({
      message: cutText(redact(`Step ${step.key} failed and a plan revision replaced it: ${step.error ?? 'no error message'}`), 2000),
      properties: { title: `Step ${step.key} failed, replaced`, ...onLine(input.lines?.step(step.key)) },
    }));
  // A goal nobody could check is not one judged unmet: its title says which it is, as its table row does.
  const goalAnnotation = (goal: GoalRow): Annotation => {
    const title = `${goal.outcome === 'error' ? 'Goal could not be evaluated' : 'Goal not met'}: ${goal.name}`;
    return {
      message: cutText(redact(`${title}. ${evidenceBeside(goal)}`), 2000),
      properties: { title: cutText(redact(title), 200), ...onLine(input.lines?.goal(goal.name)) },
    };
  };
  const required = (input.goals ?? []).filter((goal) => goal.severity === 'required' && goal.outcome !== 'met');
  // With fail-on-unmet-goals: false the job passes on them: red annotations over a green job said otherwise.
  const reportOnly = (goal: GoalRow): boolean => input.failOnUnmetGoals === false && goal.outcome === 'unmet';
  const failingGoals = required.filter((goal) => !reportOnly(goal)).map(goalAnnotation);
  const reportedGoals = required.filter(reportOnly).map(goalAnnotation);
  const kinds: AnnotationKind[] = [
    { name: 'plan file errors', one: 'plan file error', annotations: planErrors },
    { name: 'failed steps', one: 'failed step', annotations: failedSteps, foremost: true },
    { name: 'unmet goals', one: 'unmet goal', annotations: failingGoals },
  ];
  // 10 in all, the verdict's included: 11 plan errors, or a failed step and 12 goals, pushed out the
  // verdict that says why the job failed. Each kind there is keeps a line, or a share of one when fewer are left.
  // The plan file errors left out are on the file they are in, when that is one (a used plan's 15 were on the plan using it: found by a hunt of plan errors).
  const errorsFile = (kind: string, rest: readonly Annotation[]): string | undefined => {
    if (kind !== 'plan file errors') return planFile;
    const files = new Set(rest.map((a) => a.properties.file));
    return files.size === 1 ? [...files][0] : (planFile ?? rest[0]?.properties.file);
  };
  const written = input.written ?? { warnings: 0, errors: 0 };
  // At least one, which sums up the kinds when that is all there is room for.
  shared(kinds, Math.max(1, MAX_ERROR_ANNOTATIONS - FOR_THE_VERDICT - written.errors), errorsFile, (a) => annotate('error', a.message, a.properties));
  // Warnings have 10 of their own, which the run's other warnings share.
  const warnings: AnnotationKind[] = [
    { name: 'unmet goals', one: 'unmet goal', annotations: reportedGoals },
    { name: 'failed steps the run went on without', one: 'failed step the run went on without', annotations: passedSteps, foremost: true },
    { name: 'replaced failed steps', one: 'replaced failed step', annotations: replacedSteps, foremost: true },
  ];
  shared(warnings, Math.max(1, MAX_WARNING_ANNOTATIONS - FOR_THE_RUNNER - FOR_LATE_WARNINGS - written.warnings), () => planFile, (a) => annotate('warning', a.message, a.properties));
}

/**
 * `slots` annotations shared by `kinds` in order, each kind there is keeping at least one, the rest of each summed up in
 * one. With fewer slots than kinds, the foremost kinds keep one line each and one line sums up the others together: a
 * line for every kind went past the slots, and a failed step's warning was the 11th (found by a review).
 */
function shared(kinds: readonly AnnotationKind[], slots: number, fileOf: (kind: string, rest: readonly Annotation[]) => string | undefined, write: (annotation: Annotation) => void): void {
  const present = kinds.filter((kind) => kind.annotations.length > 0);
  if (present.length > slots) {
    const ordered = [...present.filter((kind) => kind.foremost), ...present.filter((kind) => !kind.foremost)];
    for (const { name, annotations } of ordered.slice(0, slots - 1)) for (const a of capped(name, annotations, (rest) => fileOf(name, rest), 1)) write(a);
    const others = ordered.slice(slots - 1);
    const files = new Set(others.map(({ name, annotations }) => fileOf(name, annotations)));
    const many = others.map(({ name, one, annotations }) => (standingFor(annotations) === 1 ? `1 ${one}` : `${standingFor(annotations)} ${name}`)).join(', ');
    write(summingUp(many, others.flatMap((kind) => kind.annotations), files.size === 1 ? [...files][0] : undefined));
    return;
  }
  let left = slots;
  present.forEach(({ name, annotations }, index) => {
    const shown = capped(name, annotations, (rest) => fileOf(name, rest), left - (present.length - index - 1));
    for (const a of shown) write(a);
    left -= shown.length;
  });
}
