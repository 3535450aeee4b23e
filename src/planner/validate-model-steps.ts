import { errorText } from '../core/error-text.ts';
import { parseJson } from '../core/parse-json.ts';
import type { PlanError } from '../plan/plan-error.ts';
import { describeKind } from '../plan/show-value.ts';
import { stepKey, type PlanStep } from '../core/plan-step.ts';
import { withEdgesWithin } from '../run/plan-graph.ts';
import { Step } from '../plan/schema.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { WriteCounts } from '../tools/github/write-caps.ts';
import { validatePlanObject } from '../plan/validate-plan.ts';
import { MODEL_STEP_FIELDS } from './step-list-format.ts';

export type ModelStepsCheck = { readonly ok: true; readonly plan: ValidPlan; readonly steps: readonly PlanStep[] } | { readonly ok: false; readonly errors: PlanError[] };

const STEP_PATH = /^workflow_sequence\[(\d+)\]/;

/**
 * A completed step as the plan format writes it, for validating a replacement against it. Only its id,
 * tool and type and its edges to the other completed steps matter: it has run. Its `args`, and the
 * text of its description or task, are left out: a `${item}` there (a `for_each` step's) or a reference
 * to a step that is not kept (an optional dependency that failed) made every replacement invalid.
 * `kept` is the id of each completed step, by key.
 */
export function keptStep(step: PlanStep, kept: ReadonlyMap<string, Step['id']>): Step {
  const within = withEdgesWithin(step, kept);
  const id = (key: string) => kept.get(key)!;
  return {
    id: step.id,
    type: step.type,
    description: KEPT_TEXT,
    ...(step.tool !== undefined && { tool: step.tool }),
    // What its type requires of it (an agent's task, a plan step's plan file).
    ...(step.type === 'agent' && step.task !== undefined && { task: KEPT_TEXT }),
    ...(step.type === 'plan' && step.uses !== undefined && { uses: step.uses }),
    ...(step.type === 'aggregate' && { inputs: within.inputs.map(id) }),
    depends_on: within.dependsOn.filter((key) => !within.inputs.includes(key)).map((key) => (within.optional?.includes(key) ? { step: id(key), optional: true } : id(key))),
  };
}

const KEPT_TEXT = 'A completed step.';

/** `workflow_sequence[4].args` → `steps[1].args`: where the model wrote it, counting its own steps. */
function modelPath(path: string, offset: number): string | undefined {
  const match = STEP_PATH.exec(path);
  if (!match) return path;
  const index = Number(match[1]) - offset;
  return index < 0 ? undefined : `steps[${index}]${path.slice(match[0].length)}`;
}

function stepCountError(count: number, done: number, counted: number, maxSteps: number): PlanError {
  const room = maxSteps - counted;
  const have = counted > done ? `${count} steps after the ${counted} this run has started (${done} completed)` : done > 0 ? `${count} steps after the ${done} completed` : `${count} steps`;
  return {
    path: 'steps',
    message: `the plan has ${have}, but limits.max_steps allows ${maxSteps} in all; write at most ${Math.max(room, 0)} (combine steps, or use for_each over a list)`,
  };
}

function noStepsError(replacing: boolean): PlanError {
  const what = replacing ? 'the steps that replace the ones not run yet, so that the goal is still reached' : 'the steps that reach the goal';
  return { path: 'steps', message: `the answer lists no steps; write ${what} (at least one)` };
}

const MODEL_FIELDS: ReadonlySet<string> = new Set(MODEL_STEP_FIELDS);

/**
 * Fields of the plan format a model's steps may not carry: `approval`, `retry`, `on_failure`,
 * `timeout_seconds`, optional dependencies and the rest of what MODEL_STEP_FIELDS leaves to people.
 * The strict answer format leaves them out, but an endpoint without strict mode, or a replay, does
 * not: a model (steered by text it read) that wrote `approval: true` paused a gate instead of failing it.
 */
function peopleOnlyFields(steps: readonly unknown[]): PlanError[] {
  const errors: PlanError[] = [];
  steps.forEach((step, index) => {
    if (step === null || typeof step !== 'object' || Array.isArray(step)) return;
    for (const key of Object.keys(step)) {
      // Keys the plan format does not know are left to the schema, which names the nearest field.
      if (MODEL_FIELDS.has(key) || !Object.hasOwn(Step.shape, key)) continue;
      errors.push({ path: `steps[${index}].${key}`, message: `\`${key}\` is for people to set in the plan file; a plan a model writes leaves it out (its steps have: ${MODEL_STEP_FIELDS.join(', ')})` });
    }
    const dependsOn = (step as Record<string, unknown>)['depends_on'];
    if (!Array.isArray(dependsOn)) return;
    dependsOn.forEach((dependency, at) => {
      if (dependency !== null && typeof dependency === 'object') {
        errors.push({ path: `steps[${index}].depends_on[${at}]`, message: 'a plan a model writes lists plain step ids in depends_on; optional dependencies are for people to set in the plan file' });
      }
    });
  });
  return errors;
}

/**
 * Steps whose `args` are text still: the answer format has them as JSON text (strict mode cannot express an open
 * object), and text that did not parse to an object is kept as it was. Said as what is wrong with the text, and
 * the steps are checked without it: the schema's "`args` must be a map; got text" told a model that wrote text,
 * as it was asked, nothing it could mend (a key given twice, a brace left open).
 */
