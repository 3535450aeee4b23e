import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { groupDigits } from '../core/group-digits.ts';
import { isInside } from '../core/is-inside.ts';
import { checkGithubLabels } from './check-github-labels.ts';
import { checkGithubWriteCaps, usedPlanWrites } from './check-github-write-caps.ts';
import { checkUsedPlansPricing } from './check-pricing.ts';
import { checkUsedStepCount } from './check-step-count.ts';
import { checkUsedPlanResults } from './check-used-plan-results.ts';
import { checkUsedPlansModelBudget } from './check-model-budget.ts';
import { priceOf, type PriceOverrides } from '../llm/pricing.ts';
import { findReferences, isStepResultObject } from './find-references.ts';
import { parsePlanYaml } from './parse-plan-yaml.ts';
import type { PathSegment } from './plan-issue.ts';
import { readInput, refusesEveryValue } from './resolve-inputs.ts';
import { standIn, type KindSources } from './reference-kind.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { planErrorAt, problemCount, type PlanError } from './plan-error.ts';
import type { CommandTool } from './schema.ts';
import type { LoadResult, ValidPlan } from './valid-plan.ts';
import { MAX_PLAN_DEPTH } from '../core/run-event.ts';
import { pushAll } from '../core/push-all.ts';

/**
 * Why a used plan's `uses:` path (or a file an action input names, `subject`, which names `what` it is) is not one
 * plan-runner reads, or undefined: outside the repository `root`, a link inside it to a file outside it (its keys
 * were quoted in errors, and a valid plan there ran its commands: found by a review), or in `.git`. `/reject`'s
 * look at the used plans' goals asks the same.
 */
export async function outsideRepository(root: string, uses: string, subject = 'uses', what = 'a plan file'): Promise<string | undefined> {
  const resolved = path.resolve(root, uses);
  if (!isInside(root, resolved)) return `${subject} must name ${what} inside the repository (relative to its root); ${uses} is outside it`;
  const real = await realpath(resolved).catch(() => undefined);
  if (real === undefined) return undefined;
  const realRoot = await realpath(root).catch(() => root);
  if (!isInside(realRoot, real)) return `${subject} must name ${what} inside the repository; ${uses} is a link to a file outside it`;
  // No file plan-runner reads lives in `.git`: a link there names its config, which holds the checkout's token.
  if (path.relative(realRoot, real).split(path.sep).some((segment) => segment.toLowerCase() === '.git')) return `${subject} must name ${what} in the repository, not in .git; ${uses} is in or links into it`;
  return undefined;
}


/** Loads one plan file with the chain of files that led to it (for cycles and depth). */
export type LoadPlanInChain = (file: string, chain: readonly string[]) => Promise<LoadResult>;

export interface SubplanContext {
  /** The outer plan's file, as the caller named it, and its text (for positions of `uses:`). */
  readonly file: string;
  readonly text: string;
  /** Files from the top plan down to this one, resolved: `a.yml` uses `b.yml` uses … */
  readonly chain: readonly string[];
  /** The repository root: `uses:` paths are relative to it. */
  readonly root: string;
  /** Loads a used plan by its resolved path; its errors name files as the caller does, relative to the working directory. */
  readonly load: LoadPlanInChain;
  /** The caller's model (action input, `--model`), which replaces this plan's `model.name`: used plans without one call it. */
  readonly model?: string;
  /** The caller's model wait, which replaces every plan's `model.timeout_seconds`: a used plan's other one then does not matter. */
  readonly modelTimeoutSeconds?: number;
  /** As LoadPlanOptions.stepsRun: false when the job runs none of the plan's steps (`mode: agent`). */
  readonly stepsRun?: boolean;
}

interface Issue {
  readonly path: readonly PathSegment[];
  readonly message: string;
}

function sameTool(a: CommandTool, b: CommandTool): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function shortName(file: string, root: string): string {
  return isInside(root, file) ? path.relative(root, file) : file;
}

/**
 * Loads the plans a plan's `type: plan` steps use, each validated with positions in its own file;
 * a cycle between plan files prints the chain, and depth is bounded. The used plans' command tools
 * and toolsets join the run's (one registry opens them); a clash, an undeclared `with:` input or a
 * missing required one is an error at the step's line.
 */
