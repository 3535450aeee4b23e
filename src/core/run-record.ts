import type { ApprovalRequest, Escalation, GoalVerdict, ItemFailure, PlanSnapshot, RunEvent, RunStatus, StepState, ToolCallOutcome } from './run-event.ts';
import { addUsage, NO_USAGE, type Usage } from './usage.ts';
import { WRITE_TODOS, type TodoItem } from './todo-item.ts';
import type { PlanStep } from './plan-step.ts';
import { cutText } from './cut-text.ts';

/** What is known about one item of a `for_each` step. */
export interface ItemRecord {
  readonly key: string;
  state: StepState;
  result?: unknown;
  error?: string;
  retry?: { attempt: number; maxAttempts: number; waitMs: number; error: string };
  attempts?: number;
  durationMs?: number;
  /** Set when its result was taken from an earlier run (or another shard's state), not made here. */
  reused?: true;
  /** In a fan-out's shard job, the other shard that runs this item: not this job's to run, so never skipped here. */
  runBy?: number;
  /** A `for_each` agent step's item: its own TODO list and progress, never its step's (another item's agent wrote those). */
  todos?: readonly TodoItem[];
  agent?: AgentProgress;
}

/** Counts over a `for_each` step's items, kept as events arrive so views never walk 10,000 items. */
export interface ItemCounts {
  /** The items this job runs: in a fan-out's shard job its own, not those `otherShards` counts. */
  total: number;
  /** In a fan-out's shard job, the items other shards run (`ItemRecord.runBy`): never this job's to do or count as done. */
  otherShards?: number;
  running: number;
  completed: number;
  failed: number;
  /** Completed items whose result was taken from an earlier run, and what they cost there. */
  reused: number;
  reusedUsage: Usage;
}

/** What is known about one step so far. */
export interface StepRecord {
  readonly key: string;
  state: StepState;
  result?: unknown;
  error?: string;
  /** The reason a step was skipped. */
  skipReason?: string;
  /** Why a step waits (for approval). */
  waitReason?: string;
  /** Set while a retry is waiting: "attempt 1/3 failed, retrying in 2 s: timed out". */
  retry?: { attempt: number; maxAttempts: number; waitMs: number; error: string };
  /** Attempts made, when the step was retried. */
  attempts?: number;
  startedAt?: number;
  durationMs?: number;
  usage: Usage;
  /** While it runs: the model use charged to it so far (`model_used`), which `usage` has once it ends. */
  spent?: Usage;
  /** An agent step's TODO list as it last wrote it. */
  todos?: readonly TodoItem[];
  /** An agent step's progress: turns used of its limit, tool calls made, and its last words. */
  agent?: AgentProgress;
  /** The step's reuse key, from `step_started`. */
  reuseKey?: string;
  /** Set when the result was reused from an earlier run: what the step cost then. */
  reused?: Usage;
  /** A `type: plan` step's nested run, as its events tell it. */
  nested?: RunRecord;
  /** A `for_each` step's items, in input order, once it has expanded. */
  items?: ItemRecord[];
  itemCounts?: ItemCounts;
  /**
   * A fan-out shard job's step whose own items have all ended (`share_ended`): `completed` here, with no result, or
   * `failed` when every one failed, while other shards run the rest (`itemCounts.otherShards`); the merge job ends the step itself.
   */
  shareDone?: true;
  /** Items that failed under `on_item_failure: continue`. */
  failedItems?: readonly ItemFailure[];
  /** Why a completed `tool_call` step's result counts as partial (a result it was given lacks work), or a `type: plan` step's (its plan's result does). */
  partial?: string;
  /** The run judged its result made from what lacks work (`step_completed`'s `made`): no goal passes on it. */
  made?: true;
  /** Its result was read from a checkout that is not its run's commit (`elsewhere` of `step_completed`): no goal is checked on it. */
  elsewhere?: true;
  /**
   * A `type: plan` step taken whole from the run this one resumes (or a fan-out job's): what that run left undone
   * inside it (`carriedFailures` under its key), which no record of its plan here shows.
   */
  leftUndone?: readonly (readonly [string, string])[];
  /**
   * Side-effect calls of the step (its items' too) that the run resumed made and this run found done (a check,
   * `madeIn`) instead of making them: its result is theirs, which its line says. A new value on each change, so a
   * view's cache sees it.
   */
  foundDone?: FoundDone;
}

