import { DEFAULT_LIMITS } from '../plan/schema.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { redactDeep, type Redactor } from '../core/redact.ts';
import { stableHash } from '../core/stable-hash.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import { approvalStepKey, pendingApprovalStep } from './approval-request.ts';
import type { GrantedApproval } from './run-deps.ts';
import { toolsStepMayCall } from './step-tools.ts';
import type { ReferenceSources } from '../plan/resolve-references.ts';

/** What the gate reads of the tools: whether each has side effects (a run's registry, or a plan's catalogue for its preview). */
export type ApprovalTools = ReadonlyMap<string, { readonly sideEffects: boolean }>;

/**
 * Decides which steps wait for a person: the plan's `approval:` policy (`side-effects`, `plan`), a
 * step's own `approval: true` and what a used plan asks for (see `#reason`), less the steps an
 * approval already covers (by `approvalStepKey`). A used plan's own run asks for nothing: the step that
 * runs it waited for whatever it asks.
 */
export class ApprovalGate {
  readonly #plan: RunnablePlan;
  readonly #tools: ApprovalTools;
  readonly #approved: ReadonlySet<string>;
  readonly #shownArgs: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly #redact?: Redactor;
  readonly #usedPlanRun: boolean;
  /** What each used plan asks for (its first step that needs approval, and why), or null: each looked at once. */
  readonly #askedByUsedPlan = new Map<RunnablePlan, string | null>();

  /**
   * `redact`: the run's redactor; the arguments were shown (and kept in the trace) redacted, and are compared so.
   * `usedPlanRun`: the run of a used plan, whose step in the outer run was let through this gate.
   */
  constructor(plan: RunnablePlan, tools: ApprovalTools, approval?: Pick<GrantedApproval, 'approved' | 'shownArgs'>, redact?: Redactor, usedPlanRun = false) {
    this.#usedPlanRun = usedPlanRun;
    this.#plan = plan;
    this.#tools = tools;
    if (redact) this.#redact = redact;
    this.#approved = approval?.approved ?? new Set();
    this.#shownArgs = approval?.shownArgs ?? new Map();
  }

  /** Why the step needs approval before it runs, or undefined when it needs none. */
  needs(step: PlanStep): string | undefined {
    return this.#usedPlanRun ? undefined : this.#reason(step, this.#plan);
  }

  /**
   * Why a step of `plan` needs approval: its own `approval: true`, its plan's policy, or (a `type: plan`
   * step) what the plan it uses asks for, nested ones too. A used plan's run cannot pause for a person (its
   * pause was its step's failure, and no approval could reach it): its step waits in its stead, and the
   * approval of that step covers the used plan's run.
   */
  #reason(step: PlanStep, plan: RunnablePlan): string | undefined {
    if (step.approval) return 'the step asks for approval (approval: true)';
    const policy = plan.source?.approval ?? 'never';
    if (policy === 'plan') return 'the plan asks for approval before any step runs (approval: plan)';
    if (policy === 'side-effects') {
      const writes = toolsStepMayCall(step, plan).filter((name) => this.#tools.get(name)?.sideEffects);
      if (writes.length > 0) return `it uses ${writes.join(', ')}, a tool with side effects (approval: side-effects)`;
    }
    return this.#usedPlanAsks(step, plan);
  }

  /**
   * Whether the step asks for a person beyond what the plan's policy asks of every step like it: its own
   * `approval: true`, or (a `type: plan` step) the plan it uses asks. A replacement of such a step asks in its place.
   */
  asksOfItself(step: PlanStep): boolean {
    return !this.#usedPlanRun && (step.approval === true || this.#usedPlanAsks(step, this.#plan) !== undefined);
  }

  /** What the plan a `type: plan` step uses asks for, nested ones too, in words; undefined when it asks nothing. */
  #usedPlanAsks(step: PlanStep, plan: RunnablePlan): string | undefined {
    const used = step.type === 'plan' && step.uses !== undefined ? plan.subplans?.get(step.uses) : undefined;
    if (used === undefined) return undefined;
    let asks = this.#askedByUsedPlan.get(used);
    if (asks === undefined) {
      // Null while it is looked at: plans that use each other are refused at load, and would ask nothing more here.
      this.#askedByUsedPlan.set(used, null);
      asks = null;
      for (const inner of used.steps) {
        const why = this.#reason(inner, used);
        if (why === undefined) continue;
        asks = `its step ${inner.id}: ${why}`;
        break;
      }
      this.#askedByUsedPlan.set(used, asks);
    }
    return asks === null ? undefined : `the plan ${step.uses} asks for approval before ${asks}`;
  }

  /**
   * Why the step may not start yet: it needs approval and no approval covers it, or the approval
   * showed it with other arguments than it would run with now (a step it depends on ran again and
   * answered otherwise): then it asks again, with the arguments it has now.
   */
  blocks(step: PlanStep, sources: ReferenceSources): string | undefined {
    const why = this.needs(step);
    if (why === undefined) return undefined;
    // Runs paused before keys were taken redacted recorded the unredacted step's; it covers the same step.
    const key = [approvalStepKey(step, this.#redact), approvalStepKey(step)].find((candidate) => this.#approved.has(candidate));
    if (key === undefined) return why;
    const shown = this.#shownArgs.get(key);
    if (shown === undefined) return undefined;
    const resolved = pendingApprovalStep(step, sources, { maxItems: this.#plan.limits.max_items ?? DEFAULT_LIMITS.max_items }).args;
    const now = resolved && this.#redact ? redactDeep(resolved, this.#redact) : resolved;
    if (now !== undefined && stableHash(now) === stableHash(shown)) return undefined;
    // A request from before a for_each agent step (or one whose arguments a model picks) showed its items:
    // nothing changed, but what was approved did not cover them.
    if (step.forEach && !Object.hasOwn(shown, 'for_each')) return `${why}; the request it was approved on did not show its items (an earlier plan-runner made it), so it asks again with them`;
    return `${why}; it was approved with other arguments than it has now (a step it depends on answered otherwise)`;
  }
}
