import { buildPlanSteps } from './build-plan-steps.ts';
import { checkArgs, checkInputSchemas } from './check-args.ts';
import { checkFanOut } from './check-fan-out.ts';
import { checkGithubLabels } from './check-github-labels.ts';
import { checkGithubWriteCaps } from './check-github-write-caps.ts';
import { checkCommandArgv } from './check-command-argv.ts';
import { checkGoals } from './check-goals.ts';
import { checkHardcodedResults } from './check-hardcoded-results.ts';
import { checkPricing } from './check-pricing.ts';
import { checkReferences } from './check-references.ts';
import { checkModelBudget } from './check-model-budget.ts';
import { checkStepCount } from './check-step-count.ts';
import { checkStepFields } from './check-step-fields.ts';
import { checkStepInstructions } from './check-step-instructions.ts';
import { checkCycles, checkOptionalConflicts, checkStepNames, indexStepIds } from './check-step-graph.ts';
import { checkTools } from './check-tools.ts';
import { formatPath } from '../core/format-path.ts';
import { issuesBesideSchema } from './issues-beside-schema.ts';
import { planValueIssues } from './plan-value-issues.ts';
import type { PlanError } from './plan-error.ts';
import type { PlanIssue } from './plan-issue.ts';
import { MAX_NESTING } from './parse-plan-yaml.ts';
import { DEFAULT_LIMITS, Plan } from './schema.ts';
import { schemaIssues } from './schema-issues.ts';
import { buildToolCatalogue } from './tool-catalogue.ts';
import type { LoadResult, ValidatePlanOptions, ValidPlan } from './valid-plan.ts';

export type PlanCheck = { readonly ok: true; readonly plan: ValidPlan } | { readonly ok: false; readonly issues: PlanIssue[] };

/** The error for a plan with neither `goal` nor `workflow_sequence`. */
export const NEEDS_GOAL_OR_STEPS =
  'the plan has neither `goal` nor `workflow_sequence`: add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)';

/** A plan's name: its `name:`, else its file's, else `plan`. */
export function planName(plan: Pick<Plan, 'name'>, file: string | undefined): string {
  if (plan.name) return plan.name;
  const base = file?.split(/[\\/]/).pop()?.replace(/\.ya?ml$/i, '');
  return base || 'plan';
}

function shapeIssues(value: unknown): PlanIssue[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'a list' : value === null ? 'empty' : `a ${typeof value}`;
    return [{ path: [], message: `a plan must be a map of keys (goal:, workflow_sequence:, tools:, …), not ${kind}` }];
  }
  return planValueIssues(value, MAX_NESTING);
}