/** The calls a step did not make because the run resumed had made them and their effects were found (`StepRecord.foundDone`). */
export interface FoundDone {
  /** How many, each call once. */
  readonly calls: number;
  /** Their tools, each once, in the order found. */
  readonly tools: readonly string[];
  /** The runs resumed that made them, in words (`the saved state of attempt 1`, a trace's file), each once. */
  readonly madeIn: readonly string[];
}

/** How far an agent step got; kept when it stops at a limit, so the summary can say where it was. */
export interface AgentProgress {
  turns: number;
  maxTurns: number;
  /** Calls of its tools that ran and answered (write_todos aside). */
  toolCalls: number;
  /** Calls that failed or were not run: an unknown tool, arguments refused, a tool's error, past the cap of a turn. */
  failedCalls: number;
  /** The last non-empty text the model wrote. */
  lastMessage?: string;
}

/** One tool call a step made, and how it ended (`undefined` while it runs, or when the run stopped first). */
export interface ToolCallRecord {
  readonly stepKey: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly sideEffects: boolean;
  readonly callKey: string;
  /** A check of a call the run resumed made (`tool_called`'s `madeIn`): what that run is, in words. */
  readonly madeIn?: string;
  outcome?: ToolCallOutcome;
  error?: string;
}

/** One revision of the plan, and why it was made. */
export interface Revision {
  readonly revision: number;
  readonly replaced: readonly string[];
  readonly added: readonly string[];
  readonly reason: string;
}

/**
 * The whole run as the events tell it. Every renderer folds the same stream into one of these
 * with `applyEvent`, so the comment, the summary and the console can never disagree.
 */
export interface RunRecord {
  plan?: PlanSnapshot;
  readonly steps: Map<string, StepRecord>;
  readonly revisions: Revision[];
  status?: RunStatus;
  reason?: string;
  resultStepKey?: string;
  durationMs?: number;
  usage: Usage;
  /**
   * Before `run_finished`: the model use charged to no running step (`model_used`): the calls that wrote the
   * plan, a replanner's and a review's, and a step's call that answered after the step ended.
   */
  spentOutsideSteps?: Usage;
  /** Time of the last event, in ms since the run started. */
  lastAt: number;
  /** Every tool call of the run, in the order they started. */
  readonly toolCalls: ToolCallRecord[];
  /** An escalated run's last error, what was tried and whom to tell (`run_finished`). */
  escalation?: Escalation | undefined;
  /** The goals' verdicts, once checked (`goals_checked`). */
  goals?: readonly GoalVerdict[];
  /** Set when the run paused for approval: what a person is asked to approve. */
  approval?: ApprovalRequest;
  /** A person's answer to an approval request, when this run was approved or rejected. */
  decision?: { readonly decision: 'approved' | 'rejected'; readonly hash: string; readonly by?: string };
  /** The steps a plan revision replaced, as their revision had them: the reports keep their titles. */
  replacedPlanSteps?: Map<string, PlanStep>;
  /**
   * Work the run this one resumes left undone, with why (`plan_created.carried`): steps that failed and a replan
   * replaced there, steps a revision dropped before they ran, and what failed inside the steps it completed.
   */
  carriedFailures?: ReadonlyMap<string, string>;
}

/** How long the job took to its last event: planning, the steps, and the goal checks (judges included). */
export function jobDurationMs(record: RunRecord): number {
  return Math.max(record.durationMs ?? 0, record.lastAt);
}

/** An empty record, before `plan_created`. */
export function newRunRecord(): RunRecord {
  return { steps: new Map(), revisions: [], usage: NO_USAGE, lastAt: 0, toolCalls: [] };
}

