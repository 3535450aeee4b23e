import { isCarriedLine } from '../core/carried-line.ts';
import { mergeEarlierAttempts, type EarlierAttempts } from '../core/earlier-attempts.ts';
import { stepKeyWithin } from '../core/plan-step.ts';
import type { ApprovalRequest, CallingItem, PlanSnapshot, RunEvent, ToolCallOutcome } from '../core/run-event.ts';
import { TRACE_FORMAT } from '../core/run-event.ts';
import { applyEvent, newRunRecord, undoneInside, unfinishedWork, type RunRecord } from '../core/run-record.ts';
import type { TodoItem } from '../core/todo-item.ts';
import type { Usage } from '../core/usage.ts';
import { stableHash } from '../core/stable-hash.ts';
import { tracedStepsHash } from '../plan/hashed-step.ts';
import { fanOutScope } from './fan-out-part.ts';
import { readEarlierAttempts } from './read-earlier-attempts.ts';
import { placedReuseKey } from './step-reuse-key.ts';
import type { StepWeights } from './start-order.ts';
import { stepDurations } from './trace-step-weights.ts';

/** A completed step of an earlier run that a resume may reuse. */
export interface ReusableStep {
  readonly stepKey: string;
  readonly result: unknown;
  readonly usage: Usage;
  /** How long it took in the run that ran it, when known: a run that takes it hands it on, so its trace weighs the step (`weights-from`). */
  readonly durationMs?: number;
  /** The result as saved has something masked (see `RunEvent`'s `step_completed`). */
  readonly masked?: true;
  /**
   * The result as saved was read from a checkout that is not its run's commit (`elsewhere` of `step_completed`);
   * `unknown` from a trace written before results were marked (its `plan_created` has no `marksElsewhere`), where a
   * job whose checkout is elsewhere takes a step that reads one as read elsewhere (`PlanRun`).
   */
  readonly elsewhere?: true | 'unknown';
  /** The run read carried it from a run before it (`result_carried`): that run did not complete the step itself. */
  readonly carried?: true;
  /** Its agent's TODO list as the step ended: a reuse writes it again, so every view and `all_steps_completed` see it. */
  readonly todos?: readonly TodoItem[];
  /** Why its result lacks work (`step_completed`'s `partial`): a reuse of a `type: plan` step's result keeps it. */
  readonly partial?: string;
  /** Its result was judged made from what lacks work (`step_completed`'s `made`): a reuse of a `type: plan` step's keeps it. */
  readonly made?: true;
}

/** A call with side effects an earlier run made: never made again blindly. */
export interface PastSideEffect {
  /** The step that made it, by its key in the whole job (`a/s` in the plan step `a` used: `stepKeyWithin`). */
  readonly stepKey: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly outcome: ToolCallOutcome;
  /** When it was made (ISO), when the trace says. */
  readonly calledAt?: string;
  /** The `for_each` item that made it, when an item did (its key as the trace keeps it, redacted). */
  readonly item?: CallingItem;
}

/** A completed item of a `for_each` step of an earlier run (or another shard): reused when its step starts the same. */
export interface ReusableItem {
  /** The child's key (`review[3]`): reused only under the same key. */
  readonly key: string;
  /** The key of the `for_each` step it is an item of, in the run that completed it. */
  readonly stepKey: string;
  readonly result: unknown;
  readonly usage: Usage;
  /** How long it took in the run that ran it, when known: a run that takes it hands it on, so its trace weighs the item (`weights-from`). */
  readonly durationMs?: number;
  /** The result as saved has something masked (see `RunEvent`'s `step_completed`). */
  readonly masked?: true;
  /** As `ReusableStep`'s `elsewhere`. */
  readonly elsewhere?: true | 'unknown';
  /** Its agent's TODO list as the item ended (see `ReusableStep`). */
  readonly todos?: readonly TodoItem[];
}

/** Which shard runs each item of a fan-out step, as the prepare job decided it. */
export interface ShardPlan {
  readonly stepKey: string;
  readonly shards: number;
  readonly assignment: readonly number[];
}

/**
 * What a run resumes from: reusable steps by reuse key, a used plan's after their place (`placedReuseKey`), and past
 * side-effect calls by call key.
 */