/** Every check on a parsed value, all problems at once, as unlocated issues (the loader adds positions). */
export function checkPlanValue(value: unknown, options: ValidatePlanOptions): PlanCheck {
  const shape = shapeIssues(value);
  if (shape.length > 0) return { ok: false, issues: shape };
  const parsed = Plan.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const recheck = (stripped: unknown): readonly PlanIssue[] => {
      const again = checkPlanValue(stripped, options);
      return again.ok ? [] : again.issues;
    };
    return { ok: false, issues: [...schemaIssues(parsed.error.issues, Plan), ...issuesBesideSchema(value, parsed.error.issues, recheck)] };
  }
  const plan = parsed.data;
  if (plan.goal === undefined && plan.workflow_sequence === undefined) return { ok: false, issues: [{ path: [], message: NEEDS_GOAL_OR_STEPS }] };

  const rawSteps = plan.workflow_sequence ?? [];
  const asWritten = options.tasksAsWritten;
  const built = buildPlanSteps(rawSteps);
  // Copied only where a step is taken as written: most plans (every file's) have none.
  const steps = asWritten && asWritten.size > 0 ? built.map((step) => (asWritten.has(step.key) ? { ...step, taskAsWritten: true as const } : step)) : built;
  const { tools, issues: toolIssues, withheld } = buildToolCatalogue(plan, options.extraTools, options.withhold);
  const { stepIndex, issues: idIssues } = indexStepIds(rawSteps);
  const nameIssues = checkStepNames(rawSteps, stepIndex);
  const cycleIssues = checkCycles(rawSteps, steps, stepIndex);
  const referenceCheck = checkReferences(steps, stepIndex, Object.keys(plan.inputs ?? {}), cycleIssues.length === 0);
  const ctx = { plan, steps, stepIndex, tools, references: referenceCheck.references };
  const schemas = checkInputSchemas(ctx);
  // A plan a `type: plan` step uses: it runs with the top plan's toolsets, `github:` and step count, checked there (loadSubplans).
  const usedPlan = (options.chain?.length ?? 0) > 1;
  const issues = [
    ...toolIssues,
    ...idIssues,
    ...checkStepFields(rawSteps),
    // Not the completed steps a replacement keeps: they have run, and keeping only the edges between completed steps
    // can leave an aggregate with none (its one optional input failed), which refused every replacement (review).
    ...checkStepInstructions(plan, rawSteps, steps, options.origin === 'model' ? (options.modelStepsFrom ?? 0) : 0),
    ...nameIssues,
    ...checkOptionalConflicts(rawSteps),
    ...cycleIssues,
    ...(cycleIssues.length === 0 ? checkFanOut(steps) : []),
    ...referenceCheck.issues,
    // A used plan's toolsets run with the top plan's `http:` and `github:` (see loadSubplans).
    ...checkTools(plan, tools, withheld, usedPlan),
    // A used plan writes with the top plan's `github:`, which checks its labels (loadSubplans).
    ...(usedPlan ? [] : checkGithubLabels(plan, tools, plan.github?.writes?.labels, false, options.origin === 'model')),
    // Its caps too, counting the used plans' writes once they are loaded (loadSubplans); a job that runs no steps writes none.
    ...(usedPlan || options.stepsRun === false ? [] : checkGithubWriteCaps(plan, tools, plan.github?.writes, undefined, options.githubWritten && { written: options.githubWritten, from: options.modelStepsFrom ?? 0 }, options.origin === 'model')),
    ...schemas.issues,
    ...checkArgs(ctx, schemas.schemas, options.argsCheckLimitMs),
    ...checkGoals(plan.goals ?? [], new Set(stepIndex.keys()), rawSteps.length > 0),
    ...checkCommandArgv(plan),
    ...checkPricing(plan, options.model),
    ...(options.origin === 'model' || options.stepsRun === false || usedPlan ? [] : checkStepCount(plan, rawSteps.length)),
    ...(options.origin === 'model' || options.stepsRun === false || usedPlan ? [] : checkModelBudget(plan, steps)),
    ...(options.origin === 'model' ? checkHardcodedResults(ctx, options.modelStepsFrom ?? 0) : []),
    // A completed plan step a replacement keeps came from the plan file; the model's own steps start at modelStepsFrom.
    ...(options.origin === 'model' ? rawSteps.flatMap((step, index) => (step.type === 'plan' && index >= (options.modelStepsFrom ?? 0) ? [{ path: ['workflow_sequence', index, 'type'], message: 'a plan a model writes cannot use other plan files; use tool_call, reasoning or aggregate steps' }] : [])) : []),
  ];
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    plan: {
      ...(options.file !== undefined && { file: options.file }),
      source: plan,
      name: planName(plan, options.file),
      ...(plan.goal !== undefined && { goal: plan.goal }),
      steps,
      limits: { ...DEFAULT_LIMITS, ...plan.limits },
      tools,
      ...(withheld.size > 0 && { withheld }),
      ...(options.withhold !== undefined && { withhold: options.withhold }),
    },
  };
}

/**
 * Validates a plan given as a value (a plan a model wrote, or JSON), with every check a file gets.
 * Errors carry paths but no positions; `origin: 'model'` adds the hard-coded-result rule.
 */
export function validatePlanObject(value: unknown, options: ValidatePlanOptions): LoadResult {
  try {
    const result = checkPlanValue(value, options);
    if (result.ok) return result;
    return { ok: false, errors: result.issues.map((issue): PlanError => ({ ...(options.file !== undefined && { file: options.file }), path: formatPath(issue.path), message: issue.message })) };
  } catch (error) {
    return { ok: false, errors: [unexpectedError(error, options.file)] };
  }
}

/** A plan error for a failure no check foresaw, so callers still get a result and never a stack trace. */
export function unexpectedError(error: unknown, file?: string): PlanError {
  const detail = error instanceof RangeError ? 'the plan is too large or too deeply nested to check' : `the plan could not be checked: ${error instanceof Error ? error.message : String(error)}`;
  return { ...(file !== undefined && { file }), path: '', message: detail };
}