function argsTextProblems(steps: readonly unknown[]): { errors: PlanError[]; steps: unknown[] } {
  const errors: PlanError[] = [];
  const checked = steps.map((step, index) => {
    if (step === null || typeof step !== 'object' || Array.isArray(step)) return step;
    const { args, ...rest } = step as Record<string, unknown>;
    // Another type's args are refused by the schema whatever they hold.
    if (typeof args !== 'string' || rest['type'] !== 'tool_call') return step;
    let why: string;
    try {
      const value = parseJson(args);
      why = value !== null && typeof value === 'object' && !Array.isArray(value) ? 'it holds an object encoded twice' : `it holds ${describeKind(value)}`;
    } catch (error) {
      why = errorText(error);
    }
    errors.push({ path: `steps[${index}].args`, message: `the args text is not a JSON object: ${why}; write the arguments as a JSON object encoded as a string, e.g. "{\\"query\\": \\"tram\\"}"` });
    return rest;
  });
  return { errors, steps: checked };
}

/** What a replacement is checked against: the completed steps it may use, and the steps the run has counted. */
export interface Replacement {
  /** The completed steps, as the plan format writes them (`keptStep`). */
  readonly kept: readonly Step[];
  /** The steps the run's budget has counted against max_steps (started ones, failed ones too). */
  readonly counted: number;
  /** The capped github writes the run has made: counted against `github.writes` in place of the kept steps'. */
  readonly githubWritten?: WriteCounts;
  /**
   * The task texts of the replaced plan's steps that are taken as written (`PlanStep.taskAsWritten`): a replacement agent
   * step whose task is one of them, copied as the replanner is shown it, is taken as written too (its key goes to
   * `ValidatePlanOptions.tasksAsWritten`).
   */
  readonly copiedTasks?: ReadonlySet<string>;
}

/**
 * The keys of the agent steps a model wrote whose task is, exactly, one taken as written: checked as the model's own, a
 * copied `${result.total}` refused the replacement as a malformed reference, and a copied `${inputs.x}` was filled in.
 */
function copiedTaskKeys(steps: readonly unknown[], tasks: ReadonlySet<string>): Set<string> {
  const keys = new Set<string>();
  for (const step of steps) {
    if (step === null || typeof step !== 'object') continue;
    const { id, type, task } = step as Record<string, unknown>;
    if (type === 'agent' && typeof task === 'string' && tasks.has(task) && (typeof id === 'string' || typeof id === 'number')) keys.add(stepKey(id));
  }
  return keys;
}

/**
 * Validates steps a model wrote with every check a plan file gets plus the rule against
 * hard-coded intermediate values and against fields only people set; a `replacement`'s after the
 * completed steps it may refer to. Errors point into the model's own list (`steps[1].tool`).
 */
export function validateModelSteps(plan: ValidPlan, written: readonly unknown[], replacement?: Replacement): ModelStepsCheck {
  // Said here: the plan format's "workflow_sequence needs at least one step; leave it out to let a model plan" told the
  // model, and the person reading its rejection or escalation, to do what a model cannot.
  if (written.length === 0) return { ok: false, errors: [noStepsError(replacement !== undefined)] };
  const { errors: argsText, steps } = argsTextProblems(written);
  const kept = replacement?.kept ?? [];
  const counted = replacement?.counted ?? 0;
  // The budget would stop such a plan after max_steps steps: refuse it before any step runs, so the
  // planner's repair call (or the replanner's caller) can shorten it.
  const maxSteps = plan.limits.max_steps;
  const tooLong = counted + steps.length > maxSteps ? [stepCountError(steps.length, kept.length, counted, maxSteps)] : [];
  const peopleOnly = peopleOnlyFields(steps);
  if (peopleOnly.length > 0) return { ok: false, errors: [...tooLong, ...peopleOnly, ...argsText] };
  const extraTools = [...plan.tools.values()].filter((tool) => tool.origin === 'extra');
  // A goal's `of` may name a step a replacement took out; that shows when goals are checked, not here. The
  // model cannot fix it (it may not reuse the id, nor change goals), so it is never the model's error, with steps
  // completed before it or none (a first step that failed made every replacement invalid). A plan written from a
  // goal alone has no `of` (check-goals.ts refuses one without workflow_sequence).
  const goals = plan.source.goals?.map((goal) => ({ ...goal, of: undefined }));
  const value = { ...plan.source, ...(goals && { goals }), workflow_sequence: [...kept, ...steps] };
  const tasksAsWritten = replacement?.copiedTasks && copiedTaskKeys(steps, replacement.copiedTasks);
  const result = validatePlanObject(value, {
    origin: 'model',
    modelStepsFrom: kept.length,
    extraTools,
    ...(plan.withhold && { withhold: plan.withhold }),
    ...(replacement?.githubWritten && { githubWritten: replacement.githubWritten }),
    ...(tasksAsWritten && { tasksAsWritten }),
  });
  if (result.ok && tooLong.length + argsText.length > 0) return { ok: false, errors: [...tooLong, ...argsText] };
  if (result.ok) {
    const checked: ValidPlan = { ...result.plan, name: plan.name, ...(plan.file !== undefined && { file: plan.file }), fileSource: plan.fileSource ?? plan.source, ...(plan.fileTextHash !== undefined && { fileTextHash: plan.fileTextHash }) };
    return { ok: true, plan: checked, steps: checked.steps.slice(kept.length) };
  }
  const errors: PlanError[] = [...tooLong, ...argsText];
  for (const error of result.errors) {
    const path = modelPath(error.path, kept.length);
    errors.push({ path: path ?? error.path, message: path === undefined ? `in a completed step: ${error.message}` : error.message });
  }
  return { ok: false, errors };
}