export interface ResumeState {
  readonly reuse: ReadonlyMap<string, ReusableStep>;
  /** Completed items of `for_each` steps that did not complete, by the step's placed reuse key, then item index. */
  readonly items: ReadonlyMap<string, ReadonlyMap<number, ReusableItem>>;
  /** The last error of items that failed (and never completed), by the step's placed reuse key, then item index. */
  readonly itemErrors: ReadonlyMap<string, ReadonlyMap<number, string>>;
  /** The shard plan of each fan-out step, by the step's reuse key (from a prepare job's state). */
  readonly shards: ReadonlyMap<string, ShardPlan>;
  readonly sideEffects: ReadonlyMap<string, PastSideEffect>;
  /**
   * The steps that run completed, by their keys in the whole job (`stepKeyWithin`): what one did is not left
   * undone, so its calls are no step's earlier calls.
   */
  readonly completedSteps: ReadonlySet<string>;
  /** How long each step (and for_each item, by its child key) took in that run: the run that resumes orders its ready steps by them. */
  readonly durations: StepWeights;
  /** The run the state came from, in words ("attempt 1", a file name), for the checklist and summary. */
  readonly from: string;
  /** The plan as that run last had it (after its replans): a plan the model wrote is resumed as written, not written again. */
  readonly plan: PlanSnapshot;
  /** The plan as that run started it (`plan_created`): a plan file unchanged since resumes with that run's replans. */
  readonly firstPlan: PlanSnapshot;
  /** The highest revision number those runs gave a plan (`plan.revision`, or more in a merge of several runs' states): see `resumedRevision`. */
  readonly lastRevision: number;
  /**
   * The hash of the plan file's steps that run's steps came from (`plan_created`'s `fileSteps`), when its
   * trace says: its plan, replans included (its own or those of a run it resumed), is of those steps.
   */
  readonly fileSteps?: string;
  /** What a model that wrote or replanned that run's steps was given (`plan_created`'s `plannedFor`), when its trace says. */
  readonly plannedFor?: string;
  /** Set when that run paused for approval (its last request): what an approval of it covers. */
  readonly approval?: ApprovalRequest;
  /**
   * Set when that run's approval request was answered already (approved, or rejected), or when that run went on with an
   * approval (`approval` is then what it covered): only a re-run of that very run goes on with it (`ApprovalGrant.continues`).
   */
  readonly decided?: 'approved' | 'rejected';
  /**
   * Work that run left undone that a run resuming it does not redo, with why (`all_steps_completed`):
   * steps that failed and that a replan replaced (it runs the final plan, where they no longer are),
   * and what a completed `type: plan` step's plan left undone (`<step>/<inner step>`: it reuses the
   * step whole). The judge drops what the resuming run does redo.
   */
  readonly leftUndone: ReadonlyMap<string, string>;
  /**
   * Completed `type: plan` steps whose plan left a step undone, by placed reuse key: not in `reuse` (a resume runs them again,
   * reusing what their plan completed), but a fanned-out run's shard and merge, which run none of the prepare job's
   * steps, take the prepare job's as they stand (their undone work stays in `leftUndone`).
   */
  readonly undoneWhole?: ReadonlyMap<string, ReusableStep>;
  /** The failures and replans of that run and of those it resumed: the resuming run's replanner is told them. */
  readonly earlier?: EarlierAttempts;
  /**
   * Why that run stopped, when nothing may go on past it (`run_finished`'s `stopsRun`: its pull request moved on). Kept
   * of a shard's state only (`shardOwnState`, naming the shard): the merge job stops for it; any other run reads again.
   */
  readonly stoppedRun?: string;
  /**
   * A merge job's re-run that starts from the prepare job's plan, not its earlier attempt's (`whyNotGoingOn`): why,
   * and the steps of the prepare job's plan that attempt's revisions took out, with why (see `stepsTakenOut`).
   */
  readonly replacedBefore?: { readonly why: string; readonly steps: ReadonlyMap<string, string> };
  /**
   * The keys in `reuse` and `items` a trace written before `placedReuseKey` carried (its `plan_created` has no
   * `placedReuseKeys`): a used plan's step's among them is under its bare reuse key, where the run never looks for it
   * (`placeCarriedResults` places it).
   */
  readonly unplacedCarried?: ReadonlySet<string>;
}

/**
 * The steps the revisions of the run `state` was read from (and of those it resumed) took out of the plan, by key,
 * with why (`leftUndone`): not in `state.plan`, so a run that goes on with it never runs them; one that starts from
 * other steps (the plan file's, a plan written anew, a merge job's from the prepare job's) may run them beside
 * what replaced them (`replacedStepRefusal`).
 */