export async function loadSubplans(plan: ValidPlan, context: SubplanContext): Promise<LoadResult> {
  const planSteps = plan.steps.filter((step) => step.type === 'plan');
  if (planSteps.length === 0) return { ok: true, plan };
  const issues: Issue[] = [];
  const innerErrors: PlanError[] = [];
  const subplans = new Map<string, ValidPlan>();
  // Each used plan file, loaded once however many steps name it and however they spell it: one that did not
  // load gets its problems listed once, and each step naming it points at them (listed again for every step,
  // and again at every level above, 4 problems became 5,152 lines).
  const loadedAt = new Map<string, LoadResult>();
  // Problems already listed: two used plans that use the same broken file both bring its problems.
  const listed = new Set<string>();
  let tools = { ...plan.source.tools };
  const toolsets = new Set(plan.source.toolsets ?? []);
  const catalogue = new Map(plan.tools);
  const indexOf = new Map(plan.steps.map((step, index) => [step, index]));
  // Step keys are unique here: the plan passed its own checks.
  const kinds = { inputs: plan.source.inputs, steps: plan.steps, stepIndex: new Map(plan.steps.map((step, index) => [step.key, index])) };
  for (const step of planSteps) {
    const index = indexOf.get(step)!;
    const at = ['workflow_sequence', index, 'uses'];
    const uses = step.uses!;
    const resolved = path.resolve(context.root, uses);
    const names = [...context.chain, resolved].map((file) => shortName(file, context.root));
    const outside = await outsideRepository(context.root, uses);
    if (outside) {
      issues.push({ path: at, message: outside });
      continue;
    }
    if (context.chain.includes(resolved)) {
      issues.push({ path: at, message: `plan files use each other in a cycle: ${names.join(' → ')}; a plan cannot use itself, directly or through others` });
      continue;
    }
    if (context.chain.length >= MAX_PLAN_DEPTH) {
      issues.push({ path: at, message: `plans nest more than ${MAX_PLAN_DEPTH} deep (${names.join(' → ')}); use fewer levels of plans inside plans` });
      continue;
    }
    let loaded = loadedAt.get(resolved);
    if (loaded === undefined) {
      loaded = await context.load(resolved, [...context.chain, resolved]);
      loadedAt.set(resolved, loaded);
      if (!loaded.ok) {
        for (const error of loaded.errors) {
          const key = `${error.file === undefined ? '' : path.resolve(error.file)}:${error.line}:${error.column}:${error.path}:${error.message}`;
          if (listed.has(key)) continue;
          listed.add(key);
          innerErrors.push(error);
        }
      }
    }
    if (!loaded.ok) {
      // Error files are named as the caller names them, relative to the working directory, not the root.
      const own = loaded.errors.filter((error) => error.file === undefined || path.resolve(error.file) === resolved);
      const count = problemCount(loaded.errors);
      issues.push({ path: at, message: own.length === 0 ? `the plan ${uses} could not be loaded (see below)` : `the plan ${uses} has ${groupDigits(count)} problem${count === 1 ? '' : 's'} (listed with their own positions)` });
      continue;
    }
    const inner = loaded.plan;
    subplans.set(uses, inner);
    pushAll(issues, usedPlanIssues(inner, uses, at));
    if (context.modelTimeoutSeconds === undefined) pushAll(issues, usedPlanTimeoutIssues(inner, uses, at, plan.source.model?.timeout_seconds));
    pushAll(issues, usedPlanPricingIssues(inner, uses, at, plan.source.pricing));
    pushAll(issues, withIssues(inner, step, kinds, uses, index));
    for (const [name, tool] of Object.entries(inner.source.tools ?? {})) {
      const mine = tools[name];
      if (mine && !sameTool(mine, tool)) {
        issues.push({ path: at, message: `the plan ${uses} declares tool \`${name}\` differently from this plan; give one of them another name` });
      } else tools = { ...tools, [name]: tool };
    }
    for (const toolset of inner.source.toolsets ?? []) toolsets.add(toolset);
    for (const [name, tool] of inner.tools) {
      const mine = catalogue.get(name);
      if (mine === undefined) catalogue.set(name, tool);
      // A toolset's tool against a declared one (command tools alike are compared above): one registry opens them, and
      // the run refused the name with no position (found by a hunt for bad inputs: validate said ok).
      else if ((mine.origin === 'toolset' || tool.origin === 'toolset') && (mine.origin !== tool.origin || mine.toolset !== tool.toolset)) {
        const theirs = tool.origin === 'toolset' ? `the \`${tool.toolset}\` toolset's \`${name}\`` : `a tool \`${name}\` of its own`;
        const ours = mine.origin === 'toolset' ? `the \`${mine.toolset}\` toolset's` : 'the one declared here';
        issues.push({ path: at, message: `the plan ${uses} brings ${theirs}, which clashes with ${ours}; give the declared tool another name` });
      }
    }
  }
  pushAll(issues, checkUsedPlanResults(plan.steps, subplans));
  // A used plan's http toolset calls within the top plan's `http.allow`, which it may not declare itself.
  if (context.chain.length === 1 && plan.source.http === undefined) pushAll(issues, usedHttpIssues(plan, subplans));
  if (context.chain.length === 1) pushAll(issues, usedPlanLabelIssues(plan, subplans));
  // This plan's own writes passed its caps (checkPlanValue); with the used plans' they may not.
  if (context.chain.length === 1 && context.stepsRun !== false) pushAll(issues, checkGithubWriteCaps(plan.source, plan.tools, plan.source.github?.writes, usedPlanWrites(subplans)));
  // Only now are the models the used plans call known: one with no price let the run start, pay for its steps,
  // and stop at that plan's first call (found by a review).
  pushAll(issues, checkUsedPlansPricing({ ...plan, subplans }, context.model));
  // The used plans' steps count against the top plan's max_steps, at any depth.
  if (context.chain.length === 1 && context.stepsRun !== false && issues.length === 0 && innerErrors.length === 0) pushAll(issues, checkUsedStepCount({ ...plan, subplans }));
  // And a model budget of 0 where only a used plan needs the model.
  if (context.chain.length === 1 && context.stepsRun !== false && issues.length === 0 && innerErrors.length === 0) pushAll(issues, checkUsedPlansModelBudget({ ...plan, subplans }));
  if (issues.length > 0 || innerErrors.length > 0) return { ok: false, errors: [...(await locate(issues, context)), ...innerErrors] };
  const source = { ...plan.source, ...(Object.keys(tools).length > 0 && { tools }), ...(toolsets.size > 0 && { toolsets: [...toolsets] }) };
  return { ok: true, plan: { ...plan, source, tools: catalogue, subplans } };
}