/** Where an agent's list and progress go: its step's record, or for a `for_each` item's agent that item's. */
function agentOf(record: RunRecord, event: { readonly stepKey: string; readonly index?: number }): { todos?: readonly TodoItem[]; agent?: AgentProgress } {
  const step = stepOf(record, event.stepKey);
  if (event.index === undefined) return step;
  // Before the step was expanded there is no item to hold it: it is dropped, not given to the step.
  return step.items?.[event.index] ?? {};
}

/** The call keys each step's `foundDone` counts: a retried step checks the same call again; 10,000 items each one of their own. */
const foundKeys = new WeakMap<StepRecord, Set<string>>();

/** Counts a call of `step` found done, once per call. */
function foundDone(step: StepRecord, found: { readonly tool: string; readonly callKey: string; readonly madeIn: string }): void {
  let keys = foundKeys.get(step);
  if (!keys) foundKeys.set(step, (keys = new Set()));
  if (keys.has(found.callKey)) return;
  keys.add(found.callKey);
  const was = step.foundDone ?? { calls: 0, tools: [], madeIn: [] };
  step.foundDone = {
    calls: was.calls + 1,
    tools: was.tools.includes(found.tool) ? was.tools : [...was.tools, found.tool],
    madeIn: was.madeIn.includes(found.madeIn) ? was.madeIn : [...was.madeIn, found.madeIn],
  };
}

function stepOf(record: RunRecord, key: string): StepRecord {
  let step = record.steps.get(key);
  if (!step) {
    step = { key, state: 'pending', usage: NO_USAGE };
    record.steps.set(key, step);
    sinceRejection.get(record)?.push(step);
  }
  return step;
}

/**
 * The steps of a rejected record that were made, or set waiting, since its last rejection: the only ones a
 * rejection after it may find pending or waiting, since a rejection skips every one. Each rejection walked
 * every step, and a trace of 40,000 steps then 40,000 rejections (a saved state another job may have
 * written) took 4.9 s to read, the 256 MiB a trace may hold hours (found by an adversarial pass). A record
 * not rejected yet has no entry: its first rejection looks at every step.
 */
const sinceRejection = new WeakMap<RunRecord, StepRecord[]>();

/**
 * A record's calls with no outcome yet, by step and call key, in the order they were made: a return
 * takes the last of its step's calls with its key, as a search back from the end would. That search,
 * per return, made a trace of 40,000 calls and then their returns (a saved state another job may have
 * written) take 7.3 s to read; the 256 MiB a trace may hold, hours.
 */
class OpenCalls {
  readonly #byStep = new Map<string, Map<string, ToolCallRecord[]>>();

  constructor(calls: readonly ToolCallRecord[]) {
    for (const call of calls) if (call.outcome === undefined) this.add(call);
  }

  add(call: ToolCallRecord): void {
    let byKey = this.#byStep.get(call.stepKey);
    if (!byKey) this.#byStep.set(call.stepKey, (byKey = new Map()));
    const open = byKey.get(call.callKey);
    if (open) open.push(call);
    else byKey.set(call.callKey, [call]);
  }

  take(stepKey: string, callKey: string): ToolCallRecord | undefined {
    const open = this.#byStep.get(stepKey)?.get(callKey);
    // Only `applyEvent` gives a call its outcome, so the last open one has none.
    while (open?.length) {
      const call = open.pop()!;
      if (call.outcome === undefined) return call;
    }
    return undefined;
  }
}

/** By the record's list of calls, which a copy of the record (`{ ...record }`) shares. */
const openCallsOf = new WeakMap<readonly ToolCallRecord[], OpenCalls>();

function openCalls(calls: ToolCallRecord[]): OpenCalls {
  let open = openCallsOf.get(calls);
  if (!open) openCallsOf.set(calls, (open = new OpenCalls(calls)));
  return open;
}

/** `carriedFailures` by the step each is under (its key's first segment), made at first use. */
const carriedByStep = new WeakMap<ReadonlyMap<string, string>, Map<string, (readonly [string, string])[]>>();