export function stepsTakenOut(state: ResumeState): ReadonlyMap<string, string> {
  if (state.replacedBefore) return state.replacedBefore.steps;
  const kept = new Set(state.plan.steps.map((step) => step.key));
  return new Map([...state.leftUndone].filter(([key]) => !key.includes('/') && !kept.has(key)));
}

/** The step keys of one run, and of the used plans it ran, as their events name them. */
interface Scope {
  /** Each started step's reuse key, placed (`placedReuseKey`), by its step key. */
  readonly keys: Map<string, string>;
  readonly children: Map<string, readonly string[]>;
  readonly scopes: Map<string, Scope>;
}

export type ResumeStateResult = { readonly ok: true; readonly state: ResumeState } | { readonly ok: false; readonly problem: string };

/** Why a trace whose `plan_created` says `format` (none: format 1) cannot be resumed; undefined when it is this plan-runner's. */
export function traceFormatProblem(from: string, format: unknown): string | undefined {
  if (format === TRACE_FORMAT) return undefined;
  const newer = typeof format === 'number' && format > TRACE_FORMAT ? ': a newer plan-runner wrote it; resume it with that version, or run the plan afresh' : '; run the plan afresh';
  return `${from} is in trace format ${typeof format === 'number' ? format : format === undefined ? 1 : JSON.stringify(format)}, and this plan-runner resumes from format ${TRACE_FORMAT} only${newer}`;
}

/**
 * Reads an earlier run's events into what a resume needs. A trace of another plan or format is
 * refused. A side-effect call that started and never returned is `unknown`: it may have taken effect.
 */