/** The `type: plan` steps of a top plan without `http:` whose used plans (at any depth) enable the http toolset. */
function usedHttpIssues(plan: ValidPlan, subplans: ReadonlyMap<string, ValidPlan>): Issue[] {
  return plan.steps.flatMap((step, index) => {
    const used = step.uses === undefined ? undefined : subplans.get(step.uses);
    if (!used?.source.toolsets?.includes('http')) return [];
    const message = `the plan ${step.uses} enables the http toolset, which calls only the URL prefixes the top plan allows: add http to \`toolsets:\` and \`http: { allow: [https://api.example.com/v1/] }\` here`;
    return [{ path: ['workflow_sequence', index, 'uses'], message }];
  });
}

/**
 * Labels the used plans' steps (at any depth) write out that the top plan's `github.writes.labels`, which they
 * write with, does not list (`checkGithubLabels`), each at the `uses:` line of the top plan's step that leads there.
 */
function usedPlanLabelIssues(plan: ValidPlan, subplans: ReadonlyMap<string, ValidPlan>): Issue[] {
  const allowed = plan.source.github?.writes?.labels;
  const walked = new Set<ValidPlan>();
  const issues: Issue[] = [];
  const visit = (used: ValidPlan, via: readonly string[], at: PathSegment[]): void => {
    if (walked.has(used)) return;
    walked.add(used);
    for (const issue of checkGithubLabels(used.source, used.tools, allowed, true)) {
      const step = typeof issue.path[1] === 'number' ? used.source.workflow_sequence?.[issue.path[1]] : undefined;
      issues.push({ path: at, message: `the plan ${via.join(' → ')}: step ${String(step?.id)}: ${issue.message}` });
    }
    for (const [uses, inner] of used.subplans ?? []) visit(inner, [...via, uses], at);
  };
  plan.steps.forEach((step, index) => {
    const used = step.uses === undefined ? undefined : subplans.get(step.uses);
    if (used) visit(used, [step.uses!], ['workflow_sequence', index, 'uses']);
  });
  return issues;
}

