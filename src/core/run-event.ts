import type { EarlierAttempts } from './earlier-attempts.ts';
import type { PlanStep } from './plan-step.ts';
import type { Usage } from './usage.ts';
import type { TodoItem } from './todo-item.ts';
import type { RunRecord } from './run-record.ts';

/** The one state a step is in. "failed" and "skipped because something upstream failed" differ. */
export type StepState = 'pending' | 'waiting' | 'in_progress' | 'completed' | 'failed' | 'skipped';

/**
 * How a run ended. `goals-unmet` is decided after the run, by the goal checks. `awaiting-approval`:
 * it ran what it could and waits for a person before the rest; `rejected`: a person said no.
 */
export type RunStatus = 'succeeded' | 'failed' | 'goals-unmet' | 'escalated' | 'cancelled' | 'awaiting-approval' | 'rejected';

/** A step a paused run asks a person to approve: what it will call, with the arguments where they are known yet. */
export interface PendingApprovalStep {
  readonly stepKey: string;
  readonly type: string;
  readonly title: string;
  readonly tool?: string;
  /** Resolved arguments; absent when the model chooses them, or they wait on a step not yet run. */
  readonly args?: Readonly<Record<string, unknown>>;
  /** Keys of the tools an agent step may call. */
  readonly tools?: readonly string[];
  /** What the step's model works on where its title is not it (cut, with `…`): an agent's task, a reasoning or aggregate step's description. */
  readonly task?: string;
  /** The plan file a `type: plan` step runs: its approval covers that plan's whole run. */
  readonly uses?: string;
  /** Why it waits (`ApprovalGate.needs`): a used plan's step that asks, or a tool with side effects. */
  readonly reason?: string;
  /** Identifies the step's definition (`approvalStepKey`): approval covers this exact step. */
  readonly approvalKey: string;
}

/** What a paused run asks a person to approve, and the hash of exactly that (`approvalHash`). */
export interface ApprovalRequest {
  readonly hash: string;
  /**
   * Where the run asked: the pull request or issue whose comment shows the pause, and the commit the run is for. Not
   * part of the hash; an `/approve` elsewhere answers nothing. Absent where no comment showed the pause, and in requests
   * recorded before 2026-12-07.
   */
  readonly at?: ApprovalPlace;
  /** The hash of the plan file as parsed (`planFileHash`): the approving run checks the file on its branch still gives it. */
  readonly planFileHash: string;
  /** The plan at the pause. */
  readonly plan: PlanSnapshot;
  /** Every step not yet run that needs approval, waiting ones first. */
  readonly pending: readonly PendingApprovalStep[];
  /**
   * A hash of the run's inputs at the pause: the approving run must have the same, as the pending
   * steps' arguments (and the results they come from) follow from them. Absent in requests recorded
   * before 2026-12-01.
   */
  readonly inputsHash?: string;
}

/** The pull request or issue a paused run showed its pause on, and the commit the run is for (see `ApprovalRequest.at`). */
export interface ApprovalPlace {
  readonly kind: 'pull_request' | 'issue';
  readonly number: number;
  readonly headSha?: string;
}

/** The plan as it stands at a revision: what a client draws once and then updates in place. */
export interface PlanSnapshot {
  readonly name: string;
  readonly goal?: string;
  readonly file?: string;
  readonly revision: number;
  readonly steps: readonly PlanStep[];
}

/** An item of a `for_each` step that failed, as the step records it. */
export interface ItemFailure {
  readonly index: number;
  readonly key: string;
  readonly error: string;
}

interface EventBase {
  /** Milliseconds since the run started (from the run's clock, so tests are deterministic). */
  readonly at: number;
}

/**
 * Every change in a run is one of these, on one stream. `plan_created` is the full snapshot
 * (the TODO design's `execution_plan_update`); the rest are status updates
 * (`execution_plan_status_update`) that a client applies in place.
 */