/**
 * What `carried` holds under `stepKey` (`stepKey/…`), in its order. Each reused step searched all of it: a resume
 * reusing 10,000 steps of a run whose used plan left 5,000 undone read 50 million entries, twice the CPU time of the
 * whole run before (found by an adversarial pass).
 */
function carriedUnder(carried: ReadonlyMap<string, string> | undefined, stepKey: string): (readonly [string, string])[] {
  if (carried === undefined) return [];
  let byStep = carriedByStep.get(carried);
  if (!byStep) {
    byStep = new Map();
    for (const entry of carried) {
      const head = entry[0].split('/', 1)[0]!;
      const under = byStep.get(head);
      if (under) under.push(entry);
      else byStep.set(head, [entry]);
    }
    carriedByStep.set(carried, byStep);
  }
  // A key under `stepKey` shares its first segment.
  return (byStep.get(stepKey.split('/', 1)[0]!) ?? []).filter(([key]) => key.startsWith(`${stepKey}/`));
}

/**
 * For a listener that keeps the run's state: given each event and the record its sender passed with
 * it (see `RunListener`), the run's record, which is then read and never folded again; for events
 * that come without one (a trace replayed), a record of its own with the event folded in. A run of
 * 10,000 steps folded every event into the run's record and again into each view's (the log's, the
 * step groups', the comment's): each fold cost about 0.8 µs per step, and as much again in garbage
 * collection of the copies.
 *
 * Throws when a listener given a record is then given another, or an event without it: its view
 * would miss events. A listener that started with a record of its own keeps folding into it.
 */
export function followRecord(): (event: RunEvent, sent: RunRecord | undefined) => RunRecord {
  let own: RunRecord | undefined;
  let followed: RunRecord | undefined;
  return (event, sent) => {
    if (own) return applyEvent(own, event);
    if (followed === undefined && sent === undefined) return applyEvent((own = newRunRecord()), event);
    if (sent !== followed && followed !== undefined) {
      throw new Error(`a view of the run was given ${sent === undefined ? 'an event without the run\'s record' : 'the record of another run'} after following one: it cannot show the run`);
    }
    return (followed = sent!);
  };
}