export function resumeStateFromEvents(events: readonly RunEvent[], planName: string, from: string): ResumeStateResult {
  const created = events.find((event) => event.type === 'plan_created');
  if (!created) return { ok: false, problem: `${from} has no plan_created event: it is not a plan-runner trace, or the run never started` };
  // A trace written before results read from another checkout were marked: whether its results were is not known.
  const marks = created.marksElsewhere === true;
  const elsewhereOf = (event: { readonly elsewhere?: true }): { elsewhere?: true | 'unknown' } => (event.elsewhere ? { elsewhere: true } : marks ? {} : { elsewhere: 'unknown' });
  // A trace written before a used plan's results were kept in their place: what it carried is under bare reuse keys.
  const unplacedCarried = created.placedReuseKeys === true ? undefined : new Set<string>();
  const otherFormat = traceFormatProblem(from, created.format);
  if (otherFormat) return { ok: false, problem: otherFormat };
  const shape = created.plan as { name?: unknown; steps?: unknown } | null | undefined;
  if (shape === null || typeof shape !== 'object' || typeof shape.name !== 'string' || !Array.isArray(shape.steps)) {
    return { ok: false, problem: `${from} has a plan_created event without its plan (a name and steps); the trace is damaged` };
  }
  if (created.plan.name !== planName) {
    return { ok: false, problem: `${from} is a trace of the plan '${created.plan.name}', not of '${planName}'; resume from a trace of this plan` };
  }
  // Found by a replay hunt: a trace `eval --trace-dir` wrote was resumed, and a step its scripted answer completed was
  // reused as a real run's result (a run reusing every step passed its goals on scripted answers alone).
  if (created.evaluation === true) {
    return { ok: false, problem: `${from} is the trace of an eval run, whose model answers may be scripted (--answers), its tools' faults injected or its steps run as a baseline; resume from the trace of a plan-runner run, or run the plan afresh` };
  }
  // What a resumed run carries is written with its plan_created in one write: a trace that holds fewer lines
  // of it was cut there, and knows less than the run it resumed (side effects included).
  if (created.carries !== undefined) {
    const carried = events.filter(isCarriedLine).length;
    if (carried < created.carries) {
      return { ok: false, problem: `${from} was cut while its run wrote what it carried from the run it resumed (${carried} of ${created.carries} lines): it knows less than that run did; resume from that run's trace instead` };
    }
  }
  let plan = created.plan;
  let approval: ApprovalRequest | undefined;
  let decided: 'approved' | 'rejected' | undefined;
  let stoppedRun: string | undefined;
  const keys = new Map<string, string>();
  const reuse = new Map<string, ReusableStep>();
  const calls = new Map<string, PastSideEffect & { returned: boolean }>();
  const children = new Map<string, readonly string[]>();
  const items = new Map<string, Map<number, ReusableItem>>();
  const itemErrors = new Map<string, Map<number, string>>();
  const shards = new Map<string, ShardPlan>();
  const completedSteps = new Set<string>();
  const byIndex = <T>(map: Map<string, Map<number, T>>, key: string): Map<number, T> => {
    let inner = map.get(key);
    if (!inner) map.set(key, (inner = new Map()));
    return inner;
  };
  /**
   * One event, read in the scope of the run that recorded it: step keys are a run's own, so a used
   * plan's events (`nested_event`, at any depth) get their own scope. Their completed steps are found
   * by reuse key in their place (`placedReuseKey`) and their side effects by call key (which names the used plan): a
   * resumed `type: plan` step reuses what its plan completed there, never what another use of that plan completed, and
   * never repeats a call it made. A side effect and a completed
   * step are named by their keys in the whole job (`within` the plan steps that used their plan): two steps
   * using one plan run steps of the same keys, and each was told the other's calls as its own (found by a review).
   */
  const visit = (event: RunEvent, keys: Map<string, string>, children: Map<string, readonly string[]>, top: boolean, scopes: Map<string, Scope>, within?: string): void => {
    if (event.type === 'nested_event') {
      let scope = scopes.get(event.stepKey);
      if (!scope) scopes.set(event.stepKey, (scope = { keys: new Map(), children: new Map(), scopes: new Map() }));
      visit(event.event, scope.keys, scope.children, false, scope.scopes, stepKeyWithin(within, event.stepKey));
    } else if (top && event.type === 'plan_revised') plan = event.plan;
    else if (top && event.type === 'approval_requested') {
      approval = event.request;
      decided = undefined;
    } else if (top && event.type === 'approval_decided' && event.request?.hash === event.hash) {
      // The approval a run went on with (an approving run's own trace): a re-run of that run may go on with it.
      approval = event.request;
      decided = event.decision;
    } else if (top && event.type === 'approval_decided' && event.hash === approval?.hash) decided = event.decision;
    else if (top && event.type === 'run_finished') stoppedRun = event.stopsRun ? (event.reason ?? 'the run stopped for a failure nothing may go on past') : undefined;
    else if (event.type === 'step_started' && event.reuseKey !== undefined) keys.set(event.stepKey, placedReuseKey(within, event.reuseKey));
    else if (event.type === 'step_expanded') children.set(event.stepKey, event.keys);
    else if (top && event.type === 'result_carried') {
      // What the run this one resumed had: this run's own events, which come after, may replace it.
      const saved = { result: event.result, usage: event.usage, ...(event.durationMs !== undefined && { durationMs: event.durationMs }), ...(event.masked && { masked: true as const }), ...elsewhereOf(event), ...(event.todos && { todos: event.todos }) };
      unplacedCarried?.add(event.reuseKey);
      if (event.item) byIndex(items, event.reuseKey).set(event.item.index, { key: event.item.key, stepKey: event.stepKey, ...saved });
      else reuse.set(event.reuseKey, { stepKey: event.stepKey, ...saved, ...(event.partial !== undefined && { partial: event.partial }), ...(event.made && { made: true }), carried: true });
    } else if (top && event.type === 'shards_assigned') shards.set(event.reuseKey, { stepKey: event.stepKey, shards: event.shards, assignment: event.assignment });
    else if (event.type === 'item_completed' || event.type === 'item_failed') {
      const key = keys.get(event.stepKey);
      const child = children.get(event.stepKey)?.[event.index];
      if (key === undefined || child === undefined) return;
      if (event.type === 'item_completed') {
        const durationMs = event.reused ? event.reused.durationMs : event.durationMs;
        byIndex(items, key).set(event.index, { key: child, stepKey: event.stepKey, result: event.result, usage: event.reused?.usage ?? event.usage, ...(durationMs !== undefined && { durationMs }), ...(event.masked && { masked: true }), ...elsewhereOf(event) });
        itemErrors.get(key)?.delete(event.index);
      } else if (!items.get(key)?.has(event.index)) byIndex(itemErrors, key).set(event.index, event.error);
    } else if (event.type === 'step_completed') {
      const key = keys.get(event.stepKey);
      // A for_each step whose items failed (on_item_failure: continue) is not reused whole: its
      // completed items are, per item, and the failed ones run again.
      if (key !== undefined && !(event.failedItems && event.failedItems.length > 0)) {
        const durationMs = event.reused ? event.reused.durationMs : event.durationMs;
        reuse.set(key, { stepKey: event.stepKey, result: event.result, usage: event.reused?.usage ?? event.usage, ...(durationMs !== undefined && { durationMs }), ...(event.masked && { masked: true }), ...elsewhereOf(event), ...(event.partial !== undefined && { partial: event.partial }), ...(event.made && { made: true }) });
        completedSteps.add(stepKeyWithin(within, event.stepKey));
      }
    } else if (event.type === 'tool_called' && event.sideEffects && event.kind !== 'check') {
      // The trace writer stamps each line with `ts`; an inherited call keeps its first time.
      const calledAt = event.calledAt ?? (event as { ts?: unknown }).ts;
      const call = { stepKey: stepKeyWithin(within, event.stepKey), tool: event.tool, args: event.args, outcome: 'unknown' as ToolCallOutcome, returned: false, ...(event.item !== undefined && { item: callingItem(event.item) }) };
      calls.set(event.callKey, typeof calledAt === 'string' ? { ...call, calledAt } : call);
    } else if (event.type === 'tool_returned') {
      const call = calls.get(event.callKey);
      if (call) calls.set(event.callKey, { ...call, outcome: event.outcome, returned: true });
    }
  };
  const nested = new Map<string, Scope>();
  for (const event of events) visit(event, keys, children, true, nested);
  // Failed for certain: calling again is safe. Succeeded or unknown: never again blindly.
  const sideEffects = new Map([...calls].filter(([, call]) => call.outcome !== 'failed').map(([key, { returned: _returned, ...call }]) => [key, call]));
  const durations = stepDurations(events);
  const record = events.reduce(applyEvent, newRunRecord());
  const undoneWhole = withUnfinishedWork(record, reuse, items);
  const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
  const own = [
    // Steps a replan replaced after they failed: the resuming run runs the final plan, where they are not.
    ...[...unfinishedWork(record)].filter(([key]) => !key.includes('/') && !current.has(key)),
    // What each plan step's plan left undone: the resuming run may reuse that step, or one inside it, whole.
    ...[...record.steps].flatMap(([key, step]) => (step.nested ? [...undoneInside(key, step.nested)] : [])),
  ];
  // Its own, and those it carried from the run it resumed in turn, but for those it ran again and completed: a re-run of a
  // run that redid them and met all_steps_completed was told they were undone, and its goal failed (found by a review).
  const carriedUndone = Object.entries(created.carried ?? {}).filter(([key]) => !completedSteps.has(key));
  const leftUndone = new Map([...carriedUndone, ...own.map(([key, why]): [string, string] => [key, `${why}, in ${from}`])]);
  const earlier = readEarlierAttempts(events, from);
  return { ok: true, state: { reuse, items, itemErrors, shards, sideEffects, completedSteps, durations, from, plan, firstPlan: created.plan, lastRevision: plan.revision, ...(earlier && { earlier }), ...(created.fileSteps !== undefined && { fileSteps: created.fileSteps }), ...(created.plannedFor !== undefined && { plannedFor: created.plannedFor }), leftUndone, ...(undoneWhole.size > 0 && { undoneWhole }), ...(approval && { approval }), ...(decided && { decided }), ...(stoppedRun !== undefined && { stoppedRun }), ...(unplacedCarried && unplacedCarried.size > 0 && { unplacedCarried }) } };
}