export type RunEvent =
  | (EventBase & {
      readonly type: 'plan_created';
      readonly plan: PlanSnapshot;
      /** The trace format (`TRACE_FORMAT`): a resume refuses a trace of another format. */
      readonly format?: number;
      /** A hash of the plan as it runs (its steps and settings), to tell plan versions apart. */
      readonly planHash?: string;
      /**
       * Steps that failed in the run this one resumes, and that a replan replaced there, with why: this
       * run cannot run them again, so their failure stands; kept here for a run that resumes this one.
       */
      readonly carried?: Readonly<Record<string, string>>;
      /**
       * A resumed run: the failures and replans of the run it resumes (and of those that run resumed), which its
       * replanner is told; kept here for a run that resumes this one.
       */
      readonly earlier?: EarlierAttempts;
      /**
       * The hash of the plan file's steps as the trace keeps them (redacted) that this run's steps come
       * from: the file's own, or a run's replans of them that this run resumed. A resume of this run whose
       * file still has those steps resumes the plan this run last had, replans included, at any depth of
       * resumes (`fileStepsHash`).
       */
      readonly fileSteps?: string;
      /**
       * The hash of what a model that wrote or replanned this run's steps was given besides them: the goal,
       * the goal checks' names and the run's inputs (`plannedFor`). A resume with other ones does not take
       * those steps as they were written.
       */
      readonly plannedFor?: string;
      /**
       * A resumed run: how many `result_carried` and inherited (`kind: inherited`) `tool_called` lines follow
       * this one, what it carries from the run it resumes. The trace writes them with it in one write (a kill
       * in between left a started run that knew nothing of the run it resumed: a resume of it made every
       * side effect again), and a resume refuses a trace that holds fewer.
       */
      readonly carries?: number;
      /**
       * Written by every run since results read from a checkout other than the run's commit are marked (`elsewhere` of
       * `step_completed`): a resume of a trace without it cannot tell, and a job whose checkout is elsewhere takes its
       * reused steps that read a checkout as read elsewhere.
       */
      readonly marksElsewhere?: true;
      /**
       * Written by every run since a used plan's carried results are kept in their place (`placedReuseKey` in
       * `result_carried`): a trace without it carried them under their bare reuse key, which a resume places where it
       * can (`placeCarriedResults`).
       */
      readonly placedReuseKeys?: true;
      /**
       * Written by `eval`'s runs (`--trace-dir`): their model answers may be scripted (`--answers`), their tools' faults
       * injected, their steps run as a baseline. A resume refuses such a trace: it would take those results as a real run's.
       */
      readonly evaluation?: true;
    })
  | (EventBase & {
      readonly type: 'step_started';
      readonly stepKey: string;
      /** Hash of what the step's result depends on (`stepReuseKey`): a resume reuses a completed step with the same key. */
      readonly reuseKey?: string;
    })
  | (EventBase & {
      readonly type: 'tool_called';
      readonly stepKey: string;
      readonly tool: string;
      /** The arguments as the tool received them: references resolved, or as the model chose them. */
      readonly args: Readonly<Record<string, unknown>>;
      readonly sideEffects: boolean;
      /** Stable for the same logical call across retries, replans and resumes (`PLAN_RUNNER_IDEMPOTENCY_KEY`). */
      readonly callKey: string;
      /**
       * Set when an item of the `for_each` step `stepKey` made the call: the item's key (`review[3]`) and
       * its step's reuse key. A resumed item is told of its calls only while its step is the same.
       */
      readonly item?: CallingItem;
      /**
       * `inherited`: a side-effect call an earlier run made (or may have), carried into this trace
       * so a resume of this run knows it too; `check`: looking for the effect of such a call
       * instead of making it again.
       */
      readonly kind?: 'inherited' | 'check';
      /** When the call was made (ISO), for an inherited call or a check: effects are looked for from then on. */
      readonly calledAt?: string;
      /**
       * A check of a call the run resumed records (`ResumeState.from`, in words): found, the step's result is what that
       * call made, and its line says so; a check of a call of this run has none.
       */
      readonly madeIn?: string;
    })
  | (EventBase & {
      readonly type: 'tool_returned';
      readonly stepKey: string;
      readonly tool: string;
      readonly callKey: string;
      /** `unknown`: a call with side effects that ended without an answer (timeout, cancel): it may have taken effect. */
      readonly outcome: ToolCallOutcome;
      readonly error?: string;
    })
  | (EventBase & {
      readonly type: 'step_retrying';
      readonly stepKey: string;
      readonly attempt: number;
      readonly maxAttempts: number;
      readonly waitMs: number;
      readonly error: string;
    })
  | (EventBase & {
      readonly type: 'step_completed';
      readonly stepKey: string;
      readonly result: unknown;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Attempts made, when the step was retried (absent for one attempt). */
      readonly attempts?: number;
      /**
       * Set when the result was taken from an earlier run's trace: what the step cost then, and how long it took then
       * when that is known (`durationMs` above is this run's, 0), so this run's trace weighs it (`weights-from`).
       */
      readonly reused?: { readonly usage: Usage; readonly durationMs?: number };
      /** Items of a `for_each` step with `on_item_failure: continue` that failed (their results are null). */
      readonly failedItems?: readonly ItemFailure[];
      /** Why a `tool_call` step's result counts as partial (a result it was given lacks work), or a `type: plan` step's (its plan's result does; `PartialInputs`). */
      readonly partial?: string;
      /** With `partial`: the run judged the result made from what lacks work (a tool's answers on it), so no goal passes on it (`PartialInputs`). */
      readonly made?: true;
      /**
       * Set when this result is not the step's own as it ran, with something masked: the trace keeps
       * every string redacted (secrets, token shapes), so a result it changed is saved masked, and a
       * resumed run that reuses that copy, or makes a result from one, has a masked result too. No
       * goal is judged on a masked result (`resolveGoalTarget`).
       */
      readonly masked?: true;
      /**
       * Set when the result was read from a checkout that is not the commit its run is for (see `checkoutElsewhere`): the
       * step, an item of it or a step of the plan it used read that checkout, in this run or in the run it was reused
       * from. No goal is checked on it (`checkoutResults`), and a reuse keeps the mark, as it keeps `masked`.
       */
      readonly elsewhere?: true;
    })
  | (EventBase & {
      readonly type: 'step_failed';
      readonly stepKey: string;
      readonly error: string;
      readonly transient: boolean;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Attempts made, when the step was retried (absent for one attempt). */
      readonly attempts?: number;
    })
  /**
   * A fan-out shard job ran every item of a `fan_out` step that is its own (the others are other shards'): its share
   * ended, `completed`, or `failed` when every one of its items failed (under `on_item_failure: continue`; `error` says
   * so). Not `step_completed` or `step_failed`: the merge job ends the step from every shard's items.
   */
  | (EventBase & { readonly type: 'share_ended'; readonly stepKey: string; readonly state: 'completed' | 'failed'; readonly durationMs: number; readonly usage: Usage; readonly error?: string })
  | (EventBase & { readonly type: 'step_skipped'; readonly stepKey: string; readonly reason: string })
  /** A ready step that needs a person's approval: it does not start in this run, nor do its dependents. */
  | (EventBase & { readonly type: 'step_waiting'; readonly stepKey: string; readonly reason: string })
  /** The run paused for approval: what is to be approved (written just before `run_finished`). */
  | (EventBase & { readonly type: 'approval_requested'; readonly request: ApprovalRequest })
  /**
   * A person's answer to an approval request (by its hash): approved, the run goes on; rejected, it ends. `request`: what the
   * approval a run goes on with covers, so that a re-run of that run, resuming its trace, goes on with it too.
   */
  | (EventBase & { readonly type: 'approval_decided'; readonly decision: 'approved' | 'rejected'; readonly hash: string; readonly by?: string; readonly request?: ApprovalRequest })
  /** An agent step's first `write_todos`: the list drawn once under the step (the seed's `execution_plan_update`). */
  | (EventBase & { readonly type: 'todos_created'; readonly stepKey: string; readonly todos: readonly TodoItem[]; readonly index?: number })
  /** A later `write_todos`: the whole list again, the ids that changed and the (completed) items a replace left out, applied in place (`execution_plan_status_update`). */
  | (EventBase & { readonly type: 'todos_updated'; readonly stepKey: string; readonly todos: readonly TodoItem[]; readonly changed: readonly string[]; readonly dropped?: readonly TodoItem[]; readonly index?: number })
  /** One answer of an agent step's model: its text (often empty) and the tools it called. */
  | (EventBase & {
      readonly type: 'agent_turn';
      readonly stepKey: string;
      /** For a `for_each` agent step: which item's agent (its index). The four agent events carry it alike. */
      readonly index?: number;
      readonly turn: number;
      readonly maxTurns: number;
      readonly message: string;
      readonly toolCalls: readonly string[];
    })
  /** One tool call an agent step made, with its arguments and what came back (the full result; prompts get a cut one). */
  | (EventBase & {
      readonly type: 'agent_tool_called';
      readonly stepKey: string;
      readonly index?: number;
      readonly turn: number;
      readonly tool: string;
      readonly args: unknown;
      readonly ok: boolean;
      readonly result?: unknown;
      readonly error?: string;
    })
  /**
   * Model use as it is charged, so that a run killed before `run_finished` still has its cost: a call of
   * step `stepKey` (a `for_each` step's, for its items), or one no step owns (the calls before the run, which
   * wrote the plan; a replanner's, a review's, a goal judge's), with the requests abandoned and the calls
   * that failed unanswered. `run_finished` and `goals_checked` give the totals these add up to.
   */
  | (EventBase & { readonly type: 'model_used'; readonly usage: Usage; readonly stepKey?: string })
  /** An event of the nested run of a `type: plan` step, as that run emitted it. */
  | (EventBase & { readonly type: 'nested_event'; readonly stepKey: string; readonly event: RunEvent })
  /**
   * A started `for_each` step became one child per item (`review[0]`, … or by `key:`), in input order. In a
   * fan-out's shard job, `fanOut` says which shard runs each item (`assignment`, by index) and which is this job's:
   * the items of the others are not this job's to run, nor skipped when it stops.
   */
  | (EventBase & { readonly type: 'step_expanded'; readonly stepKey: string; readonly keys: readonly string[]; readonly fanOut?: { readonly shard: number; readonly assignment: readonly number[] } })
  | (EventBase & { readonly type: 'item_started'; readonly stepKey: string; readonly index: number })
  | (EventBase & {
      readonly type: 'item_retrying';
      readonly stepKey: string;
      readonly index: number;
      readonly attempt: number;
      readonly maxAttempts: number;
      readonly waitMs: number;
      readonly error: string;
    })
  | (EventBase & {
      readonly type: 'item_completed';
      readonly stepKey: string;
      readonly index: number;
      readonly result: unknown;
      readonly durationMs: number;
      readonly usage: Usage;
      readonly attempts?: number;
      /**
       * Set when the result was taken from an earlier run or another shard's state: what the item cost there, and how
       * long it took there when that is known (`durationMs` above is this run's, 0).
       */
      readonly reused?: { readonly usage: Usage; readonly durationMs?: number };
      /** As `masked` of `step_completed`: the item's result, as saved or reused, has something masked. */
      readonly masked?: true;
      /** As `elsewhere` of `step_completed`: the item read a checkout that is not its run's commit, here or where it was reused from. */
      readonly elsewhere?: true;
    })
  | (EventBase & {
      readonly type: 'item_failed';
      readonly stepKey: string;
      readonly index: number;
      readonly error: string;
      readonly transient: boolean;
      readonly durationMs: number;
      readonly usage: Usage;
      readonly attempts?: number;
      /** Set by a fan-out's merge job, which runs no item: the failure is the shard's, and `durationMs` (0) is no time the item took. */
      readonly notRunHere?: true;
    })
  /**
   * A result of the run this one resumes, written when this run starts, before any step: a completed
   * step's (its reuse key as `ResumeState.reuse` has it: a used plan's steps' after their place, `placedReuseKey`), or with
   * `item` a completed item of a `for_each` step that did not complete. A resume of this run reads
   * them as this run's own: a run stopped before it reaches a step the earlier run completed still
   * hands that result on. The checklist and the record pass them over: this run did not make them.
   */
  | (EventBase & {
      readonly type: 'result_carried';
      /** The step's key in the run that completed it (a used plan's steps by their own keys). */
      readonly stepKey: string;
      readonly reuseKey: string;
      readonly result: unknown;
      /** What making the result cost in the run that made it. */
      readonly usage: Usage;
      /** How long making it took in the run that made it, when known: handed on, so a chain of resumes keeps it. */
      readonly durationMs?: number;
      /** For an item: its index in its step's list and its key (`review[3]`) as the trace keeps it. */
      readonly item?: { readonly index: number; readonly key: string };
      /** As `masked` of `step_completed`: the result as saved has something masked. */
      readonly masked?: true;
      /** As `elsewhere` of `step_completed`: the result as saved was read from a checkout that is not its run's commit. */
      readonly elsewhere?: true;
      /** As `partial` of `step_completed`: a `type: plan` step's result lacks work its plan left undone. */
      readonly partial?: string;
      /** As `made` of `step_completed`. */
      readonly made?: true;
      /** Its agent's TODO list as the step or item ended (its reuse writes it again). */
      readonly todos?: readonly TodoItem[];
    })
  /**
   * The prepare job of a fanned-out run: which shard runs each item of a `fan_out` step (1-based,
   * by item index), for the step as it will start (`reuseKey`), so every shard job takes the same share.
   */
  | (EventBase & {
      readonly type: 'shards_assigned';
      readonly stepKey: string;
      readonly reuseKey: string;
      readonly shards: number;
      readonly assignment: readonly number[];
    })
  | (EventBase & {
      readonly type: 'plan_revised';
      readonly plan: PlanSnapshot;
      readonly replaced: readonly string[];
      readonly added: readonly string[];
      readonly reason: string;
    })
  | (EventBase & {
      readonly type: 'run_finished';
      readonly status: RunStatus;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Why the run did not succeed (budget, cancel, failed step, escalation). */
      readonly reason?: string;
      /** Key of the step whose result is the run's result (the last step of the plan). */
      readonly resultStepKey?: string;
      /**
       * The run stopped for a failure nothing may go on past (`StepError.stopsRun`: its pull request moved on), `reason`
       * says which: a fan-out's merge job building on this state stops for it too, rather than report the shard's items.
       */
      readonly stopsRun?: true;
      /**
       * An escalated run's last error, what was tried and the plan's `escalate:` mention and label: a post step that
       * finishes a killed run tells them as the main step would have (its issue, mention and label were lost).
       */
      readonly escalation?: Escalation;
    })
  | (EventBase & {
      readonly type: 'goals_checked';
      readonly goals: readonly GoalVerdict[];
      /** The run's status once the goals are known (`goals-unmet` is decided here). */
      readonly status: RunStatus;
      /** The run's usage with the judges' model calls, which come after `run_finished`. */
      readonly usage?: Usage;
      /** Why the status changed while the goals were checked (a judge's call passed a budget). */
      readonly reason?: string;
    });

