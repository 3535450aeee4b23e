import type { Redactor } from '../core/redact.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { StepRunner } from '../steps/step-context.ts';
import type { ToolRegistry } from '../tools/tool.ts';
import type { ListenerErrorHandler } from './broadcast.ts';
import type { Clock } from '../core/clock.ts';
import type { ApprovalPlace, ApprovalRequest, RunListener } from '../core/run-event.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import type { GoalTarget } from '../goals/goal-target.ts';
import type { Goal } from '../plan/schema.ts';
import type { Replanner } from './replanner.ts';
import type { RunStoppedError } from './run-stopped-error.ts';
import type { FanOutPart } from './fan-out-part.ts';
import type { ResumeState } from './resume-state.ts';
import type { RunBudget } from './run-budget.ts';
import type { RunJournal } from './run-journal.ts';
import type { StepWeights } from './start-order.ts';
import type { StepSlots } from './step-slots.ts';
import type { InputGap } from './partial-inputs.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/** Everything a run talks to, passed in so tests hand over scripted stand-ins. */
export interface RunDeps {
  /** Runs one step (the step kinds); the executor only schedules and records. */
  readonly runStep: StepRunner;
  readonly tools: ToolRegistry;
  readonly model?: ModelClient;
  /** Renderers: console, comment, summary, trace. They listen; a throwing one is reported, not fatal. */
  readonly listeners: readonly RunListener[];
  readonly clock: Clock;
  /**
   * The clock's reading when the job began, before a model wrote the plan: the run's times (events'
   * `at`, its duration) count from it, so they include planning. Default: when the run starts.
   */
  readonly startedAt?: number;
  /**
   * The journal the job recorded the model's writing of the plan in (its `model_used` events, before `plan_created`):
   * the run goes on in it, so its listeners follow one record, and does not record that spending again. A used plan's
   * run keeps its own.
   */
  readonly journal?: RunJournal;
  /** Aborting it cancels the run (SIGINT/SIGTERM); the run still records its final state. */
  readonly signal?: AbortSignal;
  readonly cwd: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  /**
   * The run's redactor, when the tools get redacted arguments and the trace redacted results: call
   * keys and the results in reuse keys are hashed as redacted, so a resume, which sees only those,
   * finds the same keys (a side effect whose arguments held a secret was made again).
   */
  readonly redact?: Redactor;
  /** Told when a listener throws (e.g. `core.warning`); by default such errors are dropped. */
  readonly onListenerError?: ListenerErrorHandler;
  /**
   * Why the run's record can no longer be kept (its trace could not be written: a full disk), asked
   * after a call with side effects is recorded and before it is made. A call a resume could not know
   * of is not made: it would be made again.
   */
  readonly recordProblem?: () => string | undefined;
  /** What the job may spend; shared with the planner and goal judges. Default: the plan's limits. */
  readonly budget?: RunBudget;
  /** Writes replacement steps and reviews plans. Without one, `on_failure` defaults to `fail`. */
  readonly replanner?: Replanner;
  /** Expected duration of each step (from a previous run's trace): ready steps start longest remaining path first. Default: 1 each. */
  readonly stepWeights?: StepWeights;
  /**
   * Checks a used plan's goals after its nested run (with the job's goal environment); default: no environment.
   * `within` is the key of the step that used the plan, in the whole job (`GoalDeps.within`).
   */
  readonly checkGoals?: (goals: readonly Goal[], target: GoalTarget, signal: AbortSignal | undefined, within: string) => Promise<GoalResult[]>;
  /**
   * In a job whose checkout is not the commit its run is for (`checkoutElsewhere`): whether a step run here (of `plan`, the
   * top plan or a used one) reads that checkout. Its result is then marked `elsewhere` (`step_completed`), which a resume
   * keeps. Default: none does.
   */
  readonly readsElsewhere?: (step: PlanStep, plan: RunnablePlan) => boolean;
  /**
   * For a used plan's run: why what it was given came from a result read from a checkout that is not the run's commit.
   * No goal of it, nor of a plan it uses, is then checked (`runNestedPlan`).
   */
  readonly foreignInputs?: string;
  /** In [0, 1): the jitter of retry waits; tests pass a constant. Default `Math.random`. */
  readonly random?: () => number;
  /** An earlier run of this plan: its completed steps are reused where their keys match, its side effects never repeated. */
  readonly resume?: ResumeState;
  /**
   * The hash of the plan file's steps this run's steps come from (`fileStepsHash`), recorded in its
   * `plan_created`: a resume of this run, or of a resume of it, knows that its replans were of those steps.
   */
  readonly fileSteps?: string;
  /**
   * The hash of what a model that writes or replans this run's steps is given besides them (`plannedFor`),
   * recorded in its `plan_created`: a resume with another goal or other inputs writes its steps anew.
   */
  readonly plannedFor?: string;
  /** Set for the run of a used plan inside a `type: plan` step: the outer run writes what the resume state carries, once. */
  readonly inner?: true;
  /** In the run of a used plan: the key of the step that used it, in the whole job (`stepKeyWithin`). */
  readonly within?: string;
  /** In the run of a used plan: its inputs given (through `with:`) a result that lacks work, and why (`PartialInputs.givenTo`). */
  readonly partialInputs?: ReadonlyMap<string, InputGap>;
  /** The job's side-effect calls, shared by the outer run with the runs of the plans it uses; a run without one starts its own. */
  readonly calls?: CallRegistry;
  /**
   * The job's concurrency (the top plan's `limits.concurrency`), shared by the outer run with the runs of the
   * plans it uses; a run without one starts its own.
   */
  readonly slots?: StepSlots;
  /**
   * In the run of a used plan: stops the job's outermost run, whose stop stops every run inside it (as their limit), for a
   * reason nothing of the job may go on past (`StepError.stopsRun`): the using run would replan around its step.
   */
  readonly stopJob?: (reason: RunStoppedError) => void;
  /** A person's approval this run goes on with: the steps it covers (`approvalStepKey`) may start. */
  readonly approval?: GrantedApproval;
  /** Where a pause of this run is shown (its comment's pull request or issue, and the commit): recorded in what it asks. */
  readonly askedAt?: ApprovalPlace;
  /** The part of a fanned-out run (job matrix) this run plays; absent: the whole plan runs here. */
  readonly fanOut?: FanOutPart;
}