/** Folds one event into the record (mutates and returns it). */
export function applyEvent(record: RunRecord, event: RunEvent): RunRecord {
  record.lastAt = event.at;
  switch (event.type) {
    case 'plan_created':
    case 'plan_revised': {
      if (event.type === 'plan_revised' && record.plan) {
        const next = new Set(event.plan.steps.map((step) => step.key));
        for (const step of record.plan.steps) if (!next.has(step.key)) (record.replacedPlanSteps ??= new Map()).set(step.key, step);
      }
      record.plan = event.plan;
      if (event.type === 'plan_created' && event.carried && Object.keys(event.carried).length > 0) record.carriedFailures = new Map(Object.entries(event.carried));
      for (const step of event.plan.steps) stepOf(record, step.key);
      if (event.type === 'plan_revised') {
        record.revisions.push({
          revision: event.plan.revision,
          replaced: event.replaced,
          added: event.added,
          reason: event.reason,
        });
      }
      break;
    }
    case 'step_started': {
      const step = stepOf(record, event.stepKey);
      step.state = 'in_progress';
      step.startedAt = event.at;
      if (event.reuseKey !== undefined) step.reuseKey = event.reuseKey;
      delete step.retry;
      break;
    }
    case 'tool_called': {
      const call: ToolCallRecord = { stepKey: event.stepKey, tool: event.tool, args: event.args, sideEffects: event.sideEffects, callKey: event.callKey, ...(event.kind === 'check' && event.madeIn !== undefined && { madeIn: event.madeIn }) };
      // The index is made from the list at first use, this call then included: added only to one made before.
      const open = openCallsOf.get(record.toolCalls);
      record.toolCalls.push(call);
      open?.add(call);
      break;
    }
    case 'tool_returned': {
      const call = openCalls(record.toolCalls).take(event.stepKey, event.callKey);
      if (call) {
        call.outcome = event.outcome;
        if (event.error !== undefined) call.error = event.error;
        // Found done: the step's result is what the run resumed made, which its line says (else only the trace did).
        if (call.madeIn !== undefined && event.outcome === 'succeeded') foundDone(stepOf(record, event.stepKey), { tool: call.tool, callKey: call.callKey, madeIn: call.madeIn });
      }
      break;
    }
    case 'goals_checked': {
      record.goals = event.goals;
      record.status = event.status;
      if (event.usage) record.usage = event.usage;
      if (event.reason !== undefined) record.reason = event.reason;
      break;
    }
    case 'step_retrying': {
      const step = stepOf(record, event.stepKey);
      step.retry = { attempt: event.attempt, maxAttempts: event.maxAttempts, waitMs: event.waitMs, error: event.error };
      break;
    }
    case 'step_completed': {
      const step = stepOf(record, event.stepKey);
      step.state = 'completed';
      if (event.attempts !== undefined) step.attempts = event.attempts;
      step.result = event.result;
      step.durationMs = event.durationMs;
      step.usage = event.usage;
      if (event.reused) step.reused = event.reused.usage;
      if (event.failedItems !== undefined) step.failedItems = event.failedItems;
      if (event.partial !== undefined) step.partial = event.partial;
      else delete step.partial;
      if (event.made) step.made = true;
      else delete step.made;
      if (event.elsewhere) step.elsewhere = true;
      else delete step.elsewhere;
      const undone = event.reused ? carriedUnder(record.carriedFailures, event.stepKey) : [];
      if (undone.length > 0) step.leftUndone = undone;
      else delete step.leftUndone;
      delete step.retry;
      break;
    }
    case 'share_ended': {
      const step = stepOf(record, event.stepKey);
      step.state = event.state;
      if (event.error !== undefined) step.error = event.error;
      step.shareDone = true;
      step.durationMs = event.durationMs;
      step.usage = event.usage;
      // Its own items that failed (under on_item_failure: continue), as a whole run's step_completed lists them.
      const failed = (step.items ?? []).flatMap((item, index) => (item.state === 'failed' ? [{ index, key: item.key, error: item.error ?? 'no error message' }] : []));
      if (failed.length > 0) step.failedItems = failed;
      delete step.retry;
      break;
    }
    case 'step_failed': {
      const step = stepOf(record, event.stepKey);
      step.state = 'failed';
      if (event.attempts !== undefined) step.attempts = event.attempts;
      step.error = event.error;
      step.durationMs = event.durationMs;
      step.usage = event.usage;
      delete step.retry;
      break;
    }
    case 'step_skipped': {
      const step = stepOf(record, event.stepKey);
      step.state = 'skipped';
      step.skipReason = event.reason;
      break;
    }
    case 'step_waiting': {
      const step = stepOf(record, event.stepKey);
      if (step.state !== 'waiting' && step.state !== 'pending') sinceRejection.get(record)?.push(step);
      step.state = 'waiting';
      step.waitReason = event.reason;
      break;
    }
    case 'approval_requested': {
      record.approval = event.request;
      break;
    }
    case 'approval_decided': {
      record.decision = { decision: event.decision, hash: event.hash, ...(event.by === undefined ? {} : { by: event.by }) };
      // A rejection ends the run it answers: what waited, and what depended on it, will not run.
      if (event.decision === 'rejected') {
        const who = event.by ? `@${event.by}` : 'a person';
        record.status = 'rejected';
        record.reason = `${who} answered /reject; the steps that awaited approval will not run`;
        for (const step of sinceRejection.get(record) ?? record.steps.values()) {
          if (step.state !== 'waiting' && step.state !== 'pending') continue;
          step.state = 'skipped';
          step.skipReason = `not run: ${who} answered /reject`;
        }
        sinceRejection.set(record, []);
      }
      break;
    }
    case 'todos_created':
    case 'todos_updated': {
      agentOf(record, event).todos = event.todos;
      break;
    }
    case 'agent_turn': {
      const step = agentOf(record, event);
      const progress = (step.agent ??= { turns: 0, maxTurns: event.maxTurns, toolCalls: 0, failedCalls: 0 });
      progress.turns = event.turn;
      progress.maxTurns = event.maxTurns;
      if (event.message.trim() !== '') progress.lastMessage = event.message;
      break;
    }
    case 'agent_tool_called': {
      const step = agentOf(record, event);
      // The TODO list is the agent's own note, not work; a call that failed or never ran did nothing.
      if (event.tool === WRITE_TODOS) break;
      const progress = (step.agent ??= { turns: event.turn, maxTurns: event.turn, toolCalls: 0, failedCalls: 0 });
      if (event.ok) progress.toolCalls += 1;
      else progress.failedCalls += 1;
      break;
    }
    case 'model_used': {
      // After the run's end (a goal judge's call, an answer that came late): `goals_checked` gives the total again.
      if (record.status !== undefined) {
        record.usage = addUsage(record.usage, event.usage);
        break;
      }
      const step = event.stepKey === undefined ? undefined : record.steps.get(event.stepKey);
      if (step?.state === 'in_progress') step.spent = addUsage(step.spent ?? NO_USAGE, event.usage);
      else record.spentOutsideSteps = addUsage(record.spentOutsideSteps ?? NO_USAGE, event.usage);
      break;
    }
    case 'nested_event': {
      const step = stepOf(record, event.stepKey);
      step.nested = applyEvent(step.nested ?? newRunRecord(), event.event);
      break;
    }
    case 'step_expanded': {
      const step = stepOf(record, event.stepKey);
      const fanOut = event.fanOut;
      step.items = event.keys.map((key, index) => {
        const shard = fanOut?.assignment[index];
        return shard !== undefined && shard !== fanOut!.shard ? { key, state: 'pending', runBy: shard } : { key, state: 'pending' };
      });
      // A shard's `3/12 done` counted the other shards' items as its own undone work.
      const otherShards = step.items.filter((item) => item.runBy !== undefined).length;
      step.itemCounts = { total: event.keys.length - otherShards, ...(otherShards > 0 && { otherShards }), running: 0, completed: 0, failed: 0, reused: 0, reusedUsage: NO_USAGE };
      break;
    }
    case 'item_started':
    case 'item_retrying':
    case 'item_completed':
    case 'item_failed':
      applyItemEvent(stepOf(record, event.stepKey), event);
      break;
    case 'run_finished': {
      record.status = event.status;
      record.reason = event.reason;
      record.resultStepKey = event.resultStepKey;
      record.durationMs = event.durationMs;
      record.usage = event.usage;
      record.escalation = event.escalation;
      break;
    }
  }
  return record;
}