/**
 * What a resume may reuse of steps (a used plan's too, at any depth) that completed without doing all their
 * work, which `all_steps_completed` says of them:
 * - a step or item whose agent answered with its TODO list open keeps that list, which its reuse writes
 *   again (a whole `for_each` step, its items' lists as its own): reused without it, it showed ✅ alone, and the gate passed on a plain re-run and on every fan-out
 *   merge (found by an adversarial pass). It is not run again: the run it resumes completed it, and a plan
 *   that does not gate on `all_steps_completed` passed with it;
 * - a `type: plan` step whose plan left a step undone (failed under `on_failure: continue`) is not reused
 *   whole: reused, it came back without its plan's record, and every view showed ✅ and "0 failed" (found by
 *   an adversarial pass). It runs again, reusing what its plan completed, as a failed step runs again.
 */
function withUnfinishedWork(record: RunRecord, reuse: Map<string, ReusableStep>, items: Map<string, Map<number, ReusableItem>>, undoneWhole = new Map<string, ReusableStep>(), within?: string): Map<string, ReusableStep> {
  for (const step of record.steps.values()) {
    if (step.nested) withUnfinishedWork(step.nested, reuse, items, undoneWhole, stepKeyWithin(within, step.key));
    if (step.reuseKey === undefined) continue;
    const reuseKey = placedReuseKey(within, step.reuseKey);
    // Only this step's own entry: one carried from an earlier run under the same key was not run here.
    const own = reuse.get(reuseKey);
    const mine = own !== undefined && own.stepKey === step.key && !own.carried;
    if (mine && step.nested !== undefined && undoneInside(step.key, step.nested).size > 0) {
      undoneWhole.set(reuseKey, own);
      reuse.delete(reuseKey);
    } else if (mine) {
      // A whole for_each step's reuse has no items to hold their lists: its items' lists go with the step's
      // own, each entry named by its item after its text (`Check licences (review[web])`), done ones too so
      // the counts read as before. Reused item by item instead, an approved step was asked about again
      // (found by a review).
      const listed = (step.items ?? []).flatMap((item) =>
        item.state === 'completed' ? (item.todos ?? []).map((todo) => ({ ...todo, id: `${item.key} ${todo.id}`, content: `${todo.content} (${item.key})` })) : [],
      );
      const todos = [...(step.todos ?? []), ...listed];
      if (todos.length > 0) reuse.set(reuseKey, { ...own, todos });
    }
    step.items?.forEach((item, index) => {
      const saved = items.get(reuseKey)?.get(index);
      if (saved !== undefined && item.state === 'completed' && item.todos?.length) items.get(reuseKey)!.set(index, { ...saved, todos: item.todos });
    });
  }
  return undoneWhole;
}

