import { setMaxListeners } from 'node:events';
import { isTransient } from '../tools/tool-error.ts';
import { addUsage, NO_USAGE, type Usage } from './events.ts';
import { executeStep, type StepOutcome } from './execute-step.ts';
import { Inbox } from './inbox.ts';
import { PlanGraph } from './plan-graph.ts';
import { ReadySteps } from './ready-steps.ts';
import type { RunDeps } from './run-deps.ts';
import type { RunJournal } from './run-journal.ts';
import { RunStoppedError } from './run-stopped-error.ts';
import type { StepFailure } from './run-verdict.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import { sharedContext } from './shared-context.ts';

interface Finished {
  readonly key: string;
  readonly outcome: StepOutcome;
}

/**
 * One run in progress: the ready-queue loop. A step starts the moment its dependencies have
 * completed, at most `limits.concurrency` at a time; every state change goes through the journal.
 */
export class PlanRun {
  readonly graph: PlanGraph;
  readonly results = new Map<string, unknown>();
  readonly failures: StepFailure[] = [];
  #usage: Usage = NO_USAGE;
  readonly #plan: RunnablePlan;
  readonly #deps: RunDeps;
  readonly #journal: RunJournal;
  readonly #ready: ReadySteps;
  readonly #inbox = new Inbox<Finished>();
  readonly #running = new Set<string>();
  readonly #stop = new AbortController();
  #skippedForStop = false;

  constructor(plan: RunnablePlan, deps: RunDeps, journal: RunJournal) {
    this.#plan = plan;
    this.#deps = deps;
    this.#journal = journal;
    this.graph = new PlanGraph(plan.steps);
    this.#ready = new ReadySteps(this.graph, (key) => journal.stateOf(key));
    // Every running step and its tools listen to this signal; that many listeners is not a leak.
    setMaxListeners(0, this.#stop.signal);
    this.#stop.signal.addEventListener('abort', () => this.#inbox.wake(), { once: true });
  }

  /** Model use of every step so far, including calls that finished after their step was abandoned. */
  get usage(): Usage {
    return this.#usage;
  }

  /** Why the run was stopped, if it was. */
  get stopReason(): RunStoppedError | undefined {
    return this.#stop.signal.aborted ? (this.#stop.signal.reason as RunStoppedError) : undefined;
  }

  /** Stops the run: running steps are aborted, nothing new starts, pending steps are skipped. First reason wins. */
  stop(reason: RunStoppedError): void {
    if (!this.#stop.signal.aborted) this.#stop.abort(reason);
  }

  /** Runs until no step is running and none can start. */
  async drive(): Promise<void> {
    this.#ready.rebuild();
    for (;;) {
      for (const finished of this.#inbox.drain()) this.#settle(finished);
      if (this.stopReason) this.#skipPendingOnce(this.stopReason.message);
      else this.#fill();
      if (this.#running.size === 0) break;
      await this.#inbox.wait();
    }
    this.#skipLeftovers();
  }

  #fill(): void {
    const limit = this.#plan.limits.concurrency;
    while (this.#running.size < limit) {
      const key = this.#ready.next();
      if (key === undefined) return;
      this.#start(key);
    }
  }

  #start(key: string): void {
    const step = this.graph.byKey.get(key)!;
    this.#journal.step({ type: 'step_started', stepKey: key });
    this.#running.add(key);
    const hooks = { onUsage: (more: Usage) => (this.#usage = addUsage(this.#usage, more)) };
    executeStep(step, sharedContext(this.#plan, this.#deps, this.graph, this.results), this.#deps, this.#stop.signal, hooks).then(
      (outcome) => this.#inbox.push({ key, outcome }),
      (error: unknown) => this.#inbox.push({ key, outcome: { ok: false, error, usage: NO_USAGE, durationMs: 0 } }),
    );
  }

  #settle({ key, outcome }: Finished): void {
    this.#running.delete(key);
    const { usage, durationMs } = outcome;
    if (outcome.ok) {
      this.results.set(key, outcome.result);
      this.#journal.step({ type: 'step_completed', stepKey: key, result: outcome.result, durationMs, usage });
      this.#ready.release(key);
      return;
    }
    const error = errorText(outcome.error);
    const transient = isTransient(outcome.error);
    this.#journal.step({ type: 'step_failed', stepKey: key, error, transient, durationMs, usage });
    if (outcome.error instanceof RunStoppedError) return;
    // Issue 6 hooks in here: retry a transient error, or replan (graph.replaceRemaining + ready.rebuild).
    this.failures.push({ stepKey: key, error });
    for (const downstream of this.graph.downstreamOf(key)) {
      if (this.#journal.stateOf(downstream) !== 'pending') continue;
      this.#journal.step({ type: 'step_skipped', stepKey: downstream, reason: `upstream step ${key} failed` });
    }
  }

  /** Only reachable with a graph bug (a dependency that never settles): no step may stay pending. */
  #skipLeftovers(): void {
    const stuck = this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'pending');
    if (stuck.length === 0) return;
    this.#skipPending('not run: its dependencies never completed');
    this.failures.push({ stepKey: stuck[0]!.key, error: 'never became ready (executor bug)' });
  }

  #skipPendingOnce(reason: string): void {
    if (this.#skippedForStop) return;
    this.#skippedForStop = true;
    this.#skipPending(reason);
  }

  #skipPending(reason: string): void {
    for (const step of this.graph.steps) {
      if (this.#journal.stateOf(step.key) === 'pending') {
        this.#journal.step({ type: 'step_skipped', stepKey: step.key, reason });
      }
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}