type ItemEvent = Extract<RunEvent, { type: 'item_started' | 'item_retrying' | 'item_completed' | 'item_failed' }>;

function applyItemEvent(step: StepRecord, event: ItemEvent): void {
  const item = step.items?.[event.index];
  const counts = step.itemCounts;
  if (!item || !counts) return;
  switch (event.type) {
    case 'item_started':
      item.state = 'in_progress';
      counts.running += 1;
      break;
    case 'item_retrying':
      item.retry = { attempt: event.attempt, maxAttempts: event.maxAttempts, waitMs: event.waitMs, error: event.error };
      break;
    case 'item_completed':
    case 'item_failed':
      if (item.state === 'in_progress') counts.running -= 1;
      item.state = event.type === 'item_completed' ? 'completed' : 'failed';
      if (event.type === 'item_completed') {
        item.result = event.result;
        counts.completed += 1;
        if (event.reused) {
          item.reused = true;
          counts.reused += 1;
          counts.reusedUsage = addUsage(counts.reusedUsage, event.reused.usage);
        }
      } else {
        item.error = event.error;
        counts.failed += 1;
      }
      item.durationMs = event.durationMs;
      if (event.attempts !== undefined) item.attempts = event.attempts;
      delete item.retry;
      break;
  }
}

/** The state of every step of the final plan revision: steps a replan replaced are left out. */
export function finalStepStates(record: RunRecord): Map<string, StepState> {
  const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
  return new Map([...record.steps].filter(([key]) => current.has(key)).map(([key, step]) => [key, step.state]));
}

