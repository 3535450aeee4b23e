import { cutText } from '../core/cut-text.ts';
import { raceAbort } from '../core/race-abort.ts';
import type { EarlierCall } from '../steps/step-context.ts';
import type { TodoItem } from '../core/todo-item.ts';
import { redactDeep, redactDeepView } from '../core/redact.ts';
import { canonicalJson } from '../core/stable-hash.ts';
import { setMaxListeners } from 'node:events';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { stepKeyWithin, type PlanStep } from '../core/plan-step.ts';
import { DEFAULT_LIMITS } from '../plan/schema.ts';
import { isTransient, leftEffectUnknown, StepError } from '../core/step-error.ts';
import { RecordLostError } from './record-lost-error.ts';
import { ToolStoppedRunError } from './tool-stopped-run-error.ts';
import { ShardStoppedRunError } from './shard-stopped-run-error.ts';
import { errorText } from '../core/error-text.ts';
import { NO_USAGE, type Usage } from '../core/usage.ts';
import type { CallingItem, StepActivity } from '../core/run-event.ts';
import type { ItemFailure } from '../core/run-event.ts';
import { assignShards } from './assign-shards.ts';
import { expandForEach } from './expand-for-each.ts';
import { fanOutScope, type FanOutPart } from './fan-out-part.ts';
import { FanOutStateError } from './fan-out-state-error.ts';
import { ItemFailedError } from './item-failed-error.ts';
import { MappedStep } from './mapped-step.ts';
import { runNestedPlan } from './run-nested-plan.ts';
import { unknownCallWhy } from './unknown-call-why.ts';
import { Inbox } from './inbox.ts';
import { PlanGraph, type PlanHeader } from './plan-graph.ts';
import { ReadySteps } from './ready-steps.ts';
import { replacementProblem } from './replacement-problem.ts';
import { revisionReason, triedSoFar } from './recovery-notes.ts';
import type { CompletedStep, FailureNote, ReplanResult } from './replanner.ts';
import { resolveRetryPolicy } from './retry-policy.ts';
import { RunBudget } from './run-budget.ts';
import { StepSlots } from './step-slots.ts';
import type { CallRegistry, RunDeps } from './run-deps.ts';
import { RunEscalatedError } from './run-escalated-error.ts';
import type { RunJournal, StepEvent } from './run-journal.ts';
import { RunStoppedError } from './run-stopped-error.ts';
import type { StepFailure, UncheckedGate } from './run-verdict.ts';
import { planGates } from '../goals/goals-verdict.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import { sharedContext } from './shared-context.ts';
import { PartialInputs } from './partial-inputs.ts';
import { attemptStep, type AttemptsOutcome } from './step-attempts.ts';
import { RepeatedSideEffectError } from './repeated-side-effect-error.ts';
import { endpointUnusable } from './endpoint-unusable.ts';
import { showArgs } from './show-args.ts';
import { tracedArgs } from './traced-args.ts';
import { ApprovalGate } from './approval-gate.ts';
import { inputsHash } from './approval-request.ts';
import { anyPlanCallKey, placedReuseKey, ResultHashes, stepReuseKey, toolCallKey } from './step-reuse-key.ts';
import type { EffectCheck, Tool, ToolContext } from '../tools/tool.ts';
import { exceedsDepth } from '../core/exceeds-depth.ts';
import { MAX_JSON_DEPTH } from '../core/parse-json.ts';
import { ToolResultTooDeepError } from '../tools/tool-result-too-deep-error.ts';
import { NestedPlanError } from './nested-plan-error.ts';
import { weightsWithin } from './trace-step-weights.ts';
import { abandonedSteps } from './abandoned-steps.ts';
import { type PassedOn, passedOnBySource, secretsPassedOn } from './secrets-passed-on.ts';

/** The most of a stop's reason each step it skips keeps (`#skipPendingOnce`). */
const MAX_SKIP_REASON_CHARS = 1_000;

/** Scheduler turns between two yields to the event loop: a signal waits at most this many instant steps. */
const TURNS_PER_YIELD = 16;

interface Finished {
  readonly key: string;
  readonly outcome: AttemptsOutcome;
  /** Set for a child of a `for_each` step: the step's key and the item's index. */
  readonly item?: { readonly parent: string; readonly index: number };
}

/** Why the run must pause for the model before starting anything else. */
type RecoveryNeed = { readonly kind: 'replan'; readonly failure: FailureNote } | { readonly kind: 'review'; readonly stepKey: string };

type Trigger = { readonly failure: FailureNote; readonly review?: undefined } | { readonly failure?: undefined; readonly review: { stepKey: string; reason: string } };

/**
 * One run in progress: the ready-queue loop. A step starts the moment its dependencies have
 * completed, at most `limits.concurrency` at a time; every state change goes through the journal.
 * Transient failures are retried in place; a permanent one is replanned around, skipped past or
 * fails the run, as the step's `on_failure` says; budgets stop the run.
 */
export class PlanRun {
  readonly graph: PlanGraph;
  readonly header: PlanHeader;
  readonly results = new Map<string, unknown>();
  /** Failures no replan recovered from: they decide the verdict. */
  failures: (StepFailure & { readonly recoverable: boolean })[] = [];
  /** A step failed on a model endpoint no call can use (see `endpointUnusable`): a used plan's step that runs this plan says so. */
  endpointUnusable = false;
  /** Every permanent failure of the run, oldest first. */
  readonly history: FailureNote[] = [];
  /** Steps skipped because an upstream step failed with `on_failure: continue`, and that upstream's key. */
  readonly skippedFor = new Map<string, string>();
  /** Why each failed or skipped step has no result: what a dependent that takes it optionally is told. */
  readonly missing = new Map<string, string>();
  /** Why a completed step's result is incomplete (items of a for_each step that failed under `continue`). */
  readonly incomplete = new Map<string, string>();
  /** Tool steps given a partial result: their results count as partial too (`PartialInputs`). */
  readonly #partialInputs: PartialInputs;
  readonly budget: RunBudget;
  /** Each started step's reuse key (`stepReuseKey`). */
  readonly reuseKeys = new Map<string, string>();
  readonly #resultHashes: ResultHashes;
  /** The run's inputs, hashed once for every step's reuse key. */
  readonly #inputsHash: string;
  /** Steps whose result came from the run resumed from. */
  readonly reused = new Set<string>();
  /**
   * Completed steps whose result has something masked (`masked` in `RunEvent`): a saved copy reused,
   * or one that holds such a copy (a for_each step's items, a plan step's result). The value says
   * where from; no goal is judged on them. A result made from a masked one is not: every tool gets
   * its arguments, and the model its prompts, redacted in any run, so it is what a fresh run makes.
   */
  readonly masked = new Map<string, string>();
  /** `for_each` steps that reused an item whose saved result has something masked: where from. */
  readonly #maskedItems = new Map<string, string>();
  /** `for_each` steps with an item whose result was read from a checkout that is not the run's commit (`elsewhere`). */
  readonly #elsewhereItems = new Set<string>();
  /** `#foreignInput`'s findings by step key: each step's ancestors are walked once in the run. */
  readonly #foreignWhy = new Map<string, string | undefined>();
  /**
   * Masked saved results of steps (by key) and items (`key#index`) running again: what their new result must redact to,
   * and the TODO list its agent ended with, which stands with the copy when the copy stands.
   */
  readonly #savedCopies = new Map<string, SavedCopy>();
  /** Saved copies (by `#savedCopies` key) whose run again wrote a TODO list of its own. */
  readonly #rewroteTodos = new Set<string>();
  /** Steps that ran again in place of a masked saved copy: reviewed already in the saved run, as a reused step is. */
  readonly #ranAgain = new Set<string>();
  /** Calls with side effects that succeeded or may have (outcome unknown), by call key: never made again. */
  readonly #sideEffects = new Map<string, { stepKey: string; outcome: 'succeeded' | 'unknown'; calledAt: string; inherited?: true; call?: string }>();
  /** The job's side-effect calls by tool and arguments, this run's and its used plans' (see `CallRegistry`). */
  readonly #calls: CallRegistry;
  /**
   * The side-effect calls each step made in the run this one resumes and did not finish there, in the
   * order they were made (an agent is told of them), by step key, and a `for_each` item's by
   * {@link itemCallsKey} (its step's key in the whole job and reuse key then, and its own key).
   */
  readonly #earlierCalls = new Map<string, EarlierCall[]>();
  /** A side-effect call of a step that ended without an answer: the step's failure escalates. */
  readonly #unknownCalls = new Map<string, string>();
  /**
   * Per step, the first call refused as a repeat of an earlier run's side effect: a `for_each` item under
   * `on_item_failure: continue` went on past one, and its step completed with the item as null.
   */
  readonly #refusedRepeats = new Map<string, RepeatedSideEffectError>();
  /**
   * Calls with side effects not answered yet, by call key: the step that made them and how to name
   * them. A step can end before its call does (the step's timeout is the tool's, and its timer wins);
   * such a call's outcome is unknown too.
   */
  readonly #callsInFlight = new Map<string, { readonly stepKey: string; readonly call: string }>();
  #replans = 0;
  /** What the plan's `type: plan` steps pass on of each step's result (`passedOnBySource`), for the graph revision it was found for. */
  #passedOn: { readonly revision: number; readonly bySource: PassedOn } | undefined;
  readonly #needs: RecoveryNeed[] = [];
  readonly #plan: RunnablePlan;
  readonly #deps: RunDeps;
  readonly #journal: RunJournal;
  readonly #ready: ReadySteps;
  readonly #inbox = new Inbox<Finished>();
  readonly #running = new Set<string>();
  /** `for_each` steps whose children are running or waiting, in the order they started. */
  readonly #mapped = new Map<string, MappedStep>();
  readonly #stop = new AbortController();
  /** Which steps wait for a person's approval (the plan's policy, less what an approval covers). */
  readonly gate: ApprovalGate;
  #skippedForStop = false;
  #stopCutShort = false;
  #turnsSinceYield = 0;
  /** The job's concurrency, shared with the runs of the plans this one uses (and the run using this one). */
  readonly #slots: StepSlots;
  /** Steps and items of this run holding a slot of `#slots`, by key. */
  readonly #holding = new Set<string>();
  /** Set when a step could have started but every slot of the job was taken: the run waits for one to come free. */
  #slotWanted = false;
  /** The steps this part of a fanned-out run may start; undefined: every step. */
  readonly #scope: ReadonlySet<string> | undefined;
  /**
   * The part of a fanned-out run this run plays: the job's own plan's. A plan a `type: plan` step uses runs whole
   * wherever that step runs: given the job's part, a used plan the prepare job ran started none of its steps (none
   * leads to a fan-out step of its own) and completed ✅ with no result (found by an adversarial pass).
   */
  readonly #part: FanOutPart | undefined;
  /**
   * In a shard or merge job, the steps the prepare job runs: never run again here. Run again by the merge, one
   * that failed there under `on_failure: continue` changed the fan-out step's list where it succeeded this time,
   * and every item the shards had run was refused as left by no shard (found by an adversarial pass).
   */
  readonly #prepareSteps: ReadonlySet<string> | undefined;