/**
 * What a shard's saved state may tell the jobs after it: the items of the fan-out steps the prepare
 * job assigned to shard `shard` (in `shardPlans`, the prepare state's), and their errors. Any job
 * that holds the runner's artifact token can upload a state under a shard's name: a state that also
 * held other shards' items, a shard plan or whole steps would let one step of one job complete every
 * item, or a step after the fan-out, for the merge. Its side effects stay (a merge then refuses to
 * repeat a call, never makes one it should not), as do its durations and undone work.
 */
export function shardOwnState(state: ResumeState, shard: number, shardPlans: ReadonlyMap<string, ShardPlan>): ResumeState {
  const assigned = <T>(byStep: ReadonlyMap<string, ReadonlyMap<number, T>>): Map<string, Map<number, T>> =>
    new Map(
      [...byStep].flatMap(([reuseKey, items]): [string, Map<number, T>][] => {
        const plan = shardPlans.get(reuseKey);
        return plan ? [[reuseKey, new Map([...items].filter(([index]) => plan.assignment[index] === shard))]] : [];
      }),
    );
  const { approval: _approval, decided: _decided, stoppedRun, undoneWhole: _undoneWhole, ...rest } = state;
  return { ...rest, reuse: new Map(), completedSteps: new Set(), shards: new Map(), items: assigned(state.items), itemErrors: assigned(state.itemErrors), ...(stoppedRun !== undefined && { stoppedRun: `shard ${shard}: ${stoppedRun}` }) };
}

/**
 * What a prepare job's saved state may tell the jobs after it: every step it ran, but nothing of the
 * fan-out steps it assigned to shards (`shards`): their items are the shards' to run, so a prepare
 * state that held items or a whole fan-out step is not the prepare job's (a forged one completed every
 * item of a merge; found by an adversarial pass).
 */
export function prepareOwnState(state: ResumeState): ResumeState {
  const own = <T>(byStep: ReadonlyMap<string, T>): Map<string, T> => new Map([...byStep].filter(([reuseKey]) => !state.shards.has(reuseKey)));
  const { stoppedRun: _stoppedRun, ...rest } = state;
  return { ...rest, reuse: own(state.reuse), items: own(state.items), itemErrors: own(state.itemErrors) };
}