/** One side-effect call in a run's `CallRegistry`. */
export interface RegisteredCall {
  /** The step that made it, as its own plan names it. */
  readonly stepKey: string;
  /** The plan that made it, when a run of this job did (a call the run resumed from names none). */
  readonly plan?: string;
  readonly outcome: 'succeeded' | 'unknown';
  /** When it was made (ISO): a tool that can look for its effect looks from then on. */
  readonly calledAt: string;
  /** The plan run that made it, told apart from the one asking; undefined for a call of the run resumed. */
  readonly by?: object;
  /** Made by the run this one resumed. */
  readonly inherited?: true;
  /** Set while the call waits for its answer: resolves once it has one (its record then holds the outcome, without this). */
  readonly answered?: Promise<void>;
}

/**
 * Every side-effect call of one job's runs, the outer plan's and its used plans' (`type: plan` steps, at
 * any depth, each time one is used), by tool and arguments (`anyPlanCallKey`): a call any of them made is
 * never made again by another. A plan run keys its own calls by its plan's name too (`toolCallKey`), for
 * the tool's idempotency key and the trace.
 */
export type CallRegistry = Map<string, RegisteredCall>;

/** An approval granted to a paused run: its hash, who gave it, and the steps it covers. */
export interface GrantedApproval {
  readonly hash: string;
  readonly by?: string;
  readonly approved: ReadonlySet<string>;
  /** What was asked and approved: the trace keeps it, so a re-run of this run goes on with the same approval. */
  readonly request?: ApprovalRequest;
  /** The arguments the person was shown, by step (`approvalStepKey`), where the request had them resolved. */
  readonly shownArgs?: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}
