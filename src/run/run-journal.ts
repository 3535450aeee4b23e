import type { Clock } from '../core/clock.ts';
import type { EarlierAttempts } from '../core/earlier-attempts.ts';
import { TRACE_FORMAT, type ApprovalRequest, type Escalation, type GoalVerdict, type PlanSnapshot, type RunEvent, type RunListener, type RunStatus, type StepState } from '../core/run-event.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import { broadcast, type ListenerErrorHandler } from './broadcast.ts';
import { IllegalTransitionError } from './illegal-transition-error.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../core/run-record.ts';
import { canMove } from './step-transitions.ts';

type Omitted<E> = E extends RunEvent ? Omit<E, 'at'> : never;
export type StepEvent = Extract<Omitted<RunEvent>, { stepKey: string }>;

const TARGET_STATE: Partial<Record<RunEvent['type'], StepState>> = {
  step_started: 'in_progress',
  step_completed: 'completed',
  step_failed: 'failed',
  step_skipped: 'skipped',
  step_waiting: 'waiting',
};

/**
 * The one place a run changes: every change is an event, stamped with the run's clock, folded into
 * the run's own record (so step states live in exactly one place) and sent to every listener.
 */
export class RunJournal {
  readonly record: RunRecord = newRunRecord();
  readonly #listeners: readonly RunListener[];
  readonly #clock: Clock;
  readonly #startedAt: number;
  readonly #onListenerError?: ListenerErrorHandler;
  #finished = false;
  #goalsChecked = false;

  /** `startedAt`: the clock's reading when the job began (before a model wrote the plan), else now. */
  constructor(listeners: readonly RunListener[], clock: Clock, onListenerError?: ListenerErrorHandler, startedAt = clock.now()) {
    this.#listeners = listeners;
    this.#clock = clock;
    this.#startedAt = startedAt;
    this.#onListenerError = onListenerError;
  }

  /** Milliseconds since the run (or the job it is part of) started. */
  elapsed(): number {
    return this.#clock.now() - this.#startedAt;
  }

  stateOf(key: string): StepState | undefined {
    return this.record.steps.get(key)?.state;
  }

  get finished(): boolean {
    return this.#finished;
  }

  /** `origin.carries`: how many `result_carried` and inherited `tool_called` lines follow it (see `RunEvent`). */
  planCreated(plan: PlanSnapshot, planHash?: string, carried?: ReadonlyMap<string, string>, origin?: { readonly fileSteps?: string; readonly plannedFor?: string; readonly carries?: number; readonly earlier?: EarlierAttempts }): void {
    const { fileSteps, plannedFor, carries, earlier } = origin ?? {};
    this.#emit({
      type: 'plan_created',
      plan,
      format: TRACE_FORMAT,
      marksElsewhere: true,
      placedReuseKeys: true,
      ...(planHash !== undefined && { planHash }),
      ...(carried && carried.size > 0 && { carried: Object.fromEntries(carried) }),
      ...(earlier && { earlier }),
      ...(fileSteps !== undefined && { fileSteps }),
      ...(plannedFor !== undefined && { plannedFor }),
      ...(carries !== undefined && carries > 0 && { carries }),
    });
  }

  /** A new revision of the plan: what was replaced by what, and why. */
  planRevised(plan: PlanSnapshot, replaced: readonly string[], added: readonly string[], reason: string): void {
    this.#emit({ type: 'plan_revised', plan, replaced, added, reason });
  }

  /**
   * Moves a step to the state its event names; throws `IllegalTransitionError` on a move the state machine forbids.
   * Ignored once the run has finished: a step an executor bug abandoned may still settle (see `PlanRun.abandon`).
   */
  step(event: StepEvent): void {
    if (this.#finished) return;
    const to = event.type === 'share_ended' ? event.state : TARGET_STATE[event.type];
    if (to) {
      const from = this.stateOf(event.stepKey);
      if (from === undefined || !canMove(from, to)) throw new IllegalTransitionError(event.stepKey, from ?? 'unknown', to);
    }
    this.#emit(event);
  }

  /**
   * The last event of every run; later calls are ignored. `durationMs`: how long the run took, when it did not
   * start with the job (a used plan's run); by default the time since the job started. `stopsRun`: its reason is a
   * failure nothing may go on past (see the event's field). `escalation`: an escalated run's, for a post step to tell.
   */
  runFinished(status: RunStatus, usage: Usage, reason?: string, resultStepKey?: string, durationMs = this.elapsed(), stopsRun = false, escalation?: Escalation): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#emit({
      type: 'run_finished',
      status,
      durationMs,
      usage,
      ...(reason === undefined ? {} : { reason }),
      ...(resultStepKey === undefined ? {} : { resultStepKey }),
      ...(stopsRun && { stopsRun: true as const }),
      ...(escalation && { escalation }),
    });
  }

  /** The run paused for approval: what is asked, recorded before `run_finished`. */
  approvalRequested(request: ApprovalRequest): void {
    this.#emit({ type: 'approval_requested', request });
  }

  /** The approval this run goes on with (after `plan_created`), with what it covers (`request`). */
  approvalDecided(decision: 'approved' | 'rejected', hash: string, by?: string, request?: ApprovalRequest): void {
    this.#emit({ type: 'approval_decided', decision, hash, ...(by === undefined ? {} : { by }), ...(request && { request }) });
  }

  /**
   * Model use as it is charged: to step `stepKey`, or to no step. Until the goals are checked, whose event
   * gives the total; later calls are ignored.
   */
  modelUsed(usage: Usage, stepKey?: string): void {
    if (this.#goalsChecked) return;
    // Its counts alone, as a step's usage has them: a priced call's usage also names its model and price.
    this.#emit({ type: 'model_used', usage: addUsage(NO_USAGE, usage), ...(stepKey !== undefined && { stepKey }) });
  }

  /** The goals' verdicts and the status they give the run; after `run_finished`, once. */
  goalsChecked(goals: readonly GoalVerdict[], status: RunStatus, usage?: Usage, reason?: string): void {
    this.#goalsChecked = true;
    this.#emit({ type: 'goals_checked', goals, status, ...(usage && { usage }), ...(reason !== undefined && { reason }) });
  }

  #emit(partial: Omitted<RunEvent>): void {
    const event = { ...partial, at: this.elapsed() } as RunEvent;
    applyEvent(this.record, event);
    // The record goes with the event: a view reads the run's state there instead of folding its own copy.
    broadcast(this.#listeners, event, this.#onListenerError, this.record);
  }
}