  constructor(plan: RunnablePlan, deps: RunDeps, journal: RunJournal) {
    this.#plan = plan;
    this.#deps = deps;
    this.#journal = journal;
    this.graph = new PlanGraph(plan.steps, plan.revision);
    this.header = {
      name: plan.name,
      ...(plan.goal === undefined ? {} : { goal: plan.goal }),
      ...(plan.file === undefined ? {} : { file: plan.file }),
    };
    this.budget = deps.budget ?? new RunBudget(plan.limits, plan.source?.pricing);
    this.gate = new ApprovalGate(plan, deps.tools, deps.approval, deps.redact, deps.inner === true);
    this.#partialInputs = new PartialInputs(this.incomplete, this.results, deps.partialInputs);
    this.#resultHashes = new ResultHashes(deps.redact);
    this.#inputsHash = inputsHash(deps.inputs, deps.redact);
    this.#part = deps.inner ? undefined : deps.fanOut;
    this.#scope = this.#part ? fanOutScope(plan.steps, this.#part.part) : undefined;
    this.#prepareSteps = this.#part && this.#part.part !== 'prepare' ? fanOutScope(plan.steps, 'prepare') : undefined;
    this.#ready = new ReadySteps(this.graph, (key) => journal.stateOf(key), plan.limits.concurrency, deps.stepWeights && weightsWithin(deps.stepWeights, deps.within));
    this.#calls = deps.calls ?? new Map();
    this.#slots = deps.slots ?? new StepSlots(plan.limits.concurrency);
    // A step the earlier run completed runs again only because its definition or inputs changed: what it did then is not left undone.
    // A result that run carried from one before it is no completion of that run: its step may have run again there, and called.
    const completed = deps.resume?.completedSteps ?? new Set<string>();
    for (const [callKey, call] of deps.resume?.sideEffects ?? []) {
      if (call.outcome === 'failed') continue;
      // A trace without times (an older one): look for the effect over the last day.
      const calledAt = call.calledAt ?? new Date(Date.now() - 86_400_000).toISOString();
      this.#sideEffects.set(callKey, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
      // Keyed too as this run keys the same call, its arguments redacted by this run's redactor: one that hides a value the
      // earlier run's did not (a newer plan-runner, a secret added since) found no record, and made the call again
      // (found by an adversarial pass).
      const args = deps.redact ? redactDeep(call.args, deps.redact) : call.args;
      const own = callKey === toolCallKey(plan.name, call.tool, call.args);
      const keyNow = own && deps.redact ? toolCallKey(plan.name, call.tool, args) : callKey;
      if (keyNow !== callKey) this.#sideEffects.set(keyNow, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
      // Only this plan's own calls are a step's earlier calls: a used plan's are keyed by its name and its own step keys.
      if (!own) {
        const anyKey = anyPlanCallKey(call.tool, args);
        if (!this.#calls.has(anyKey)) this.#calls.set(anyKey, { stepKey: call.stepKey, outcome: call.outcome, calledAt, inherited: true });
        continue;
      }
      if (completed.has(call.stepKey)) continue;
      // An item's, under its step's reuse key then: an item of a step whose list or task changed is told nothing.
      const key = call.item === undefined ? call.stepKey : itemCallsKey(call.stepKey, call.item.reuseKey, call.item.key);
      const calls = this.#earlierCalls.get(key) ?? [];
      // By the step's key in the whole job: a plan used twice has the same keys in both runs.
      calls.push({ tool: call.tool, args, outcome: call.outcome });
      this.#earlierCalls.set(key, calls);
    }
    // Every running step and its tools listen to this signal; that many listeners is not a leak.
    setMaxListeners(0, this.#stop.signal);
    this.#stop.signal.addEventListener('abort', () => this.#inbox.wake(), { once: true });
  }

  /** Whether `step` runs a used plan with a required goal, at any depth (see `planGates`): that plan's verdict gates the run. */
  #gates(step: PlanStep): boolean {
    const used = step.type === 'plan' && step.uses !== undefined ? this.#plan.subplans?.get(step.uses) : undefined;
    return used !== undefined && planGates(used) !== undefined;
  }

  /** Whether the run passes its gate only once `step` has completed: it runs a gating used plan, and does not say `on_failure: continue`. */
  #holdsGate(step: PlanStep): boolean {
    return step.onFailure !== 'continue' && this.#gates(step);
  }