export type RunEventType = RunEvent['type'];

/** What a running step reports about its own progress (an agent's todos, turns and tool calls); the run adds the step key. */
export type StepActivity = RunEvent extends infer E
  ? E extends { readonly type: 'todos_created' | 'todos_updated' | 'agent_turn' | 'agent_tool_called' }
    ? Omit<E, 'at' | 'stepKey'>
    : never
  : never;

/**
 * How deep plans may use plans: a plan, a plan it uses, and so on, this many files in all (the loader's bound,
 * `load-subplans.ts`). So a run's events nest at most `MAX_PLAN_DEPTH - 1` `nested_event`s deep, and a trace
 * that nests them deeper is refused (`traceEventProblem`).
 */
export const MAX_PLAN_DEPTH = 4;

/** The most items a `for_each` step may expand into, unless `limits.max_items` or the step's `max_items` says otherwise. */
export const MAX_ITEMS_CEILING = 100_000;

/** The most shard jobs a fan-out has (the `shards` input's bound); a saved state that records more is refused. */
export const MAX_SHARDS = 256;

/**
 * Why a run was escalated to a person, for the comment, the summary and the action: the last
 * error, what was tried, and the plan's `escalate:` block (a mention and/or a label to add).
 */
export interface Escalation {
  /** The whole reason, as the run's `reason` says it. */
  readonly reason: string;
  readonly lastError: string;
  readonly tried: readonly string[];
  /** `@org/team` to mention in the comment, from the plan's `escalate.mention`. */
  readonly mention?: string;
  /** A label to add to the PR or issue, from the plan's `escalate.label`. */
  readonly label?: string;
}

/** The version of the trace's event format, written on `plan_created`. */
export const TRACE_FORMAT = 2;

/** The `for_each` item that made a tool call: its key (`review[3]`) and its step's reuse key when it ran. */
export interface CallingItem {
  readonly key: string;
  readonly reuseKey: string;
}

/** How a tool call ended, as far as the run can know. */
export type ToolCallOutcome = 'succeeded' | 'failed' | 'unknown';

/** One goal's verdict, as the trace records it. */
export interface GoalVerdict {
  readonly name: string;
  readonly severity: 'required' | 'warning';
  readonly outcome: 'met' | 'unmet' | 'error';
  readonly evidence: string;
}

/**
 * Renderers (console, PR comment, summary, trace) are listeners; they never drive the run. A run's
 * journal also passes its record, this event already folded in, the same object with every event: a
 * listener that needs the run's state reads it there (`followRecord`) instead of folding every event
 * into a copy of its own, and never changes it. Events replayed from a trace come without one.
 */
export type RunListener = (event: RunEvent, record?: RunRecord) => void;