/**
 * Work the run did not do although no step of its final plan says failed, by step key: a completed
 * `for_each` step whose items failed under `on_item_failure: continue` (a fan-out shard that never
 * finished included), a step that failed and that a replan then replaced, a step a revision dropped
 * before it ran (a model must not be able to remove a check it could not pass), and, inside a completed
 * `type: plan` step (as `<step>/<inner step>`), each of its plan's steps that did not complete and
 * the work its plan left likewise.
 */
export function unfinishedWork(record: RunRecord): Map<string, string> {
  const current = new Set((record.plan?.steps ?? []).map((step) => step.key));
  const unfinished = new Map<string, string>();
  for (const [key, step] of record.steps) {
    if (current.has(key) && step.state === 'completed' && step.failedItems && step.failedItems.length > 0) {
      const total = step.itemCounts?.total ?? step.items?.length;
      unfinished.set(key, `completed, ${step.failedItems.length}${total === undefined ? '' : ` of ${total}`} items failed`);
    } else if (!current.has(key) && step.state === 'failed') {
      unfinished.set(key, 'failed, then replaced by a replan');
    } else if (!current.has(key) && step.state !== 'completed') {
      // A revision dropped it before it ran (a review that found the rest no longer fits): the work it stood for was not done.
      unfinished.set(key, 'never ran: a revision of the plan dropped it');
    }
    if (current.has(key) && step.state === 'completed' && step.nested) for (const [inner, why] of undoneInside(key, step.nested)) unfinished.set(inner, why);
    // An agent that answered with its own TODO list not done: the checklist shows ⬜ under a ✅ step, and
    // the gate passed on it (found by an adversarial pass). Its items' lists count as its own.
    if (current.has(key) && step.state === 'completed' && !unfinished.has(key)) {
      const { open, total } = undoneTodos(step);
      if (open.length > 0) unfinished.set(key, `completed, ${todosNotDone(open, total)}`);
    }
  }
  return unfinished;
}

/** `2 of 3 of the agent's TODOs not done: a (in progress), b (pending)`: the first three open, each cut to 60 characters. */
export function todosNotDone(open: readonly TodoItem[], total: number): string {
  const named = open.slice(0, 3).map((todo) => `${cutText(todo.content, 60)} (${todo.status.replace('_', ' ')})`);
  return `${open.length} of ${total} of the agent's TODOs not done: ${named.join(', ')}${open.length > 3 ? ', …' : ''}`;
}

const NO_TODOS: { readonly open: readonly TodoItem[]; readonly total: number } = Object.freeze({ open: Object.freeze([]), total: 0 });

/** The TODOs of a step's agent (its items' agents too) that are not completed, of how many it wrote. */
export function undoneTodos(step: StepRecord): { readonly open: readonly TodoItem[]; readonly total: number } {
  // Most steps have no TODOs (only an agent writes them), and the summary asks this of every step.
  if (!step.todos?.length && !step.items?.some((item) => item.todos?.length)) return NO_TODOS;
  const todos = [step.todos, ...(step.items ?? []).map((item) => item.todos)].flatMap((list) => list ?? []);
  return { open: todos.filter((todo) => todo.status !== 'completed'), total: todos.length };
}

/** What the plan a `type: plan` step `key` used left undone (its record `nested`), as `<key>/<inner step>`. */
export function undoneInside(key: string, nested: RunRecord): Map<string, string> {
  const undone = new Map<string, string>();
  for (const [inner, state] of finalStepStates(nested)) if (state !== 'completed') undone.set(`${key}/${inner}`, `${state} in the plan step ${key} uses`);
  for (const [inner, why] of unfinishedWork(nested)) undone.set(`${key}/${inner}`, `${why}, in the plan step ${key} uses`);
  // A failed inner plan step's own plan too: a run that resumes this one may run the inner step again and reuse what it used whole.
  for (const [inner, step] of nested.steps) if (step.state !== 'completed' && step.nested) for (const [deeper, why] of undoneInside(inner, step.nested)) undone.set(`${key}/${deeper}`, `${why}, in the plan step ${key} uses`);
  return undone;
}