  /**
   * The first step, of the plan as it started or as revised, that runs a used plan whose goals gate the run and did not
   * complete, unless it says `on_failure: continue`: a run without that plan's verdict has not passed its gate, whatever
   * else ended well (a step before it failed under `on_failure: continue` and it was skipped). None in a part of a
   * fanned-out run, whose merge job decides.
   */
  uncheckedGate(): UncheckedGate | undefined {
    if (this.partial) return undefined;
    for (const step of [...this.#plan.steps, ...this.graph.steps]) {
      if (!this.#holdsGate(step)) continue;
      const record = this.#journal.record.steps.get(step.key);
      if (record?.state === 'completed') continue;
      const skippedFor = this.skippedFor.get(step.key);
      return { stepKey: step.key, uses: step.uses!, state: record?.state, ...(record?.skipReason !== undefined && { skipReason: record.skipReason }), ...(skippedFor !== undefined && { skippedFor }) };
    }
    return undefined;
  }

  /** True for a part of a fanned-out run that runs only some steps (prepare, shard): the plan's last step is not its result. */
  get partial(): boolean {
    return this.#scope !== undefined;
  }

  /** Model use so far: every call the budget saw, including calls that finished after their step was abandoned. */
  get usage(): Usage {
    return this.budget.usage;
  }

  get replans(): number {
    return this.#replans;
  }

  /**
   * What this run carries from the run it resumes, written into its trace before any step runs: the results
   * (`result_carried`), so a resume of this run finds them even when it stops before it reaches their steps (a
   * cancel, a budget, a kill) and a chain of resumes never loses a completed step; then the side-effect calls
   * (`kind: inherited`), so a chain of re-runs never forgets one. Made once: `plan_created` counts them
   * (`isCarriedLine`), and `recordCarried` writes the same events.
   */
  carriedEvents(): StepEvent[] {
    const resume = this.#deps.resume;
    if (!resume) return [];
    const events: StepEvent[] = [];
    for (const [reuseKey, saved] of resume.reuse) {
      this.#learnSecretsPassedOn(saved.stepKey, saved.result);
      events.push({ type: 'result_carried', stepKey: saved.stepKey, reuseKey, result: saved.result, usage: saved.usage, ...(saved.durationMs !== undefined && { durationMs: saved.durationMs }), ...(saved.masked && { masked: true }), ...(this.#wasElsewhere(saved.elsewhere, saved.stepKey) && { elsewhere: true }), ...(saved.partial !== undefined && { partial: saved.partial }), ...(saved.made && { made: true }), ...(saved.todos && { todos: saved.todos }) });
    }
    for (const [reuseKey, items] of resume.items) {
      // A step carried whole needs its items only where a merge takes them one by one (`#earlierResult`).
      if (resume.reuse.has(reuseKey) && !this.#deps.fanOut) continue;
      for (const [index, saved] of items) {
        this.#learnSecretsPassedOn(saved.stepKey, saved.result, index);
        events.push({ type: 'result_carried', stepKey: saved.stepKey, reuseKey, result: saved.result, usage: saved.usage, ...(saved.durationMs !== undefined && { durationMs: saved.durationMs }), item: { index, key: saved.key }, ...(saved.masked && { masked: true }), ...(this.#wasElsewhere(saved.elsewhere, saved.stepKey) && { elsewhere: true }), ...(saved.todos && { todos: saved.todos }) });
      }
    }
    for (const [callKey, call] of resume.sideEffects) {
      if (call.outcome === 'failed') continue;
      const calledAt = this.#sideEffects.get(callKey)?.calledAt ?? call.calledAt;
      events.push({ type: 'tool_called', stepKey: call.stepKey, tool: call.tool, args: call.args, sideEffects: true, callKey, kind: 'inherited', ...(calledAt && { calledAt }), ...(call.item !== undefined && { item: call.item }) });
      if (call.outcome === 'succeeded') events.push({ type: 'tool_returned', stepKey: call.stepKey, tool: call.tool, callKey, outcome: 'succeeded' });
    }
    return events;
  }

  /** Writes what `carriedEvents` made into the run's journal. */
  recordCarried(events: readonly StepEvent[]): void {
    for (const event of events) this.#journal.step(event);
  }

  /** Why the run was stopped, if it was. */
  get stopReason(): RunStoppedError | undefined {
    return this.#stop.signal.aborted ? (this.#stop.signal.reason as RunStoppedError) : undefined;
  }

  /** True once the stop ended work of this run: a step or item it stopped, or a step it kept from starting. */
  get stopCutShort(): boolean {
    return this.#stopCutShort;
  }

  /** Steps that wait for approval: they and their dependents do not run in this run. */
  get waiting(): string[] {
    return this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'waiting').map((step) => step.key);
  }

  /** Stops the run: running steps are aborted, nothing new starts, pending steps are skipped. First reason wins. */
  stop(reason: RunStoppedError): void {
    if (!this.#stop.signal.aborted) this.#stop.abort(reason);
  }

  /** Stops the whole job for `reason`: the outermost run (which stops this one, a run inside it) and this one. */
  #stopJob(reason: RunStoppedError): void {
    this.#deps.stopJob?.(reason);
    this.stop(reason);
  }

  /**
   * After a bug in the executor, which leaves no one to settle its steps: each step and item it started ends
   * failed (a used plan's run inside one with it) and each it had not skipped, for `reason`, so the run's end
   * shows no step ⏳ or ⬜ (found by a hunt: they stayed).
   */
  abandon(reason: string): void {
    for (const event of abandonedSteps(this.#journal.record, reason, this.#journal.elapsed(), this.#scope)) this.#journal.step(event);
  }

  /** Runs until no step is running and none can start. */
  async drive(): Promise<void> {
    const onBudget = (): void => this.stop(this.budget.signal.reason as RunStoppedError);
    if (this.budget.signal.aborted) onBudget();
    // A shard stopped for what nothing may go on past: the merge job, the rest of that run, stops for it before any step.
    const shardStop = this.#part?.part === 'merge' ? this.#deps.resume?.stoppedRun : undefined;
    if (shardStop !== undefined) this.stop(new ShardStoppedRunError(shardStop));
    this.budget.signal.addEventListener('abort', onBudget, { once: true });
    // A slot another run of the job gave back may be the one a step of this run waits for.
    const stopListening = this.#slots.onRelease(this, () => this.#inbox.wake());
    try {
      this.#ready.rebuild();
      for (;;) {
        for (const finished of this.#inbox.drain()) this.#settle(finished);
        this.#slotWanted = false;
        if (this.stopReason) {
          this.#slots.stopWaiting(this);
          this.#skipPendingOnce(this.stopReason.message);
          this.#concludeIdleMapped();
        } else {
          // While recovery waits, only children of for_each steps already started may start.
          this.#fill();
          // A step the budget refused (max_steps) stopped the run: the first branch skips the rest with
          // that reason. Left to the loop's end with nothing running, they got the executor-bug text.
          if (this.stopReason) continue;
          // A run that wants no slot now keeps none waiting for it.
          if (!this.#slotWanted) this.#slots.stopWaiting(this);
          // Recovery waits until nothing runs, so the model sees every result and replaces a still plan.
          if (this.#needs.length > 0 && this.#running.size === 0 && this.#mapped.size === 0) {
            await this.#recover();
            continue;
          }
        }
        if (this.#running.size === 0) {
          // A call the budget refused while others were in flight: the budget stops the run once they have
          // answered, a turn later; with nothing running, that is now (the rest is skipped for it).
          const spent = this.budget.exceeded;
          if (spent && !this.stopReason) {
            this.stop(spent);
            continue;
          }
          // Nothing of its own runs, but a step waits for a slot another run of the job holds: it comes free.
          if (!this.#slotWanted) break;
        }
        await this.#inbox.wait();
        // Steps that finish at once (math, cached tools) settle through promise jobs alone: without a
        // macrotask now and then, a long chain never lets signals, timers or the comment's updates run.
        if (++this.#turnsSinceYield >= TURNS_PER_YIELD) {
          this.#turnsSinceYield = 0;
          await yieldToEventLoop();
        }
      }
      this.#skipLeftovers();
      const part = this.#part;
      if (part?.part === 'prepare' && !this.stopReason) this.#assignShards(part.shards, part.weights);
    } finally {
      this.budget.signal.removeEventListener('abort', onBudget);
      stopListening();
      this.#slots.stopWaiting(this);
      // Only after an executor bug: the slots of steps no one will settle go back to the job.
      for (let held = this.#holding.size; held > 0; held -= 1) this.#slots.release();
      this.#holding.clear();
    }
  }

  /** Takes one of the job's slots for a step or item about to run. */
  #takeSlot(key: string): void {
    this.#slots.take();
    this.#slots.stopWaiting(this);
    this.#holding.add(key);
  }

  /** Every slot of the job is taken, or left to runs that waited before this one: this run waits its turn. */
  #wantSlot(): void {
    this.#slotWanted = true;
    this.#slots.wait(this);
  }

  /** Whether `step` would take a slot to start: one that runs, not a used plan's or a for_each step (their steps and items do), nor one whose earlier result stands. */
  #needsSlot(step: PlanStep, reuseKey: string): boolean {
    return !step.forEach && step.type !== 'plan' && !this.#reusedAsIs(step, reuseKey);
  }

  #fill(): void {
    const limit = this.#plan.limits.concurrency;
    while (this.#running.size < limit && !this.stopReason) {
      // Children of started for_each steps go first: started work finishes before new work begins.
      const mapped = this.#nextMapped();
      if (mapped) {
        // Every slot of the job is taken (by this run or by a plan it uses, or the plan using it).
        if (!this.#slots.freeFor(this)) {
          this.#wantSlot();
          return;
        }
        // Refusing an item stops the run (through the budget's signal); the step's waiting items are then skipped.
        if (!this.budget.roomInHeap(`an item of step ${mapped.key}`)) return;
        this.#startChild(mapped);
        continue;
      }
      if (this.#needs.length > 0) return;
      const key = this.#ready.next();
      if (key === undefined) return;
      // Another part of a fanned-out run starts it; here it stays pending.
      if (this.#scope && !this.#scope.has(key)) continue;
      const step = this.graph.byKey.get(key)!;
      const reuseKey = this.#reuseKey(step);
      // A step that needs approval waits (its dependents stay pending); everything else goes on. One whose
      // earlier result stands runs nothing: a resume after an approved run failed asked again for a step
      // that had run, and approving it then refused to repeat its side effect.
      const blocked = this.#reusedAsIs(step, reuseKey) ? undefined : this.gate.blocks(step, { results: this.results, inputs: this.#deps.inputs, missing: this.missing });
      if (blocked !== undefined) {
        this.#journal.step({ type: 'step_waiting', stepKey: key, reason: `awaiting approval: ${blocked}` });
        continue;
      }
      if (!this.#slots.freeFor(this) && this.#needsSlot(step, reuseKey)) {
        this.#ready.putBack(key);
        this.#wantSlot();
        return;
      }
      // Refusing a step stops the run (through the budget's signal); the step is then skipped.
      if (!this.budget.beforeStep(key)) return;
      this.#start(key, reuseKey);
    }
  }

  /** The earlier run's result for `step` as it is now (`reuseKey`), if a resume has one it may take. */
  #earlierResult(step: PlanStep, reuseKey: string) {
    // A merge assembles a fan-out step from every state's items, never takes an earlier merge's whole: a shard re-run since may have more.
    if (this.#part?.part === 'merge' && step.forEach?.fanOut) return undefined;
    const resume = this.#deps.resume;
    // Only what this step completed there, in the same place: another use of this plan runs steps of equal keys.
    const placed = placedReuseKey(this.#deps.within, reuseKey);
    // A shard or merge runs none of the prepare job's steps: a used plan it completed with a step left undone is taken as it stands.
    return resume?.reuse.get(placed) ?? (this.#prepareSteps?.has(step.key) ? resume?.undoneWhole?.get(placed) : undefined);
  }

  /** True when `step` will take an earlier run's result as it stands, and run nothing. */
  #reusedAsIs(step: PlanStep, reuseKey: string): boolean {
    const earlier = this.#earlierResult(step, reuseKey);
    return earlier !== undefined && !(earlier.masked === true && this.#mayRunAgain(step));
  }

  #nextMapped(): MappedStep | undefined {
    for (const mapped of this.#mapped.values()) if (mapped.hasWaiting) return mapped;
    return undefined;
  }

  #start(key: string, reuseKey: string): void {
    const step = this.graph.byKey.get(key)!;
    this.reuseKeys.set(key, reuseKey);
    this.#journal.step({ type: 'step_started', stepKey: key, reuseKey });
    const earlier = this.#earlierResult(step, reuseKey);
    const earlierElsewhere = this.#wasElsewhere(earlier?.elsewhere, step);
    // A saved result with something masked is not the step's: one that can run again without an effect outside it does.
    const again = earlier?.masked === true && this.#mayRunAgain(step);
    if (again) {
      this.#savedCopies.set(key, { result: earlier.result, from: this.#savedBy(`step ${key}`), stepKey: key, ...(earlierElsewhere && { elsewhere: true }), ...(earlier.todos && { todos: earlier.todos }) });
      this.#ranAgain.add(key);
    }
    if (earlier && !again) {
      // Same definition, same inputs, same upstream results: the earlier result stands, at no cost.
      this.reused.add(key);
      this.results.set(key, earlier.result);
      this.#learnSecretsPassedOn(key, earlier.result);
      if (earlier.masked) this.masked.set(key, this.#savedBy(`step ${key}`));
      // Its agent's TODO list as it ended, open ones too: the run reusing it shows it and judges it as that run did.
      if (earlier.todos) this.#journal.step({ type: 'todos_created', stepKey: key, todos: earlier.todos });
      const partial = this.#partialInputs.reused(step, earlier.partial, earlier.made === true);
      const there = { usage: earlier.usage, ...(earlier.durationMs !== undefined && { durationMs: earlier.durationMs }) };
      this.#journal.step({ type: 'step_completed', stepKey: key, result: earlier.result, durationMs: 0, usage: NO_USAGE, reused: there, ...(earlier.masked && { masked: true }), ...(earlierElsewhere && { elsewhere: true }), ...(partial && { partial: partial.why, ...(partial.made && { made: true }) }) });
      this.#ready.release(key);
      this.#inbox.wake();
      return;
    }
    if (this.#part && this.#prepareSteps?.has(key)) {
      const problem = `step ${key} is not in the prepare job's state: it failed or was skipped there (see the prepare job), or it or what it depends on changed since the prepare job ran it; the ${this.#part.part} job runs none of the prepare job's steps: re-run all jobs of the workflow`;
      this.#conclude(key, { ok: false, error: new FanOutStateError(key, problem), usage: NO_USAGE, durationMs: 0, attempts: 1 });
      return;
    }
    if (step.forEach) {
      this.#expand(step);
      return;
    }
    if (step.type === 'plan') {
      this.#startNested(step);
      return;
    }
    this.#running.add(key);
    this.#takeSlot(key);
    const toolRetry = step.tool === undefined ? undefined : this.#plan.source?.tools?.[step.tool]?.retry;
    const earlierCalls = this.#earlierCalls.get(stepKeyWithin(this.#deps.within, key));
    const hooks = {
      onUsage: (more: Usage) => this.budget.charge(more, (priced) => this.#journal.modelUsed(priced, key)),
      onRetry: (notice: { attempt: number; maxAttempts: number; waitMs: number; error: string }) =>
        this.#journal.step({ type: 'step_retrying', stepKey: key, ...notice }),
      onActivity: (activity: StepActivity) => {
        if (this.#journal.stateOf(key) !== 'in_progress') return;
        this.#noteRewrittenTodos(key, activity);
        this.#journal.step({ ...activity, stepKey: key });
      },
      callTool: (tool: Tool, args: Record<string, unknown>, ctx: ToolContext) => this.#callTool(key, tool, args, ctx, undefined, chosenAgain(step, earlierCalls)),
      ...(earlierCalls && { earlierCalls }),
    };
    const shared = () => sharedContext(this.#plan, this.#deps, this.graph, this.results, this.missing, this.incomplete);
    attemptStep(step, shared, this.#deps, this.#stop.signal, resolveRetryPolicy(step.retry, toolRetry), hooks).then(
      (outcome) => this.#inbox.push({ key, outcome }),
      (error: unknown) => this.#inbox.push({ key, outcome: { ok: false, error, usage: NO_USAGE, durationMs: 0, attempts: 1 } }),
    );
  }

  /** Where a masked result comes from, in the words a goal's evidence shows: `step 2, reused as attempt 1 saved it`. */
  #savedBy(what: string): string {
    return `${what}, reused as ${this.#deps.resume!.from} saved it`;
  }

  /**
   * Whether a step (or item) may run again rather than reuse a saved result that has something
   * masked: a tool_call, reasoning, aggregate or agent step whose tools all have no side effects,
   * outside a fanned-out run (whose shards and merge take the prepare job's steps as saved). Not a
   * for_each or plan step: its items or steps, keyed anew from a list or inputs that may differ,
   * could repeat an effect. Its new result counts only if it redacts to the saved copy
   * (`#keptResult`), so nothing downstream sees another input than the saved run's.
   */
  #mayRunAgain(step: PlanStep): boolean {
    if (this.#deps.fanOut || step.forEach || step.type === 'plan') return false;
    const tools = step.type === 'tool_call' ? [step.tool] : step.type === 'agent' ? (step.tools ?? []) : [];
    return tools.every((name) => name !== undefined && this.#deps.tools.get(name)?.sideEffects === false);
  }

  /**
   * A step or item that ran again in place of a masked saved copy and failed: the saved copy stands,
   * masked. It completed once; failing now (a source gone, a model down) must not undo that, nor keep
   * failing every resume after. A stop (cancel, budget, timeout) is not this step's failure.
   */
  #withSavedCopy(copyKey: string, outcome: AttemptsOutcome): AttemptsOutcome {
    const saved = this.#savedCopies.get(copyKey);
    if (outcome.ok || !saved || outcome.error instanceof RunStoppedError) return outcome;
    this.#savedCopies.delete(copyKey);
    this.#savedCopyStands(copyKey, saved);
    const masked = `${saved.from} (it ran again and failed: ${errorText(outcome.error)})`;
    return { ok: true, result: saved.result, usage: outcome.usage, durationMs: outcome.durationMs, attempts: outcome.attempts, masked, ...(saved.elsewhere && { elsewhere: true }) };
  }

  /**
   * Why what `step` is given (a dependency's result, or one before it) was read from a checkout that is not the run's
   * commit, or undefined: a used plan's goal passed on the base branch's file, handed to it through `with:` (found by a review).
   */
  #foreignInput(step: PlanStep): string | undefined {
    // Kept across plan steps: a step's dependencies have all completed when it starts, so what is found for them stands.
    const why = this.#foreignWhy;
    const visit = (key: string): string | undefined => {
      if (why.has(key)) return why.get(key);
      why.set(key, undefined);
      const own = this.#journal.record.steps.get(key)?.elsewhere === true ? `its input comes from step ${key}, which read a checkout that is not the commit the run and its check are for` : undefined;
      const found = own ?? this.graph.byKey.get(key)?.dependsOn.map(visit).find((cause) => cause !== undefined);
      why.set(key, found);
      return found;
    };
    return step.dependsOn.map(visit).find((cause) => cause !== undefined);
  }

  /**
   * Whether a saved result (`ReusableStep.elsewhere`) of `step` (or of the step of that key, where this plan has it) was read
   * from a checkout that is not its run's commit. From a trace written before results were marked (`unknown`): where this
   * job's checkout is elsewhere, so a re-run's earlier attempts' was, a step that reads a checkout (or one this plan does
   * not have) is taken as read elsewhere (found by a review: across an upgrade, the gate opened on a reused step again).
   */
  #wasElsewhere(saved: true | 'unknown' | undefined, step: PlanStep | string): boolean {
    if (saved !== 'unknown') return saved === true;
    if (this.#deps.readsElsewhere === undefined) return false;
    const known = typeof step === 'string' ? this.graph.byKey.get(step) : step;
    return known === undefined || this.#readsElsewhere(known);
  }

  /** Whether `step`, run in this job, reads a checkout that is not the commit the run is for (`RunDeps.readsElsewhere`). */
  #readsElsewhere(step: PlanStep): boolean {
    return this.#deps.readsElsewhere?.(step, this.#plan) === true;
  }

  /**
   * The result a step or item that ran again in place of a masked saved copy keeps: its own when it
   * redacts to that copy (the same result, now whole), else the saved copy, masked: another answer
   * (a model's, a clock's) would change the reuse keys of the steps after it, and steps with side
   * effects among them would run again.
   */
  #keptResult(copyKey: string, result: unknown): { readonly result: unknown; readonly masked?: string; readonly elsewhere?: true } {
    const saved = this.#savedCopies.get(copyKey);
    if (!saved) return { result };
    this.#savedCopies.delete(copyKey);
    const redact = this.#deps.redact;
    if (redact && canonicalJson(redactDeep(result, redact)) === canonicalJson(saved.result)) {
      this.#rewroteTodos.delete(copyKey);
      return { result };
    }
    this.#savedCopyStands(copyKey, saved);
    return { result: saved.result, masked: saved.from, ...(saved.elsewhere && { elsewhere: true }) };
  }

  /** A step's or item's agent, running again in place of a masked saved copy, wrote a TODO list of its own. */
  #noteRewrittenTodos(copyKey: string, activity: StepActivity): void {
    if ((activity.type === 'todos_created' || activity.type === 'todos_updated') && this.#savedCopies.has(copyKey)) this.#rewroteTodos.add(copyKey);
  }

  /**
   * The saved copy stands in place of what its step or item did running again (it failed, or answered
   * otherwise): so does the TODO list its agent ended with, as when it is reused. The list the run again
   * wrote, or none, stood under the saved answer: a saved agent that left its TODOs open came back
   * ✅ without them when its model failed on the resume, and `all_steps_completed` passed (found by an
   * adversarial pass).
   */
  #savedCopyStands(copyKey: string, saved: SavedCopy): void {
    const rewrote = this.#rewroteTodos.delete(copyKey);
    if (!saved.todos?.length && !rewrote) return;
    this.#journal.step({ type: 'todos_created', stepKey: saved.stepKey, ...(saved.index !== undefined && { index: saved.index }), todos: saved.todos ?? [] });
  }

  /**
   * One tool call of step `stepKey` (of its item `item` when a `for_each` item makes it),
   * recorded; a side effect that ran (or may have) is never made again. `chosen`: the calls the step made
   * in the run resumed, where its model chooses the arguments of its one call (`chosenAgain`).
   */
  async #callTool(stepKey: string, tool: Tool, args: Record<string, unknown>, ctx: ToolContext, item?: CallingItem, chosen?: readonly EarlierCall[]): Promise<unknown> {
    // Hashed as the tool and the trace see them (redacted): a resume computes the key from those. Read only (the tool gets its own copy).
    const redactedArgs = this.#deps.redact ? redactDeepView(args, this.#deps.redact) : args;
    const callKey = toolCallKey(this.#plan.name, tool.name, redactedArgs);
    // The step's one call, made before, with arguments its model chose again otherwise: the same call in other words,
    // which no record matches (found by an adversarial pass: a second release note under another title).
    const before = tool.sideEffects ? chosen?.filter((call) => call.tool === tool.name) : undefined;
    if (before?.length && !before.some((call) => toolCallKey(this.#plan.name, call.tool, call.args) === callKey)) {
      const earlier = before.find((call) => call.outcome === 'succeeded') ?? before[0]!;
      const refused = new RepeatedSideEffectError({ stepKey, tool: tool.name, args, callKey, outcome: earlier.outcome, earlierStep: stepKey, earlierRun: true, insteadOf: earlier.args });
      if (!this.#refusedRepeats.has(stepKey)) this.#refusedRepeats.set(stepKey, refused);
      throw refused;
    }
    // Only calls with side effects are registered: a read costs no second hash.
    const anyKey = tool.sideEffects ? anyPlanCallKey(tool.name, redactedArgs) : '';
    // The same call still waiting for its answer (two items of one list, two steps): decided once it has one. Checked
    // for its effect meanwhile, it was a call that left nothing, made again, and recorded as failed (found by an adversarial pass).
    const answered = tool.sideEffects ? this.#calls.get(anyKey)?.answered : undefined;
    if (answered) {
      await raceAbort(answered, ctx.signal);
      return this.#callTool(stepKey, tool, args, ctx, item, chosen);
    }
    // This plan's own earlier call, else the same call another plan of the job made (a used plan, the
    // plan using this one, another use of this plan), in this run or the run resumed.
    const own = tool.sideEffects ? this.#sideEffects.get(callKey) : undefined;
    const registered = tool.sideEffects && !own ? this.#calls.get(anyKey) : undefined;
    const other = registered?.by === this ? undefined : registered;
    const earlier = own ?? other;
    if (earlier) {
      // The check takes turns: the same call asked meanwhile waits for what it decides, as for a call in flight. Checked
      // beside it, both found nothing of a call that got no answer and both made it again (found by a review).
      const held = this.#calls.get(anyKey);
      let decided = (): void => {};
      this.#calls.set(anyKey, { ...(held ?? { stepKey, outcome: earlier.outcome, calledAt: earlier.calledAt }), answered: new Promise<void>((resolve) => (decided = resolve)) });
      let check: EffectCheck | undefined;
      try {
        check = await this.#checkEffect(stepKey, tool, args, ctx, callKey, earlier);
      } finally {
        if (held) this.#calls.set(anyKey, held);
        else this.#calls.delete(anyKey);
        decided();
      }
      if (check?.found) return check.result;
      // Not there: a call that got no answer did not take effect, and is made now. A call that
      // succeeded and left nothing to find, or a tool that cannot tell: a person decides.
      if (!(check && earlier.outcome === 'unknown')) {
        const refused = new RepeatedSideEffectError({ stepKey, tool: tool.name, args, callKey, outcome: earlier.outcome, earlierStep: callerOf(earlier, other !== undefined), earlierRun: earlier.inherited === true, masked: redactedArgs !== args });
        if (!this.#refusedRepeats.has(stepKey)) this.#refusedRepeats.set(stepKey, refused);
        throw refused;
      }
    }
    const calledAt = new Date().toISOString();
    this.#journal.step({ type: 'tool_called', stepKey, tool: tool.name, args: tracedArgs(tool.name, args, tool.sideEffects), sideEffects: tool.sideEffects, callKey, ...(item !== undefined && { item }) });
    // The record of the call did not reach the trace (a full disk): made now, a resume would make it again.
    const unrecorded = tool.sideEffects ? this.#deps.recordProblem?.() : undefined;
    if (unrecorded !== undefined) {
      // The run stops, and the run using this plan: a replan, an agent's next turn or another item would only meet the same refusal.
      const error = new RecordLostError(tool.name, unrecorded);
      this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'failed', error: error.message });
      this.#stopJob(error);
      throw error;
    }
    // Until it answers, a side effect may or may not have happened.
    // Named as in the whole job (`web/post` for a used plan's step), as a refusal elsewhere in the job names it.
    const mine = { stepKey: stepKeyWithin(this.#deps.within, stepKey), plan: this.#plan.name, calledAt, by: this };
    let answer = (): void => {};
    // As reports name the call (`tool(args)`), made once: only a call with side effects is named.
    const call = tool.sideEffects ? `${tool.name}(${showArgs(args)})` : '';
    if (tool.sideEffects) {
      this.#sideEffects.set(callKey, { stepKey, outcome: 'unknown', calledAt });
      this.#calls.set(anyKey, { ...mine, outcome: 'unknown', answered: new Promise<void>((resolve) => (answer = resolve)) });
    }
    let result: unknown;
    if (tool.sideEffects) this.#callsInFlight.set(callKey, { stepKey, call });
    try {
      result = await tool.execute(args, { ...ctx, idempotencyKey: callKey });
    } catch (error) {
      this.#callsInFlight.delete(callKey);
      // A permanent error is the tool saying no; a timeout, a cancel, a lost connection, a kill or a stop for
      // too much output says nothing about the effect.
      const unknown = leftEffectUnknown(tool.sideEffects, error, ctx.signal.aborted);
      if (tool.sideEffects && !unknown) {
        this.#sideEffects.delete(callKey);
        if (this.#calls.get(anyKey)?.by === this) this.#calls.delete(anyKey);
      } else if (tool.sideEffects) this.#calls.set(anyKey, { ...mine, outcome: 'unknown' });
      answer();
      if (unknown) this.#unknownCalls.set(stepKey, call);
      this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: unknown ? 'unknown' : 'failed', error: errorText(error) });
      // Before the step sees it: an agent's next turn, a replan or the next item would go on past it (`StepError.stopsRun`).
      if (error instanceof StepError && error.stopsRun) this.#stopJob(new ToolStoppedRunError(error));
      throw error;
    }
    this.#callsInFlight.delete(callKey);
    if (tool.sideEffects) {
      this.#sideEffects.set(callKey, { stepKey, outcome: 'succeeded', calledAt, call });
      this.#calls.set(anyKey, { ...mine, outcome: 'succeeded' });
    }
    answer();
    this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'succeeded' });
    // The call happened (its effect stands); a result no trace, prompt or report could hold is not kept.
    if (exceedsDepth(result, MAX_JSON_DEPTH)) throw new ToolResultTooDeepError({ toolName: tool.name });
    return result;
  }

  /**
   * Looks for the effect of an earlier side-effect call, recorded as a `check` call; undefined when
   * the tool cannot tell or the check itself failed (then nothing may be assumed).
   */
  async #checkEffect(stepKey: string, tool: Tool, args: Record<string, unknown>, ctx: ToolContext, callKey: string, earlier: { outcome: 'succeeded' | 'unknown'; calledAt: string; inherited?: true }): Promise<EffectCheck | undefined> {
    if (!tool.findEffect) return undefined;
    const { calledAt } = earlier;
    // A call of the run resumed: found, the step's line says its result was not made now.
    const madeIn = earlier.inherited ? this.#deps.resume?.from : undefined;
    this.#journal.step({ type: 'tool_called', stepKey, tool: tool.name, args, sideEffects: tool.sideEffects, callKey, kind: 'check', calledAt, ...(madeIn !== undefined && { madeIn }) });
    try {
      const check = await tool.findEffect(args, { ...ctx, idempotencyKey: callKey, since: new Date(calledAt) });
      if (check.found) {
        // Found: the call took effect, when it was made (in an earlier run, for one the run resumed).
        this.#sideEffects.set(callKey, { stepKey, outcome: 'succeeded', calledAt, ...(earlier.inherited && { inherited: true }) });
        this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: 'succeeded' });
      } else {
        // Not found: a call that got no answer did not take effect (`failed`: it may be made); one that succeeded still did.
        const outcome = earlier.outcome === 'unknown' ? 'failed' : 'succeeded';
        this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome, error: `no effect of the call made at ${calledAt} was found` });
      }
      return check;
    } catch (error) {
      this.#journal.step({ type: 'tool_returned', stepKey, tool: tool.name, callKey, outcome: earlier.outcome, error: `could not check for its effect: ${errorText(error)}` });
      return undefined;
    }
  }

  /** Runs a plan step's plan as a nested run: its events go to this journal, its model use to this budget. */
  #startNested(step: PlanStep): void {
    const key = step.key;
    this.#running.add(key);
    const foreignInputs = this.#deps.foreignInputs ?? this.#foreignInput(step);
    runNestedPlan(step, {
      plan: this.#plan,
      // The used plan's run shares this run's record of side-effect calls: neither makes a call the other made.
      // And the job's concurrency: its steps take slots of the same limit as this run's.
      // And the job's stop: a failure nothing may go on past stops the run using the plan too, which would replan around it.
      // And which of its inputs are given a result that lacks work: its tool steps given one are partial too.
      // And where what it is given was read from a checkout that is not the run's commit, why: no goal of it is checked.
      deps: { ...this.#deps, calls: this.#calls, slots: this.#slots, stopJob: (reason) => this.#stopJob(reason), partialInputs: this.#partialInputs.givenTo(step), ...(foreignInputs !== undefined && { foreignInputs }) },
      budget: this.budget,
      signal: this.#stop.signal,
      sources: { results: this.results, inputs: this.#deps.inputs, missing: this.missing },
      emit: (event) => this.#journal.step({ type: 'nested_event', stepKey: key, event }),
    }).then(
      (outcome) => this.#inbox.push({ key, outcome }),
      (error: unknown) => this.#inbox.push({ key, outcome: { ok: false, error, usage: NO_USAGE, durationMs: 0, attempts: 1 } }),
    );
  }

  /** Turns a started for_each step into its children; a list that cannot be expanded fails the step at once. */
  #expand(step: PlanStep): void {
    const startedAt = this.#deps.clock.now();
    let children: PlanStep[];
    try {
      const sources = { results: this.results, inputs: this.#deps.inputs, missing: this.missing };
      children = expandForEach(step, sources, this.#plan.limits.max_items ?? DEFAULT_LIMITS.max_items);
    } catch (error) {
      this.#conclude(step.key, { ok: false, error, usage: NO_USAGE, durationMs: 0, attempts: 1 });
      return;
    }
    const reuseKey = this.reuseKeys.get(step.key)!;
    const part = step.forEach!.fanOut ? this.#part : undefined;
    const shardPlan = this.#deps.resume?.shards.get(reuseKey);
    if (part?.part === 'shard' && shardPlan?.assignment.length !== children.length) {
      const problem = `the prepare job's state has no shard plan for step ${step.key} as it starts here (its list, inputs or definition changed since the prepare job ran); re-run all jobs of the workflow`;
      this.#conclude(step.key, { ok: false, error: new FanOutStateError(step.key, problem), usage: NO_USAGE, durationMs: 0, attempts: 1 });
      return;
    }
    // Items an earlier run or another shard completed are taken as they are; a shard runs only its own share.
    const placed = placedReuseKey(this.#deps.within, reuseKey);
    const reused = this.#deps.resume?.items.get(placed);
    const taken: number[] = [];
    const toRun: number[] = [];
    const missing: number[] = [];
    let left = 0;
    children.forEach((child, index) => {
      const item = reused?.get(index);
      const same = item !== undefined && item.key === this.#tracedKey(child.key);
      // A masked item runs again as a masked step does (never in a fanned-out run).
      const again = same && item.masked === true && this.#mayRunAgain(child);
      if (again) this.#savedCopies.set(`${step.key}#${index}`, { result: item.result, from: this.#savedBy(`item ${item.key}`), stepKey: step.key, index, ...(this.#wasElsewhere(item.elsewhere, child) && { elsewhere: true }), ...(item.todos && { todos: item.todos }) });
      if (same && !again) taken.push(index);
      else if (part?.part === 'shard') {
        if (shardPlan!.assignment[index] === part.shard) toRun.push(index);
        else left += 1;
      } else if (part?.part === 'merge') missing.push(index);
      else toRun.push(index);
    });
    const fanOut = part?.part === 'shard' ? { fanOut: { shard: part.shard, assignment: shardPlan!.assignment } } : {};
    this.#journal.step({ type: 'step_expanded', stepKey: step.key, keys: children.map((child) => child.key), ...fanOut });
    const mapped = new MappedStep(step.key, children, step.forEach!.onItemFailure, startedAt, toRun);
    mapped.left = left;
    for (const index of taken) {
      const item = reused!.get(index)!;
      mapped.reuse(index, item.result);
      this.#learnSecretsPassedOn(step.key, item.result, index);
      // Named by its saved key, as the trace keeps it: the label may hold what was masked.
      if (item.masked && !this.#maskedItems.has(step.key)) this.#maskedItems.set(step.key, this.#savedBy(`item ${item.key}`));
      const itemElsewhere = this.#wasElsewhere(item.elsewhere, children[index]!);
      if (itemElsewhere) this.#elsewhereItems.add(step.key);
      if (item.todos) this.#journal.step({ type: 'todos_created', stepKey: step.key, index, todos: item.todos });
      const there = { usage: item.usage, ...(item.durationMs !== undefined && { durationMs: item.durationMs }) };
      this.#journal.step({ type: 'item_completed', stepKey: step.key, index, result: item.result, durationMs: 0, usage: NO_USAGE, reused: there, ...(item.masked && { masked: true }), ...(itemElsewhere && { elsewhere: true }) });
    }
    // The merge runs no fan-out item: one its shard did not finish is that shard's failure, reported per item.
    for (const index of missing) {
      const shard = shardPlan?.assignment[index];
      const earlier = this.#deps.resume?.itemErrors.get(placed)?.get(index);
      const by = shard === undefined ? 'no shard' : `shard ${shard}`;
      const error = earlier === undefined ? `${by} left no result for this item (its job failed, was cancelled or saved no state); re-run that shard job, then this one` : `${by}: ${earlier}`;
      mapped.failed(index, error, NO_USAGE, undefined, false);
      this.#journal.step({ type: 'item_failed', stepKey: step.key, index, error, transient: false, durationMs: 0, usage: NO_USAGE, notRunHere: true });
      // A shard leaves its fan-out step in progress, so it never escalated over the item's call that got no answer (a
      // whole run does when the step completes): the merge, which completes the step, does.
      const unknown = this.#earlierCalls.get(itemCallsKey(stepKeyWithin(this.#deps.within, step.key), reuseKey, this.#tracedKey(children[index]!.key)))?.find((call) => call.outcome === 'unknown');
      if (unknown && !this.#unknownCalls.has(step.key)) this.#unknownCalls.set(step.key, `${unknown.tool}(${showArgs(unknown.args)})`);
    }
    if (mapped.hasWaiting) this.#mapped.set(step.key, mapped);
    else this.#concludeMapped(mapped);
  }

  /** The step's reuse key (`stepReuseKey`) from what this run knows now. */
  #reuseKey(step: PlanStep): string {
    const { tools, redact } = this.#deps;
    // A used plan that names no model runs on the run's (its client's default); a plan the job runs has the caller's written into its `model:`.
    const inheritedModel = this.#deps.inner && this.#plan.source?.model?.name === undefined ? this.#deps.model?.defaultModel : undefined;
    return stepReuseKey(step, { plan: this.#plan, tools, inputsHash: this.#inputsHash, keys: this.reuseKeys, results: this.results, resultHashes: this.#resultHashes, ...(redact && { redact }), ...(inheritedModel !== undefined && { inheritedModel }) });
  }

  /** The prepare job: which shard runs each item of every fan-out step that can start, recorded for the shard jobs. */
  #assignShards(shards: number, weights: ReadonlyMap<string, number> | undefined): void {
    for (const step of this.graph.steps) {
      if (!step.forEach?.fanOut) continue;
      const settled = step.dependsOn.every((dep) => {
        const state = this.#journal.stateOf(dep);
        return state === 'completed' || (step.optional?.includes(dep) === true && (state === 'failed' || state === 'skipped'));
      });
      if (!settled) continue;
      const reuseKey = this.#reuseKey(step);
      let keys: string[];
      try {
        const sources = { results: this.results, inputs: this.#deps.inputs, missing: this.missing };
        keys = expandForEach(step, sources, this.#plan.limits.max_items ?? DEFAULT_LIMITS.max_items).map((child) => child.key);
      } catch (error) {
        // Every shard would fail the same way: the prepare job fails now, at the step, as a whole run shows it (❌ with
        // its error, what needs it skipped). Recorded as a failure alone, it left the step ⬜ under "0 failed" (found by a hunting pass).
        const text = errorText(error);
        this.#journal.step({ type: 'step_started', stepKey: step.key, reuseKey });
        this.#journal.step({ type: 'step_failed', stepKey: step.key, error: text, transient: false, durationMs: 0, usage: NO_USAGE });
        this.missing.set(step.key, `step ${step.key} failed: ${text}`);
        this.failures.push({ stepKey: step.key, error: text, recoverable: false });
        this.#skipDownstream(step.key, `upstream step ${step.key} failed`, false);
        continue;
      }
      // A re-run prepare job keeps the assignment its earlier attempt made for the same items: each shard resumes
      // its own earlier state only, so an item dealt to another shard (other weights-from durations) ran again there.
      const earlier = this.#deps.resume?.shards.get(reuseKey);
      const kept = earlier?.shards === shards && earlier.assignment.length === keys.length && earlier.assignment.every((shard) => shard <= shards) ? earlier.assignment : undefined;
      this.#journal.step({ type: 'shards_assigned', stepKey: step.key, reuseKey, shards, assignment: kept ?? assignShards(keys, shards, weights) });
    }
  }

  /** An item's key as a trace keeps it, and so a resumed run's items and calls: redacted (a label from a list that holds a token). */
  #tracedKey(key: string): string {
    return this.#deps.redact ? this.#deps.redact(key) : key;
  }

  #startChild(mapped: MappedStep): void {
    const { child, index } = mapped.take()!;
    const stepKey = mapped.key;
    const reuseKey = this.reuseKeys.get(stepKey)!;
    this.#journal.step({ type: 'item_started', stepKey, index });
    this.#running.add(child.key);
    this.#takeSlot(child.key);
    const toolRetry = child.tool === undefined ? undefined : this.#plan.source?.tools?.[child.tool]?.retry;
    const earlierCalls = this.#earlierCalls.get(itemCallsKey(stepKeyWithin(this.#deps.within, stepKey), reuseKey, this.#tracedKey(child.key)));
    const hooks = {
      onUsage: (more: Usage) => this.budget.charge(more, (priced) => this.#journal.modelUsed(priced, stepKey)),
      onRetry: (notice: { attempt: number; maxAttempts: number; waitMs: number; error: string }) =>
        this.#journal.step({ type: 'item_retrying', stepKey, index, ...notice }),
      noMoreAttempts: mapped.haltSignal,
      // An item's tool calls and activity belong to its for_each step: one record, one side-effect ledger.
      onActivity: (activity: StepActivity) => {
        if (this.#journal.stateOf(stepKey) !== 'in_progress') return;
        this.#noteRewrittenTodos(`${stepKey}#${index}`, activity);
        this.#journal.step({ ...activity, stepKey, index });
      },
      callTool: (tool: Tool, args: Record<string, unknown>, ctx: ToolContext) => this.#callTool(stepKey, tool, args, ctx, { key: child.key, reuseKey }, chosenAgain(child, earlierCalls)),
      ...(earlierCalls && { earlierCalls }),
    };
    const shared = () => sharedContext(this.#plan, this.#deps, this.graph, this.results, this.missing, this.incomplete);
    const item = { parent: stepKey, index };
    attemptStep(child, shared, this.#deps, this.#stop.signal, resolveRetryPolicy(child.retry, toolRetry), hooks).then(
      (outcome) => this.#inbox.push({ key: child.key, outcome, item }),
      (error: unknown) => this.#inbox.push({ key: child.key, outcome: { ok: false, error, usage: NO_USAGE, durationMs: 0, attempts: 1 }, item }),
    );
  }

  #settle(finished: Finished): void {
    this.#running.delete(finished.key);
    if (this.#holding.delete(finished.key)) this.#slots.release();
    if (finished.item) this.#settleItem(finished.item.parent, finished.item.index, finished.outcome);
    else this.#conclude(finished.key, finished.outcome);
  }

  #settleItem(parent: string, index: number, settled: AttemptsOutcome): void {
    const mapped = this.#mapped.get(parent)!;
    const outcome = this.#withSavedCopy(`${parent}#${index}`, settled);
    const { usage, durationMs } = outcome;
    const retried = outcome.attempts > 1 ? { attempts: outcome.attempts } : {};
    if (outcome.ok) {
      const kept = this.#keptResult(`${parent}#${index}`, outcome.result);
      const masked = kept.masked ?? outcome.masked;
      if (masked !== undefined && !this.#maskedItems.has(parent)) this.#maskedItems.set(parent, masked);
      const elsewhere = kept.elsewhere === true || outcome.elsewhere === true || this.#readsElsewhere(mapped.children[index]!);
      if (elsewhere) this.#elsewhereItems.add(parent);
      mapped.completed(index, kept.result, usage);
      this.#learnSecretsPassedOn(parent, kept.result, index);
      this.#journal.step({ type: 'item_completed', stepKey: parent, index, result: kept.result, durationMs, usage, ...retried, ...(masked !== undefined && { masked: true }), ...(elsewhere && { elsewhere: true }) });
    } else {
      const error = `${errorText(outcome.error)}${outcome.attempts > 1 ? ` (after ${outcome.attempts} attempts)` : ''}`;
      // Under on_item_failure: continue too, where the step completes: the replanner's calls would fail as this item's did.
      if (endpointUnusable(outcome.error)) this.endpointUnusable = true;
      mapped.failed(index, error, usage, outcome.error instanceof RunStoppedError ? outcome.error : undefined);
      this.#journal.step({ type: 'item_failed', stepKey: parent, index, error, transient: isTransient(outcome.error), durationMs, usage, ...retried });
    }
    if (mapped.running === 0 && (this.stopReason || !mapped.hasWaiting)) this.#concludeMapped(mapped);
  }

  /** After a stop: for_each steps with no child running end now (their waiting children never start). */
  #concludeIdleMapped(): void {
    for (const mapped of [...this.#mapped.values()]) if (mapped.running === 0) this.#concludeMapped(mapped);
  }

  #concludeMapped(mapped: MappedStep): void {
    this.#mapped.delete(mapped.key);
    // The stop ends the step only where it reached an item (stopped one, or kept one from starting): a step whose
    // every item completed as it landed, the last answer kept, completes (found by an adversarial pass: it was ❌).
    const stop = mapped.stop ?? (mapped.notStarted > 0 ? this.stopReason : undefined);
    const ended = { usage: mapped.usage, durationMs: this.#deps.clock.now() - mapped.startedAt, attempts: 1 };
    // A shard's step is not done while other shards have items of it: the merge ends it. Its share has ended here, which
    // its line says: left in progress, it showed ⏳ at the job's end (found by a review); ✅ over 0 done, when every
    // item of its own failed, read as work done (found by an adversarial pass). So too for a shard dealt every item
    // (a list of one on two shards): it completed the step, ✅ over every item failed, which the shared comment kept
    // through the merge's writes (found by a hunt of fan-out): the merge, which sees them all, decides.
    const inShard = this.#part?.part === 'shard' && this.graph.byKey.get(mapped.key)?.forEach?.fanOut === true;
    if ((mapped.left > 0 || inShard) && !mapped.halted && !stop) {
      const own = mapped.children.length - mapped.left;
      const allFailed = mapped.failures.length > 0 && mapped.failures.length === own;
      const failed = allFailed ? { state: 'failed' as const, error: `all ${own} of this shard's items failed; the merge job fails the step${mapped.left > 0 ? " if the other shards' items failed too" : ''}` } : { state: 'completed' as const };
      return this.#journal.step({ type: 'share_ended', stepKey: mapped.key, ...failed, durationMs: ended.durationMs, usage: ended.usage });
    }
    if (stop) return this.#conclude(mapped.key, { ok: false, error: stop, ...ended });
    if (mapped.halted) {
      return this.#conclude(mapped.key, { ok: false, error: new ItemFailedError({ stepKey: mapped.key, failures: mapped.failures, notRun: mapped.notStarted }), ...ended });
    }
    // Under on_item_failure: continue, a step whose every item failed kept nothing: it fails (never ✅ with 0/n done).
    if (mapped.failures.length > 0 && mapped.failures.length === mapped.children.length) {
      return this.#conclude(mapped.key, { ok: false, error: new ItemFailedError({ stepKey: mapped.key, failures: mapped.failures, notRun: 0, policy: 'continue' }), ...ended });
    }
    const listed = mapped.failures.slice(0, 20).map((failure) => `${failure.key}: ${failure.error}`).join('; ');
    const more = mapped.failures.length > 20 ? `; and ${mapped.failures.length - 20} more` : '';
    const gaps = mapped.failures.length > 0 ? { partial: `${mapped.failures.length} of ${mapped.children.length} items failed and are null in the list (${listed}${more})` } : {};
    this.#conclude(mapped.key, { ok: true, result: mapped.results, ...ended, ...gaps }, mapped.failures);
  }

  #conclude(key: string, settled: AttemptsOutcome, failedItems: readonly ItemFailure[] = []): void {
    const step = this.graph.byKey.get(key)!;
    const outcome = this.#withSavedCopy(key, settled);
    const { usage, durationMs } = outcome;
    const retried = outcome.attempts > 1 ? { attempts: outcome.attempts } : {};
    if (outcome.ok) {
      const kept = this.#keptResult(key, outcome.result);
      this.results.set(key, kept.result);
      // A for_each step's items were learned one by one as each completed or was reused, under this revision of the plan
      // (no replan comes while a for_each step runs): its list holds nothing more.
      if (!step.forEach) this.#learnSecretsPassedOn(key, kept.result);
      const failed = failedItems.length > 0 ? { failedItems } : {};
      const masked = kept.masked ?? outcome.masked ?? this.#maskedItems.get(key);
      if (masked !== undefined) this.masked.set(key, masked);
      const partial = this.#partialInputs.completed(step, outcome.partial, outcome.made === true);
      // A for_each step's result is its items': read elsewhere where one of them was (an item reused, or one run here).
      const elsewhere = kept.elsewhere === true || outcome.elsewhere === true || (step.forEach ? this.#elsewhereItems.has(key) : this.#readsElsewhere(step));
      this.#journal.step({ type: 'step_completed', stepKey: key, result: kept.result, durationMs, usage, ...retried, ...failed, ...(masked !== undefined && { masked: true }), ...(elsewhere && { elsewhere: true }), ...(partial && { partial: partial.why, ...(partial.made && { made: true }) }) });
      // The step went on past a call with side effects that got no answer (an agent's next turn, a
      // for_each item under on_item_failure: continue): the run does not, as after a failed step.
      const unknownCall = this.#unknownCallOf(key);
      if (unknownCall) {
        this.failures.push({ stepKey: key, error: `${unknownCall} got no answer`, recoverable: false });
        return this.#escalate(unknownCallWhy(key, unknownCall), `${unknownCall} got no answer`);
      }
      // Nor past a call it refused to repeat: the item's result (null) is not what the call gave.
      const refused = this.#refusedRepeats.get(key);
      if (refused) {
        this.failures.push({ stepKey: key, error: refused.message, recoverable: false });
        return this.#escalate(repeatedWhy(key, refused), refused.message);
      }
      this.#ready.release(key);
      if (step.review && !this.stopReason && !this.#ranAgain.has(key) && this.#deps.replanner && this.#remaining().length > 0) this.#needs.push({ kind: 'review', stepKey: key });
      return;
    }
    const attempts = outcome.attempts > 1 ? ` (after ${outcome.attempts} attempts)` : '';
    const error = `${errorText(outcome.error)}${attempts}`;
    const transient = isTransient(outcome.error);
    this.#journal.step({ type: 'step_failed', stepKey: key, error, transient, durationMs, usage, ...retried });
    if (outcome.error instanceof RunStoppedError) {
      this.#stopCutShort = true;
      return;
    }
    this.missing.set(key, `step ${key} failed: ${error}`);
    if (endpointUnusable(outcome.error)) this.endpointUnusable = true;
    const failure: FailureNote = { step, error, attempts: outcome.attempts, ...(transient && { transient }) };
    this.history.push(failure);
    const unknownCall = this.#unknownCallOf(key);
    if (unknownCall) {
      // No retry, no replan, no resume may call it again blindly: a person checks first.
      this.failures.push({ stepKey: key, error, recoverable: false });
      this.#skipDownstream(key, `upstream step ${key} failed`, false);
      return this.#escalate(unknownCallWhy(key, unknownCall), error);
    }
    if (outcome.error instanceof NestedPlanError && outcome.error.escalation !== undefined) {
      // The used plan escalated (a side-effect call with no answer inside it): a person checks, as for a
      // step of this plan; continuing or replanning past it could make that call again.
      this.failures.push({ stepKey: key, error, recoverable: false });
      this.#skipDownstream(key, `upstream step ${key} failed`, false);
      return this.#escalate(`step ${key} runs the plan ${outcome.error.uses}, which escalated: ${outcome.error.escalation}`, `the plan ${outcome.error.uses} escalated`);
    }
    // A resumed run reached a call an earlier run made (or may have made): the same person decides. Also
    // when the refusal is not the step's own error: a for_each item's, or an agent's that then ran out of
    // turns; replanning around it let the run succeed past a call nobody checked.
    const refused = outcome.error instanceof RepeatedSideEffectError ? outcome.error : this.#refusedRepeats.get(key);
    if (refused) {
      this.failures.push({ stepKey: key, error, recoverable: false });
      this.#skipDownstream(key, `upstream step ${key} failed`, false);
      return this.#escalate(repeatedWhy(key, refused), error);
    }
    // A step every dependent can do without degrades the run instead of failing or replanning it. Not a used plan whose
    // goals gate the run: its dependents taking it as optional is no `continue` it wrote, and the job passed a gate whose
    // verdict was "not met" (found by an adversarial hunt).
    const gating = this.#gates(step);
    const dependents = this.graph.dependentsOf(key);
    const onlyOptional = !gating && dependents.length > 0 && dependents.every((dependent) => this.graph.byKey.get(dependent)!.optional?.includes(key));
    const chosen = step.onFailure ?? (onlyOptional ? 'continue' : this.#deps.replanner ? 'replan' : 'fail');
    // The replanner calls the same endpoint with the same key: when the step could not reach it or was
    // refused the key, a replan only repeats that failure, retries and all, and then reports a plan it
    // could not write (found by a new-user walkthrough: 7 s of calls to a dead endpoint, then `escalated`).
    // Any call of this run that found the endpoint so (this step's, set above, or an item's): the replanner's would too.
    // A used plan's goals that decided against it are a verdict: a replan would route around the check. So would one
    // after its run failed before they were checked: a model writes no plan step, and the job passed a gate nobody checked.
    const verdict = outcome.error instanceof NestedPlanError && outcome.error.goalsUnmet;
    const policy = chosen === 'replan' && (this.endpointUnusable || verdict || gating) ? 'fail' : chosen;
    // An agent step that failed after calls with side effects took effect: its replacement, told only that it failed,
    // made them again in other words (a second release note; found by a hunt of agent mode), which no record of the
    // calls can refuse. A person checks instead, as after a call with no answer; a resume tells the agent of them.
    const made = policy === 'replan' && this.#deps.replanner && step.type === 'agent' ? this.#madeCalls(key) : [];
    if (made.length > 0) {
      this.failures.push({ stepKey: key, error, recoverable: false });
      this.#skipDownstream(key, `upstream step ${key} failed`, false);
      const shown = `${made.slice(0, 5).join(', ')}${made.length > 5 ? `, and ${made.length - 5} more` : ''}`;
      return this.#escalate(`step ${key}, an agent, failed after its calls with side effects took effect (${shown}); a replan could make them again in other words, so plan-runner does not replan: check what they did, then run again (a resume tells the agent of them)`, error);
    }
    if (policy === 'replan' && this.#deps.replanner) {
      // Its dependents stay pending: the replan replaces them.
      this.failures.push({ stepKey: key, error, recoverable: true });
      this.#needs.push({ kind: 'replan', failure });
      return;
    }
    // With no replanner, `replan` cannot be honoured: the failure stands, as with `fail`.
    if (policy !== 'continue') this.failures.push({ stepKey: key, error, recoverable: false });
    const why = policy === 'continue' ? `upstream step ${key} failed (on_failure: continue)` : `upstream step ${key} failed`;
    this.#skipDownstream(key, why, policy === 'continue');
  }

  /**
   * Skips what needs `key`'s result, transitively. A dependent that takes a missing step as an
   * optional input is not skipped: that input counts as settled, and the step runs without it.
   */
  #skipDownstream(key: string, why: string, continued: boolean): void {
    const queue = [key];
    for (let upstream = queue.shift(); upstream !== undefined; upstream = queue.shift()) {
      for (const dependent of this.graph.dependentsOf(upstream)) {
        if (this.#journal.stateOf(dependent) !== 'pending') continue;
        if (this.graph.byKey.get(dependent)!.optional?.includes(upstream)) {
          this.#ready.releaseOptional(dependent);
          continue;
        }
        this.#journal.step({ type: 'step_skipped', stepKey: dependent, reason: why });
        this.missing.set(dependent, `step ${dependent} was skipped: ${why}`);
        if (continued) this.skippedFor.set(dependent, key);
        queue.push(dependent);
      }
    }
  }

  /** Handles what paused the run: a replan for the latest failure, else a review. */
  async #recover(): Promise<void> {
    const needs = this.#needs.splice(0);
    // A failure no replan can mend (on_failure: fail, a side effect that must not repeat) already
    // fails the run: a replan would only cost a call, and replace that failed step out of the plan,
    // so every checklist would show it as replaced and say "0 failed" over "Finished: failed".
    // Nor while a step that runs a used plan whose goals gate the run has not completed: a replan replaces every step
    // not done, and a model writes no plan step, so the check would go with it (found by an adversarial hunt: a replan
    // after an earlier step failed dropped it, and the job passed). The failures stand; a review's "no" cannot be acted on.
    if (this.failures.some((failure) => !failure.recoverable) || this.graph.steps.some((step) => this.#journal.stateOf(step.key) !== 'completed' && this.#holdsGate(step))) {
      // The replans asked for will not come: those failures stand, and what needs their results is
      // skipped for them now, as under `fail` (left pending, the run's end took them for an executor bug).
      for (const need of needs) if (need.kind === 'replan') this.#skipDownstream(need.failure.step.key, `upstream step ${need.failure.step.key} failed`, false);
      this.failures = this.failures.map((failure) => (failure.recoverable ? { ...failure, recoverable: false } : failure));
      return;
    }
    const replan = needs.findLast((need) => need.kind === 'replan');
    if (replan) return this.#replan({ failure: replan.failure });
    const review = needs.find((need) => need.kind === 'review');
    const remaining = this.#remaining();
    if (!review || remaining.length === 0) return;
    let verdict;
    try {
      verdict = await this.#deps.replanner!.review(
        { ...(this.#plan.goal !== undefined && { goal: this.#plan.goal }), completed: this.#completed(), reviewedStepKey: review.stepKey, remaining },
        this.#stop.signal,
      );
    } catch {
      // A review is advisory: when it cannot be had, the plan goes on as it is.
      return;
    }
    if (this.stopReason || verdict.fits) return;
    return this.#replan({ review: { stepKey: review.stepKey, reason: verdict.reason } });
  }

  async #replan(trigger: Trigger): Promise<void> {
    const max = this.#plan.limits.max_replans ?? DEFAULT_LIMITS.max_replans;
    // After a review, what the run could not get past is the review's reason, not an earlier failure it recovered from.
    const lastError = trigger.failure ? trigger.failure.error : trigger.review.reason;
    const what = trigger.failure ? `step ${trigger.failure.step.key} failed` : `the review after step ${trigger.review.stepKey} found the plan no longer fits`;
    if (this.#replans >= max) {
      const used = max === 0 ? 'replanning is off (limits.max_replans: 0)' : `the ${max} replan${max === 1 ? '' : 's'} allowed (limits.max_replans) are used up`;
      return this.#escalate(`${what} and ${used}`, lastError);
    }
    // No replacement could start: asked, the model spent a call on steps it was told to keep to none.
    if (this.budget.stepsLeft <= 0) {
      return this.#escalate(`${what} and no step can replace it: the run has started the ${this.budget.stepsStarted} steps limits.max_steps allows (raise it to leave room for a replan)`, lastError);
    }
    let result: ReplanResult;
    try {
      result = await this.#deps.replanner!.replan(
        {
          ...(this.#plan.goal !== undefined && { goal: this.#plan.goal }),
          completed: this.#completed(),
          ...(trigger.failure && { failure: trigger.failure }),
          ...(trigger.review && { review: trigger.review }),
          failures: [...this.history],
          // A used plan's run has the outer run's resume state: those are the outer plan's.
          ...(!this.#deps.inner && this.#deps.resume?.earlier && { earlier: this.#deps.resume.earlier }),
          remaining: this.#remaining(),
          usedKeys: this.#usedKeys(),
          stepsCounted: this.budget.stepsStarted,
          revision: this.graph.revision + 1,
        },
        this.#stop.signal,
      );
    } catch (error) {
      result = { ok: false, problem: errorText(error) };
    }
    if (this.stopReason) return;
    const completed = this.#completed().map((done) => done.step);
    const problem = result.ok
      ? (replacementProblem(completed, this.#usedKeys(), result.steps) ?? this.#repeatedSideEffect(result.steps))
      : result.problem;
    if (!result.ok || problem) return this.#escalate(`${what} and the replanner could not write a valid plan for what is left (${problem})`, lastError);
    // A step it replaces (every step not completed: the one that failed too) that asks for a person on its own
    // (`approval: true`, or its used plan asks): a model's step cannot ask (the field is for people), so every step
    // the replacement adds asks in its place. Else the model replaced the step that waited (or the approved step that
    // then failed) with one that called the same tool otherwise, and it ran with nobody asked (found by an
    // adversarial hunt). The plan's policy (`side-effects`, `plan`) asks for new steps as for any.
    const asking = this.graph.steps.find((step) => this.#journal.stateOf(step.key) !== 'completed' && this.gate.asksOfItself(step));
    const steps = asking ? result.steps.map((step): PlanStep => (step.approval ? step : { ...step, approval: true })) : result.steps;
    const reason = revisionReason(trigger, result.why);
    this.#revise(steps, asking ? `${reason} (its steps ask for approval, as step ${asking.key} they replace did)` : reason);
  }

  #revise(steps: readonly PlanStep[], reason: string): void {
    const revision = this.graph.revision + 1;
    for (const step of this.graph.steps) {
      const state = this.#journal.stateOf(step.key);
      if (state === 'pending' || state === 'waiting') {
        this.#journal.step({ type: 'step_skipped', stepKey: step.key, reason: `replaced by plan revision ${revision}` });
      }
    }
    const change = this.graph.replaceRemaining(steps, new Set(this.#completed().map((done) => done.step.key)));
    this.#replans += 1;
    this.failures = this.failures.filter((failure) => !failure.recoverable);
    this.#journal.planRevised(this.graph.snapshot(this.header), change.replaced, change.added, reason);
    this.#ready.rebuild();
  }

  /** A new step that would repeat a side-effect call that ran (or may have), with the same literal arguments: this plan's, or one a used plan made. */
  #repeatedSideEffect(steps: readonly PlanStep[]): string | undefined {
    for (const step of steps) {
      const tool = step.tool === undefined ? undefined : this.#deps.tools.get(step.tool);
      if (!tool?.sideEffects || !step.args) continue;
      const args = this.#deps.redact ? redactDeep(step.args, this.#deps.redact) : step.args;
      const own = this.#sideEffects.get(toolCallKey(this.#plan.name, tool.name, args));
      const registered = own ? undefined : this.#calls.get(anyPlanCallKey(tool.name, args));
      const other = registered?.by === this ? undefined : registered;
      const earlier = own ?? other;
      if (earlier) {
        const what = earlier.outcome === 'succeeded' ? 'already succeeded' : 'may already have taken effect (it got no answer)';
        return `step ${step.key} repeats ${tool.name}(${showArgs(step.args)}), a call with side effects that ${what} in step ${callerOf(earlier, other !== undefined)}`;
      }
    }
    return undefined;
  }

  /** A call with side effects of step `key` (or of its items) whose outcome is unknown: it got no answer, or it is still waiting for one. */
  #unknownCallOf(key: string): string | undefined {
    const unknown = this.#unknownCalls.get(key);
    if (unknown) return unknown;
    for (const inFlight of this.#callsInFlight.values()) if (inFlight.stepKey === key) return inFlight.call;
    return undefined;
  }

  /** The calls with side effects `key` made in this run that took effect, as `tool(args)`. */
  #madeCalls(key: string): string[] {
    const made: string[] = [];
    for (const call of this.#sideEffects.values()) if (call.stepKey === key && call.outcome === 'succeeded' && !call.inherited && call.call !== undefined) made.push(call.call);
    return made;
  }

  #escalate(why: string, lastError: string): void {
    this.stop(new RunEscalatedError({ why, lastError, tried: triedSoFar(this.history, this.#replans, this.graph.revision) }));
  }

  /**
   * Every step id used so far: this run's, and those of steps the runs it resumes replaced (they are not in its plan).
   * A new step takes none: a goal's `of:` names it, and a failure it replaced is kept by it. A re-run's replan gave a
   * step the id of the tests an earlier attempt replaced, and the goal `of:` them judged the model's step.
   */
  #usedKeys(): Set<string> {
    const keys = new Set(this.#journal.record.steps.keys());
    // `<step>/<inner step>` names work inside a plan step, whose own key is the first part.
    for (const key of this.#deps.resume?.leftUndone.keys() ?? []) if (!key.includes('/')) keys.add(key);
    return keys;
  }

  /**
   * Before a result is written anywhere: the secrets in it that a `type: plan` step passes its plan under a secret name
   * (`with: { deploy_token: "${steps.mint.result}" }`). Learned as that step started, the result was in the trace and the log already.
   */
  #learnSecretsPassedOn(stepKey: string, result: unknown, index?: number): void {
    if (!this.#deps.redact?.learn) return;
    // Found once for each revision of the plan (a replan changes its steps), not over every step at every result.
    if (this.#passedOn?.revision !== this.graph.revision) this.#passedOn = { revision: this.graph.revision, bySource: passedOnBySource(this.graph.steps) };
    if (this.#passedOn.bySource.size === 0) return;
    this.#deps.redact.learn(secretsPassedOn(this.#passedOn.bySource, stepKey, result, index));
  }

  #completed(): CompletedStep[] {
    return this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'completed').map((step) => ({ step, result: this.results.get(step.key) }));
  }

  /** Steps not yet done and not failed: what a replacement takes the place of. */
  #remaining(): PlanStep[] {
    return this.graph.steps.filter((step) => {
      const state = this.#journal.stateOf(step.key);
      return state === 'pending' || state === 'waiting' || state === 'skipped';
    });
  }

  /**
   * At the run's end: steps waiting for approval in a run that failed (which asks for none) are skipped;
   * otherwise a step left pending is a graph bug (a dependency that never settles), skipped and failed.
   */
  #skipLeftovers(): void {
    if (this.waiting.length > 0) {
      // Steps downstream of a waiting step stay pending: an approving run runs them. Not in a run that
      // failed, which asks for no approval: they were left ⏸️ and ⬜ at its end.
      if (this.failures.length === 0) return;
      this.#skipPending('not run: it waits for approval, which a run that failed does not ask for');
      return;
    }
    const stuck = this.graph.steps.filter((step) => this.#journal.stateOf(step.key) === 'pending' && (this.#scope?.has(step.key) ?? true));
    if (stuck.length === 0) return;
    this.#skipPending('not run: its dependencies never completed');
    this.failures.push({ stepKey: stuck[0]!.key, error: 'never became ready (executor bug)', recoverable: false });
  }

  /**
   * The stop's reason for each step not run, cut to `MAX_SKIP_REASON_CHARS`: the run's end keeps it whole, and an
   * escalation's lists every failure it tried, so whole it was written once per step into the trace (a 251 KB reason,
   * 40 steps, a 10 MB trace; found by an adversarial pass).
   */
  #skipPendingOnce(reason: string): void {
    if (this.#skippedForStop) return;
    this.#skippedForStop = true;
    this.#takeStandingResults();
    if (this.#skipPending(cutText(reason, MAX_SKIP_REASON_CHARS)) > 0) this.#stopCutShort = true;
  }

  /**
   * At a stop, the ready steps whose earlier result stands take it (they run nothing), and so on down the graph:
   * a resumed run cancelled before its first pass showed every step the run it resumed had done ⏭️ cancelled,
   * `0/4 complete`, though their results (side effects included) stood (found by an adversarial pass).
   */
  #takeStandingResults(): void {
    const notNow: string[] = [];
    for (let key = this.#ready.next(); key !== undefined; key = this.#ready.next()) {
      if (this.#scope && !this.#scope.has(key)) continue;
      const step = this.graph.byKey.get(key)!;
      const reuseKey = this.#reuseKey(step);
      if (this.#reusedAsIs(step, reuseKey)) this.#start(key, reuseKey);
      else notNow.push(key);
    }
    for (const key of notNow) this.#ready.putBack(key);
  }

  /** Skips every pending or waiting step of this part of the run; how many. */
  #skipPending(reason: string): number {
    let skipped = 0;
    for (const step of this.graph.steps) {
      const state = this.#journal.stateOf(step.key);
      // Steps another part of a fanned-out run starts are not this part's to skip.
      if ((state === 'pending' || state === 'waiting') && (this.#scope?.has(step.key) ?? true)) {
        this.#journal.step({ type: 'step_skipped', stepKey: step.key, reason });
        skipped += 1;
      }
    }
    return skipped;
  }
}

/** The step that made an earlier call, in words; `otherPlan`: another plan of the job made it (a used plan, the plan using this one). */
function callerOf(call: { readonly stepKey: string; readonly plan?: string }, otherPlan: boolean): string {
  if (!otherPlan) return call.stepKey;
  return call.plan === undefined ? `${call.stepKey} of another plan` : `${call.stepKey} of the plan '${call.plan}'`;
}

/** A masked saved result running again (`#savedCopies`): the copy, where it is from, and whose it is. */
interface SavedCopy {
  readonly result: unknown;
  readonly from: string;
  readonly stepKey: string;
  /** The item's index, for an item's copy. */
  readonly index?: number;
  /** The copy was read from a checkout that is not its run's commit (`elsewhere` of `step_completed`). */
  readonly elsewhere?: true;
  /** Its agent's TODO list as the saved run ended. */
  readonly todos?: readonly TodoItem[];
}

/**
 * The calls a step made in the run resumed, where its one call's arguments are a model's choice (a `tool_call` without
 * `args`): asked again, the model may choose other words for the same call. An agent is told of them instead.
 */
function chosenAgain(step: PlanStep, calls: readonly EarlierCall[] | undefined): readonly EarlierCall[] | undefined {
  return step.type === 'tool_call' && step.args === undefined ? calls : undefined;
}

/**
 * Where a `for_each` item's earlier calls are kept, which no step key can be: its step's key in the whole job (two uses of
 * one plan with the same `with:` run items of equal reuse keys and keys: each was told the other's calls as its own, found
 * by a hunt of used plans), its step's reuse key (an item of a step whose list or task changed is told nothing) and its own key.
 */
function itemCallsKey(stepKey: string, reuseKey: string, item: string): string {
  return `${stepKey}\u0000${reuseKey}\u0000${item}`;
}

/** Why a run escalates when step `key` would have made `refused` again. */
function repeatedWhy(key: string, refused: RepeatedSideEffectError): string {
  const run = refused.earlierRun ? 'an earlier run' : 'this run';
  const earlier = refused.outcome === 'unknown' ? `got no answer in ${run}; it may have taken effect` : `already took effect in ${run}`;
  const again = refused.otherWords ? 'again, in other words its model chose,' : 'again,';
  // "Check whether it did" of a call that succeeded asked the reader to doubt what the run knows.
  const then = refused.outcome === 'unknown' ? ': check whether it did' : ' again';
  return `step ${key} would call ${refused.call} ${again} a tool with side effects that ${earlier}, so plan-runner will not call it${then}`;
}