/**
 * What a merge job's own earlier attempt may tell it: the steps it ran after the fan-out (a report it
 * published is not published again), but no fan-out step (whole, its items or their errors: the merge
 * assembles those from the shards' states), no shard plan, and no step the prepare state gives
 * (`prepared`, its reuse keys): read last, a forged merge state overwrote every shard's items and the
 * prepare job's results (found by an adversarial pass).
 */
export function mergeOwnState(state: ResumeState, shardPlans: ReadonlyMap<string, ShardPlan>, prepared: ReadonlySet<string>): ResumeState {
  const reuse = new Map([...state.reuse].filter(([reuseKey]) => !shardPlans.has(reuseKey) && !prepared.has(reuseKey)));
  // Its own stop is not the shards': this attempt reads again (its shards' states say whether they stopped).
  const { stoppedRun: _stoppedRun, undoneWhole: _undoneWhole, ...rest } = state;
  return { ...rest, reuse, items: new Map(), itemErrors: new Map(), shards: new Map() };
}

/** What the saved state of a fanned-out run's `part` may tell this run (see each filter); a whole run's state (no part), all of it. */
export function fanOutOwnState(part: 'prepare' | 'merge' | number | undefined, state: ResumeState, shardPlans: ReadonlyMap<string, ShardPlan>, prepared: ReadonlySet<string>): ResumeState {
  if (typeof part === 'number') return shardOwnState(state, part, shardPlans);
  if (part === 'prepare') return prepareOwnState(state);
  if (part === 'merge') return mergeOwnState(state, shardPlans, prepared);
  // A whole run resumed reads its pull request again: the earlier run's stop is not its own.
  const { stoppedRun: _stoppedRun, ...rest } = state;
  return rest;
}

/**
 * One state from several runs of the same plan (a fanned-out run's prepare and shard jobs, or a
 * shard's earlier attempt): every completed step and item, every shard plan and every side effect
 * of any of them. A completed item outranks another state's failure of it. Its plan is the first
 * state's (the prepare job's), or `own`'s, a merge job's earlier attempt, when that one goes on with it
 * (`whyNotGoingOn`): a re-run of the merge resumes its replans, as a plain resume does, so a step a replan
 * there replaced never runs again beside its replacement (found by an adversarial pass).
 */
export function mergeResumeStates(states: readonly ResumeState[], from: string, own?: ResumeState): ResumeState {
  const [prepared] = states;
  if (!prepared) throw new Error('no state to merge');
  const notGoingOn = own && whyNotGoingOn(own, prepared.plan);
  const first = own !== undefined && notGoingOn === undefined ? own : prepared;
  // Not its fan-out steps: the merge runs none of their items, it takes them from the shards.
  const fanOut = new Set(prepared.plan.steps.flatMap((step) => (step.forEach?.fanOut ? [step.key] : [])));
  const replaced = new Map([...(own && notGoingOn !== undefined ? stepsTakenOut(own) : [])].filter(([key]) => !fanOut.has(key)));
  const replacedBefore = notGoingOn !== undefined && replaced.size > 0 ? { why: `${notGoingOn}, so this attempt starts from the prepare job's plan`, steps: replaced } : undefined;
  const reuse = new Map<string, ReusableStep>();
  const items = new Map<string, Map<number, ReusableItem>>();
  const itemErrors = new Map<string, Map<number, string>>();
  const shards = new Map<string, ShardPlan>();
  const sideEffects = new Map<string, PastSideEffect>();
  const durations = new Map<string, number>();
  const undoneWhole = new Map<string, ReusableStep>();
  for (const state of states) {
    for (const [key, step] of state.reuse) reuse.set(key, step);
    for (const [key, step] of state.undoneWhole ?? []) undoneWhole.set(key, step);
    for (const [key, ms] of state.durations) durations.set(key, ms);
    for (const [key, plan] of state.shards) shards.set(key, plan);
    for (const [key, inner] of state.items) for (const [index, item] of inner) (items.get(key) ?? items.set(key, new Map()).get(key)!).set(index, item);
    for (const [key, inner] of state.itemErrors) for (const [index, error] of inner) (itemErrors.get(key) ?? itemErrors.set(key, new Map()).get(key)!).set(index, error);
    // A call that succeeded somewhere wins over one whose answer was lost elsewhere.
    for (const [key, call] of state.sideEffects) if (sideEffects.get(key)?.outcome !== 'succeeded') sideEffects.set(key, call);
  }
  for (const [key, inner] of itemErrors) for (const index of inner.keys()) if (items.get(key)?.has(index)) inner.delete(index);
  const leftUndone = new Map(states.flatMap((state) => [...state.leftUndone]));
  const completedSteps = new Set(states.flatMap((state) => [...state.completedSteps]));
  // What each run saw fail: a merge job's replanner is told of its own earlier attempt's, and the other jobs'.
  const earlier = mergeEarlierAttempts(states.map((state) => state.earlier ?? []));
  const stoppedRun = states.find((state) => state.stoppedRun !== undefined)?.stoppedRun;
  const unplacedCarried = new Set(states.flatMap((state) => [...(state.unplacedCarried ?? [])]));
  return { reuse, items, itemErrors, shards, sideEffects, completedSteps, durations, from, plan: first.plan, firstPlan: first.firstPlan, lastRevision: states.reduce((most, state) => Math.max(most, state.lastRevision), first.lastRevision), ...(earlier.length > 0 && { earlier }), ...(first.fileSteps !== undefined && { fileSteps: first.fileSteps }), ...(first.plannedFor !== undefined && { plannedFor: first.plannedFor }), leftUndone, ...(undoneWhole.size > 0 && { undoneWhole }), ...(stoppedRun !== undefined && { stoppedRun }), ...(replacedBefore && { replacedBefore }), ...(unplacedCarried.size > 0 && { unplacedCarried }) };
}