/** Budgets a used plan may not set: the top plan's budget is the one every nested call is charged to. */
const USED_PLAN_BUDGETS = ['max_steps', 'max_model_calls', 'max_tokens', 'max_cost_usd'] as const;

/** What a used plan may not do: be written by a model, bring its own servers, network settings, escalation or budgets, replan or review. */
function usedPlanIssues(inner: ValidPlan, uses: string, at: PathSegment[]): Issue[] {
  const issues: Issue[] = [];
  if (inner.steps.length === 0) issues.push({ path: at, message: `the plan ${uses} has no workflow_sequence; a used plan needs its steps written out` });
  // Its run's escalation is its step's in the top run, which tells the top plan's `escalate:`: one here told no one.
  for (const key of ['mcp_servers', 'http', 'github', 'escalate'] as const) {
    if (inner.source[key] !== undefined) issues.push({ path: at, message: `the plan ${uses} declares \`${key}\`; a used plan runs with the top plan's \`${key}\`, so declare it there` });
  }
  // Pins `mode: plan` froze a file with are checked only for the plan a job runs: a used plan's would be read by no one.
  if (inner.source.frozen !== undefined) {
    issues.push({ path: at, message: `the plan ${uses} holds \`frozen:\` (what mode: plan froze it with), whose pins are checked only when the file is the plan a job runs; run it as its own plan, or use the plan it was frozen from` });
  }
  // Its model calls count against the top plan's budget only: a budget of its own would be ignored, so it is refused.
  for (const key of USED_PLAN_BUDGETS) {
    if (inner.source.limits?.[key] !== undefined) {
      issues.push({ path: at, message: `the plan ${uses} sets \`limits.${key}\`, which a used plan cannot enforce: its ${key === 'max_steps' ? 'steps' : 'model calls'} count against this plan's budget; set ${key} here and remove it there` });
    }
  }
  // Its run has no replanner (its failure is its step's, which this plan recovers from): both were accepted and did nothing.
  const noReplans = "a used plan's run neither replans nor reviews (its failure is its step's, which this plan's `on_failure` and replans recover from)";
  // 0 is what its run does: a plan file run alone and used too says so (found by a review).
  const replans = inner.source.limits?.max_replans ?? 0;
  if (replans > 0) {
    issues.push({ path: at, message: `the plan ${uses} sets \`limits.max_replans: ${replans}\`, which a used plan cannot use: ${noReplans}; set max_replans here and remove it there (or set 0 there)` });
  }
  const reviewed = inner.steps.filter((step) => step.review === true).map((step) => step.key);
  if (reviewed.length > 0) {
    const after = `${reviewed.length === 1 ? 'step' : 'steps'} ${reviewed.join(', ')}`;
    issues.push({ path: at, message: `the plan ${uses} asks for a review after ${after} (\`review: true\`), which a used plan cannot do: ${noReplans}; to review after its whole run, set review: true on the step here that uses it, and remove it there` });
  }
  return issues;
}

/**
 * A used plan's `model.timeout_seconds` that differs from this plan's: its calls go through the run's one model
 * client, which waits as this plan says, so its own would be ignored. Not asked when the caller's setting replaces both.
 */
function usedPlanTimeoutIssues(inner: ValidPlan, uses: string, at: PathSegment[], own: number | undefined): Issue[] {
  const given = inner.source.model?.timeout_seconds;
  if (given === undefined || given === own) return [];
  const here = own === undefined ? 'this plan sets none' : `this plan sets ${own}`;
  return [{ path: at, message: `the plan ${uses} sets \`model.timeout_seconds: ${given}\` and ${here}: a used plan's model calls wait as the using plan's, so set the same model.timeout_seconds here, or remove it there` }];
}

/**
 * A used plan's `pricing:` that differs from the price its calls are charged at: this plan's `pricing:`, else
 * the built-in table (`checkUsedPlansPricing` asks for a price this plan lacks). Ignored, it let a used plan's
 * deployment priced at $2,000 a million tokens run under the top plan's `max_cost_usd` at the table's $0.40
 * (found by a budget hunt). The same price, or one for a model this plan has none for, is no conflict.
 */
function usedPlanPricingIssues(inner: ValidPlan, uses: string, at: PathSegment[], pricing: PriceOverrides | undefined): Issue[] {
  const issues: Issue[] = [];
  for (const [model, own] of Object.entries(inner.source.pricing ?? {})) {
    const charged = priceOf(model, pricing);
    if (!charged || (charged.inputPerMTok === own.input_per_mtok && charged.outputPerMTok === own.output_per_mtok)) continue;
    // The table's entry is the table's own object; this plan's is made from its `pricing:`.
    const where = charged === priceOf(model) ? ' (the built-in table)' : '';
    issues.push({
      path: at,
      message:
        `the plan ${uses} prices model '${model}' at $${own.input_per_mtok} in, $${own.output_per_mtok} out a million tokens, and this plan at $${charged.inputPerMTok} in, $${charged.outputPerMTok} out${where}: ` +
        "a used plan's calls are charged at this plan's prices, so give that price in this plan's `pricing:` or remove it there",
    });
  }
  return issues;
}

/**
 * `with:` names only the used plan's inputs, gives every required one without a default, and none a value it refuses:
 * written out, or made by a reference of a kind the file tells (`standIn`) that the input never takes.
 */
function withIssues(inner: ValidPlan, step: PlanStep, outer: Omit<KindSources, 'itemName'>, uses: string, index: number): Issue[] {
  const given = step.with ?? {};
  const declared = inner.source.inputs ?? {};
  const issues: Issue[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(declared, name)) {
      const known = Object.keys(declared);
      issues.push({ path: ['workflow_sequence', index, 'with', name], message: `the plan ${uses} has no input \`${name}\`; its inputs: ${known.length ? known.join(', ') : 'none'}` });
      continue;
    }
    // A value written out is read now, as the used plan's run would read it: refused only there, it failed that
    // step after the steps before it had run (found by an adversarial pass). One a reference makes is known then,
    // but for its kind where the file tells it: `${inputs.flag}` of a flag for a number (found by a hunt of references).
    const scan = findReferences(value);
    if (scan.problems.length > 0) continue;
    if (scan.references.length > 0) {
      const made = typeof value === 'string' || isStepResultObject(value) ? standIn(value, { ...outer, itemName: undefined }, `input '${name}'`) : undefined;
      const refused = made && refusesEveryValue(name, declared[name]!, made);
      if (refused) issues.push({ path: ['workflow_sequence', index, 'with', name], message: `the plan ${uses}: ${refused}, and ${made.why}; ${made.fix}` });
      continue;
    }
    const read = readInput(name, declared[name]!, value);
    if (!read.ok) issues.push({ path: ['workflow_sequence', index, 'with', name], message: `the plan ${uses}: ${read.error}` });
  }
  for (const [name, input] of Object.entries(declared)) {
    if (Object.hasOwn(given, name) || input.default !== undefined || input.required === false) continue;
    issues.push({ path: ['workflow_sequence', index], message: `the plan ${uses} needs input \`${name}\`; add it under \`with:\`` });
  }
  return issues;
}

async function locate(issues: readonly Issue[], context: SubplanContext): Promise<PlanError[]> {
  const yaml = await parsePlanYaml(context.text, context.file);
  const positions = yaml.ok ? await yaml.parsed.positions() : undefined;
  return issues.map((issue) => planErrorAt(context.file, positions, issue));
}