/**
 * Why `own` (a merge job's earlier attempt, its plan after its replans) cannot go on with `prepared` (the prepare job's
 * plan), or undefined when it can: its plan holds every step the prepare and shard jobs ran (`fanOutScope`: those the
 * fan-out steps need, and the fan-out steps) as they were. A merge whose replan replaced one of them, or that ran
 * another prepare job's plan, does not: its re-run starts from the prepare job's plan, where the shards' items (a
 * shard re-run since) count.
 */
function whyNotGoingOn(own: ResumeState, prepared: PlanSnapshot): string | undefined {
  const ran = fanOutScope(prepared.steps, 'shard') ?? new Set<string>();
  const kept = new Map(own.plan.steps.map((step) => [step.key, step]));
  const started = new Map(own.firstPlan.steps.map((step) => [step.key, step]));
  const same = (found: PlanSnapshot['steps'][number] | undefined, step: PlanSnapshot['steps'][number]): boolean => found !== undefined && stableHash(found) === stableHash(step);
  for (const step of prepared.steps) {
    if (!ran.has(step.key) || same(kept.get(step.key), step)) continue;
    if (!same(started.get(step.key), step)) return `the prepare job's plan is not the one that attempt started from (its step ${step.key} is not as that attempt had it)`;
    return `that attempt's replans replaced ${step.forEach?.fanOut ? `the fan-out step ${step.key}` : `step ${step.key}, which a fan-out step needs`}`;
  }
  return undefined;
}

/**
 * The revision number of the plan a run resuming `state` starts with, whose steps hash (as the trace keeps
 * them: `tracedStepsHash`) to what `stepsHash` returns (asked only of a resumed run: hashing a
 * large plan's steps costs; a run that resumed nothing paid it anyway, found by an adversarial pass): a chain of re-runs numbers its plans as one
 * run would, so that every number names one plan. The plan those runs last had keeps its number; other steps
 * (a plan file changed since, a plan written anew) are a new revision. Numbered from 1 in each run, a resumed
 * replanned run's plan was revision 1 and its first replan revision 2 again: the escalation, the trace, the
 * summary and the replanner's list of earlier runs gave two plans one number (found by an audit).
 */
export function resumedRevision(state: ResumeState | undefined, stepsHash: () => string): number {
  if (!state) return 1;
  const last = state.plan.revision === state.lastRevision && tracedStepsHash(state.plan.steps) === stepsHash();
  return last ? state.lastRevision : state.lastRevision + 1;
}

/** A call's `item` as a trace has it: checked, since a resume keys what it tells an agent by it. */
function callingItem(item: unknown): CallingItem {
  const { key, reuseKey } = (item ?? {}) as Partial<Record<keyof CallingItem, unknown>>;
  if (typeof key !== 'string' || typeof reuseKey !== 'string') throw new Error(`a tool_called event's item is not { key, reuseKey }: ${JSON.stringify(item)?.slice(0, 100)}`);
  return { key, reuseKey };
}
