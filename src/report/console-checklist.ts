import type { RunEvent, RunListener, RunStatus } from '../core/run-event.ts';
import { reasonBesideStatus } from './status-reason.ts';
import { followRecord, jobDurationMs, newRunRecord, type RunRecord } from '../core/run-record.ts';
import { checklistHeader, checklistItem, checklistItems, freshChecklistItem, oneLogLine, planStepOf, STATE_ICONS, type ChecklistItem } from './checklist.ts';
import { formatDuration } from './format-duration.ts';
import { goalLogLine, goalsHeadline } from './goals-table.ts';
import type { Redactor } from '../core/redact.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { changedTodoEntries, todoEntries, type TodoEntry } from './todo-entries.ts';
import { pushAll } from '../core/push-all.ts';
import { failedBetween } from './comment/used-plan-lines.ts';

export interface ConsoleChecklistOptions {
  /** Where the text goes, e.g. `(text) => process.stdout.write(text)`. */
  readonly write: (text: string) => void;
  /**
   * On a terminal, where the cursor sequences that redraw the frame go (`terminalControl`: the CLI's streams
   * show any other control character as a symbol). Without it they start the frame's own write.
   */
  readonly control?: (sequence: string) => void;
  /** On a terminal the checklist is redrawn in place; elsewhere (CI logs) one line per change. */
  readonly isTTY: boolean;
  /**
   * On a terminal, each line of a frame cut to its width, so redrawing moves the cursor by the right
   * amount: `fitToColumns` (terminal-width.ts, which a caller loads only for a terminal). Default: as they are.
   */
  readonly fit?: (line: string) => string;
  /**
   * The terminal's height, or how to read it at each frame (a terminal may be resized mid-run): a longer checklist
   * is drawn as a window around the steps still to finish. 0 or absent: unknown.
   */
  readonly rows?: number | (() => number | undefined);
  readonly redact?: Redactor;
  /**
   * Who checks the goals when this job does not (a fanned-out run's prepare or shard job: `the merge job`): its log
   * ends with the run's end, not "checking the goals", which it never does. Default: this job checks them.
   */
  readonly goalsCheckedBy?: string;
  /** On a terminal, frames are drawn at most this often (the final one at once). Default 100 ms. */
  readonly minRedrawMs?: number;
  /** Milliseconds, for the redraw throttle. Default `performance.now`. */
  readonly now?: () => number;
  /** Runs `draw` after `ms` (a coalesced redraw); returns a function that cancels it. Default an unref'd `setTimeout`. */
  readonly schedule?: (draw: () => void, ms: number) => () => void;
}

const CURSOR_UP = (lines: number): string => `\x1b[${lines}A`;
const CLEAR_TO_END = '\r\x1b[0J';
const DEFAULT_MIN_REDRAW_MS = 100;

function itemLine(item: ChecklistItem): string {
  return `${item.icon} ${item.key}. ${item.title}${item.status}`;
}

function todoLine(entry: TodoEntry): string {
  return `   ${entry.icon} ${entry.content}`;
}

/** A step's line and, under it, its TODO list when it is an agent that wrote one, else the lines of the plans it uses. */
function stepLines(item: ChecklistItem, record: RunRecord, redact: Redactor): string[] {
  return stepLinesHead(item, record, redact, Number.POSITIVE_INFINITY).lines;
}

/** The first lines of a step's `stepLines` (all of them for an infinite room), how many it has in all, and how many of the lines past them are of a used plan's steps that failed. */
interface StepLinesHead {
  readonly lines: string[];
  readonly total: number;
  readonly failedPast: number;
}

/**
 * `stepLines` up to `room` lines, the rest only counted: a frame's window drew a used plan of 20,000 steps whole, each
 * line made and redacted, to show the 40 that fit, 33 ms a frame at 10 frames a second (found by a hunt for cliffs).
 */
function stepLinesHead(item: ChecklistItem, record: RunRecord, redact: Redactor, room: number): StepLinesHead {
  const step = record.steps.get(item.key);
  const todos = step?.todos;
  if (todos?.length) {
    const shown = todoEntries({ state: step!.state, todos: todos.slice(0, room - 1) }, redact).map(todoLine);
    return { lines: [itemLine(item), ...shown], total: todos.length + 1, failedPast: 0 };
  }
  const head = { lines: [itemLine(item)], total: 1, failedPast: 0 };
  // In `nestedItems`' order (each step of a used plan, then the steps of the plan it uses in turn), without making the
  // entries past the room.
  const walk = (nested: RunRecord | undefined, depth: number): void => {
    for (const planStep of nested?.plan?.steps ?? []) {
      const inner = nested!.steps.get(planStep.key);
      if (head.total++ < room) head.lines.push(`${'  '.repeat(depth)}${itemLine(checklistItem(planStep, inner, redact))}`);
      else if (inner?.state === 'failed') head.failedPast++;
      walk(inner?.nested, depth + 1);
    }
  };
  walk(step?.nested, 1);
  return head;
}

/** The log line for a nested run's event: its step's line, indented under the plan step; [] for run-level events. */
function nestedChangeLines(event: Extract<RunEvent, { type: 'nested_event' }>, record: RunRecord, redact: Redactor): string[] {
  const path = [event.stepKey];
  let inner = record.steps.get(event.stepKey)?.nested;
  let current: RunEvent = event.event;
  while (current.type === 'nested_event' && inner) {
    path.push(current.stepKey);
    inner = inner.steps.get(current.stepKey)?.nested;
    current = current.event;
  }
  // A used plan's goals, once checked: its step's line follows with the verdict they gave.
  if (inner && current.type === 'goals_checked') return current.goals.map((goal) => `${'  '.repeat(path.length)}${oneLogLine(redact(path.join(' › ')))} › ${goalLogLine({ ...goal, name: redact(goal.name), evidence: redact(goal.evidence) })}`);
  // Its run's own start and end are its step's line in this log; a used plan's run neither replans nor asks for approval.
  if (!inner || NESTED_RUN_EVENTS.has(current.type)) return [];
  // What its steps, items and agents change, as a top plan's are logged (a failed item, a TODO list; only its steps' lines
  // were, so which of its items failed, and why, was in the trace alone: found by an adversarial pass). Nested runs
  // interleave, so each line names the plan step it is under, after its own indent.
  const under = `${path.join(' › ')} › `;
  return eventLines(current, inner, redact).map((line) => {
    const indent = line.length - line.trimStart().length;
    return `${'  '.repeat(path.length)}${line.slice(0, indent)}${under}${line.slice(indent)}`;
  });
}

/** A nested run's events that the log of the run using it leaves out (see `nestedChangeLines`). */
const NESTED_RUN_EVENTS: ReadonlySet<RunEvent['type']> = new Set(['plan_created', 'plan_revised', 'run_finished', 'approval_requested']);

const within = (took: string | undefined): string => (took === undefined ? '' : ` in ${took}`);

/**
 * How the last line opens for each status, with how long the run took (`45 ms`; undefined when not
 * known): "Run goals-unmet in 45 ms" read as a status code, not a sentence.
 */
const RUN_ENDED: Record<RunStatus, (took: string | undefined) => string> = {
  succeeded: (took) => `Run succeeded${within(took)}`,
  failed: (took) => `Run failed${within(took)}`,
  'goals-unmet': (took) => `Run finished${within(took)} with goals unmet`,
  escalated: (took) => `Run escalated${within(took)}`,
  cancelled: (took) => `Run cancelled${within(took)}`,
  // Not ended: it waits for a person, after running this long.
  'awaiting-approval': (took) => `Run paused for approval${took === undefined ? '' : ` after ${took}`}`,
  rejected: (took) => `Run rejected${within(took)}`,
};

function footer(record: RunRecord, redact: Redactor, goalsCheckedBy: string | undefined): string {
  const progress = checklistHeader(record);
  if (!record.status) return progress;
  const duration = record.durationMs === undefined ? undefined : formatDuration(jobDurationMs(record));
  const took = within(duration);
  // The steps have ended and the goals are checked next (every run but a paused one checks them): its
  // status is not the run's yet, and printed here it said "Run succeeded" above a run its goals failed.
  // Not in a job whose goals another checks: its log ended "checking the goals", and never said how it ended (found by a hunting pass).
  if (record.goals === undefined && record.status !== 'awaiting-approval' && goalsCheckedBy === undefined) return `The steps ended${took} — ${progress}; checking the goals`;
  const shown = reasonBesideStatus(record.status, record.reason);
  const reason = shown ? ` (${oneLogLine(redact(shown))})` : '';
  // Once the goals are checked the status is theirs (goals-unmet), and the line says how they went.
  const goals = record.goals && record.goals.length > 0 ? `; ${goalsHeadline(record.goals)}` : record.goals === undefined && goalsCheckedBy !== undefined ? `; ${goalsCheckedBy} checks the goals` : '';
  return `${RUN_ENDED[record.status](duration)}${reason} — ${progress}${goals}`;
}

/**
 * The step, or the `for_each` item, whose agent wrote a TODO list, and how the log names it (`review[2]`). An item's
 * key is data (`key: ${item.id}`), redacted as its failure line has it.
 */
function agentRecord(record: RunRecord, event: { readonly stepKey: string; readonly index?: number }, redact: Redactor) {
  const step = record.steps.get(event.stepKey);
  if (event.index === undefined) return { holder: step, label: event.stepKey };
  const item = step?.items?.[event.index];
  return { holder: item, label: item ? redact(item.key) : `${event.stepKey}[${event.index}]` };
}

/**
 * The lines a non-terminal log gets for one event, a used plan's too: only what the event changed is computed. A step's
 * start and end, most of a run's events, go straight to `stepChangeLines`, so that V8 does not optimize all of
 * `changeLines` for them (`--trace-opt` put 33 ms of compiling a 10,000-step run into it).
 */
function eventLines(event: RunEvent, record: RunRecord, redact: Redactor, goalsCheckedBy?: string): string[] {
  return event.type === 'step_started' || event.type === 'step_completed' ? stepChangeLines(event, record, redact) : changeLines(event, record, redact, goalsCheckedBy);
}

/** `eventLines` for every other event: a case here for a step's start or end would never be reached. */
function changeLines(event: RunEvent, record: RunRecord, redact: Redactor, goalsCheckedBy?: string): string[] {
  switch (event.type) {
    case 'plan_created':
      return [oneLogLine(redact(record.plan?.name ?? 'Plan')), ...(record.plan?.steps ?? []).map((planStep) => itemLine(freshChecklistItem(planStep, record.steps.get(planStep.key), redact)))];
    case 'plan_revised':
      return [revisionHeading(event, redact), ...checklistItems(record, redact).map(itemLine)];
    case 'run_finished':
      return [footer(record, redact, goalsCheckedBy)];
    // The last word, goals or none: the status is the run's now, with why it did not succeed.
    case 'goals_checked':
      return [footer(record, redact, goalsCheckedBy)];
    // A log cannot redraw: the list is printed once, then only the items a later call changed.
    case 'todos_created': {
      const agent = agentRecord(record, event, redact);
      return [`${oneLogLine(agent.label)}. TODO list:`, ...todoEntries(agent.holder, redact).map(todoLine)];
    }
    case 'todos_updated': {
      const agent = agentRecord(record, event, redact);
      // What a replace left out is no longer in the record: without its line the log just stopped naming it.
      const leftOut = todoEntries({ state: agent.holder?.state ?? 'in_progress', todos: event.dropped ?? [] }, redact);
      return [
        ...changedTodoEntries(agent.holder, event.changed, redact).map((entry) => `${oneLogLine(agent.label)}. ${todoLine(entry).trimStart()}`),
        ...leftOut.map((entry) => `${oneLogLine(agent.label)}. left out of the TODO list: ${todoLine(entry).trimStart()}`),
      ];
    }
    case 'agent_turn':
    case 'agent_tool_called':
    // Audit records for the trace: no step changes state.
    case 'tool_called':
    case 'tool_returned':
    case 'approval_decided':
    // What a resumed run hands on from the run it resumes: not a change of this run (its step, if this run reuses it, gets its line then).
    case 'result_carried':
      return [];
    case 'approval_requested':
      return [`Awaiting approval: ${event.request.pending.length} step${event.request.pending.length === 1 ? '' : 's'} (${event.request.pending.map((step) => step.stepKey).join(', ')}); approval hash ${event.request.hash}`];
    // A log line per item would bury the log under a 1,000-item step: only failed items get one.
    case 'item_started':
    case 'item_retrying':
    case 'model_used':
      return [];
    case 'item_completed':
      return unfinishedTodoLines(record, event, redact);
    case 'nested_event':
      return nestedChangeLines(event, record, redact);
    case 'item_failed': {
      const key = record.steps.get(event.stepKey)?.items?.[event.index]?.key ?? `${event.stepKey}[${event.index}]`;
      return [`  ${STATE_ICONS.failed} ${oneLogLine(redact(`${key} — ${event.error}`))}`, ...unfinishedTodoLines(record, event, redact)];
    }
    default:
      return stepChangeLines(event, record, redact);
  }
}

/** A step's line as its event left it, and the TODO lines its agent left unfinished. */
function stepChangeLines(event: { readonly stepKey: string; readonly index?: number }, record: RunRecord, redact: Redactor): string[] {
  const planStep = planStepOf(record, event.stepKey);
  if (!planStep) return [];
  const line = itemLine(freshChecklistItem(planStep, record.steps.get(event.stepKey), redact));
  const todos = unfinishedTodoLines(record, event, redact);
  return todos.length === 0 ? [line] : [line, ...todos];
}

/**
 * Once a step or item whose agent kept a TODO list has ended, the entries it left in progress, as they read
 * now (⏹️; one pending still reads ⬜, as printed): a log cannot redraw, and `⏳ Add numbers`, printed when the agent
 * started it, was that entry's last word after a budget stop (found by an adversarial pass).
 */
function unfinishedTodoLines(record: RunRecord, event: { readonly stepKey: string; readonly index?: number }, redact: Redactor): string[] {
  const agent = agentRecord(record, event, redact);
  const holder = agent.holder;
  if (!holder?.todos?.length || holder.state === 'in_progress' || holder.state === 'pending' || holder.state === 'waiting') return [];
  return todoEntries(holder, redact)
    .filter((entry) => entry.status === 'in_progress')
    .map((entry) => `${oneLogLine(agent.label)}. ${todoLine(entry).trimStart()}`);
}

function defaultSchedule(draw: () => void, ms: number): () => void {
  const timer = setTimeout(draw, ms);
  // A pending redraw never keeps the process alive.
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * The lines a terminal frame shows for the steps (an agent's TODO list under its step): all of them
 * when they fit in `rows`, else a window that starts at the first step still to finish, with a line
 * saying how many steps are above and below it.
 */
function windowLines(record: RunRecord, redact: Redactor, rows: number | undefined, cursor: { steps?: readonly unknown[]; done: number }): string[] {
  const steps = record.plan?.steps ?? [];
  const itemOf = (index: number): ChecklistItem => checklistItem(steps[index]!, record.steps.get(steps[index]!.key), redact);
  // 0 rows is a terminal whose size was never set (as 0 columns is, see fitToColumns): its height is unknown.
  if (!rows) return steps.flatMap((_, index) => stepLines(itemOf(index), record, redact));
  // Title, footer, and one line each for "above" and "below", plus the line the cursor rests on.
  const room = Math.max(1, rows - 5);
  // Steps finish for good, so the first unfinished one only moves down (until the plan is revised).
  if (cursor.steps !== steps) Object.assign(cursor, { steps, done: 0 });
  while (cursor.done < steps.length && isDone(record, steps[cursor.done]!.key)) cursor.done++;
  let start = cursor.done;
  const lines: string[] = [];
  let end = start;
  // The last step's lines past the room (a used plan's under it), and how many of them failed.
  let cutLines = 0;
  let failedCut = 0;
  while (end < steps.length && lines.length < room) {
    const head = stepLinesHead(itemOf(end++), record, redact, room - lines.length);
    pushAll(lines, head.lines);
    cutLines = head.total - head.lines.length;
    failedCut = head.failedPast;
  }
  // Near the end of the plan: fill the room with the steps before the window.
  while (start > 0 && lines.length < room) {
    const before = stepLinesHead(itemOf(start - 1), record, redact, room - lines.length);
    if (before.total > before.lines.length) break;
    for (let line = before.lines.length - 1; line >= 0; line--) lines.unshift(before.lines[line]!);
    start--;
  }
  if (start === 0 && end === steps.length && cutLines === 0) return lines;
  // Cut to the room also when every step is in it: one step whose used plan has 12,000 steps drew them all at each
  // redraw, past the top of the screen, 168,000 lines in all (found by an adversarial pass).
  // How many of them failed, as the comment's cut says it: a ❌ scrolled out of the window left only the footer's count.
  if (start > 0) lines.unshift(`… ${start} step${start === 1 ? '' : 's'} above${failedNote(record, steps, 0, start)}`);
  // The lines of the window's last step cut off with the steps below (a used plan's under it): they went uncounted.
  // So did a ❌ among them: `… 8 more lines and 1 more step below` hid one (found by an adversarial pass).
  const moreLines = cutLines > 0 ? `${cutLines} more line${cutLines === 1 ? '' : 's'}${failedCount(failedCut)}` : '';
  const below = steps.length - end;
  if (below > 0) lines.push(`… ${moreLines ? `${moreLines} and ${below} more step${below === 1 ? '' : 's'}` : `${below} more`} below${failedNote(record, steps, end, steps.length)}`);
  else if (moreLines) lines.push(`… ${moreLines} below`);
  return lines;
}

/**
 * On a terminal, what a plan revision leaves above the frame for good: that the plan was revised and why, and the
 * steps it replaced after they failed, which the frame, drawing the plan as it is
 * now, no longer shows. Redrawn away, a failure the run recovered from left only "1 had failed" in the footer, with
 * no step and no reason, while the log and the comment name both (found by a hunt across the views).
 */
function revisionLines(event: Extract<RunEvent, { type: 'plan_revised' }>, record: RunRecord, redact: Redactor): string[] {
  const lines = [revisionHeading(event, redact)];
  for (const key of event.replaced) {
    const [planStep, step] = [record.replacedPlanSteps?.get(key), record.steps.get(key)];
    if (planStep && step?.state === 'failed') lines.push(itemLine(checklistItem(planStep, step, redact)));
  }
  return lines;
}

/** A plan revision's first line, in a log and above a terminal's frame. */
function revisionHeading(event: Extract<RunEvent, { type: 'plan_revised' }>, redact: Redactor): string {
  return `Plan revised (revision ${event.plan.revision}): ${oneLogLine(redact(event.reason))}`;
}

/** ` (2 failed)` when any of `steps[from..to)` failed, '' otherwise: looked at only for a frame that leaves steps out. */
function failedNote(record: RunRecord, steps: readonly PlanStep[], from: number, to: number): string {
  return failedCount(failedBetween(steps, record, from, to));
}

/** ` (2 failed)`, or '' for none. */
function failedCount(failed: number): string {
  return failed > 0 ? ` (${failed} failed)` : '';
}

function isDone(record: RunRecord, key: string): boolean {
  const state = record.steps.get(key)?.state;
  return state === 'completed' || state === 'failed' || state === 'skipped';
}

/** The console checklist's listener, and how other text reaches the same terminal without a redraw erasing it. */
export interface ConsoleChecklist extends RunListener {
  /**
   * Runs `print`, which writes whole lines to the terminal the checklist draws on (a warning, the line a
   * second Ctrl-C gets), above the live frame: the frame is cleared first and drawn again under them. A
   * line written under the frame was erased by the next redraw, which moved up over it as if it were the
   * frame, and left the frame's first line standing. In a log, and once the last frame (the goals' verdicts) is drawn, it only prints.
   */
  readonly above: (print: () => void) => void;
}

/**
 * A listener that draws the run as a checklist (⬜ ⏳ ✅ ❌ ⏭️), an agent step's TODO list nested
 * under it. On a terminal the list is redrawn
 * in place, at most every `minRedrawMs` (a long list as a window that fits the screen), and drawn in
 * full when the run finishes; in a log, each change is one line, then a final summary line.
 */
export function consoleChecklist(options: ConsoleChecklistOptions): ConsoleChecklist {
  const redact = options.redact ?? ((text: string) => text);
  const follow = followRecord();
  let record = newRunRecord();
  if (!options.isTTY) {
    const listener: RunListener = (event, sent) => {
      record = follow(event, sent);
      const lines = eventLines(event, record, redact, options.goalsCheckedBy);
      if (lines.length === 1) options.write(`${lines[0]}\n`);
      else if (lines.length) options.write(`${lines.join('\n')}\n`);
    };
    return Object.assign(listener, { above: (print: () => void) => print() });
  }

  const minRedraw = options.minRedrawMs ?? DEFAULT_MIN_REDRAW_MS;
  const now = options.now ?? (() => performance.now());
  const schedule = options.schedule ?? defaultSchedule;
  /** The lines of the frame on the screen, the cursor on the line under them. */
  let drawn: readonly string[] = [];
  let lastDraw = Number.NEGATIVE_INFINITY;
  let cancelPending: (() => void) | undefined;
  const cursor = { done: 0 };

  /** Whether the frame on the screen is drawn in full, as it is once the steps have ended. */
  let full = false;
  /** Whether that frame is the last (the goals' verdicts are in): it stays, and what follows goes under it. */
  let settled = false;
  const erase = (lines = drawn.length): string => (lines ? `${CURSOR_UP(lines)}${CLEAR_TO_END}` : '');
  const draw = (whole: boolean): void => {
    cancelPending?.();
    cancelPending = undefined;
    if (!record.plan) return;
    const rows = typeof options.rows === 'function' ? options.rows() : options.rows;
    const items = whole ? checklistItems(record, redact).flatMap((item) => stepLines(item, record, redact)) : windowLines(record, redact, rows, cursor);
    const lines = [oneLogLine(redact(record.plan.name)), ...items, footer(record, redact, options.goalsCheckedBy)];
    const frame = options.fit ? lines.map(options.fit) : lines;
    // A frame taller than the screen (the final one, in full) has lines above its top, where no cursor goes: moved up
    // over all of them, the cursor stopped there and the next frame was written under the lines it could not erase.
    // Its lines that stay the same are kept; what changed under them is redrawn.
    let kept = 0;
    if (rows && drawn.length >= rows) while (kept < drawn.length && kept < frame.length && drawn[kept] === frame[kept]) kept++;
    const up = erase(drawn.length - kept);
    if (up && options.control) options.control(up);
    if (kept < frame.length) options.write(`${options.control ? '' : up}${frame.slice(kept).join('\n')}\n`);
    else if (up && !options.control) options.write(up);
    drawn = frame;
    lastDraw = now();
    full = whole;
  };

  const listener: RunListener = (event, sent) => {
    record = follow(event, sent);
    if (!record.plan) return;
    if (event.type === 'plan_revised') {
      const lines = revisionLines(event, record, redact);
      above(() => options.write(`${lines.join('\n')}\n`));
      return;
    }
    if (event.type === 'run_finished' || event.type === 'goals_checked') {
      draw(true);
      settled = event.type === 'goals_checked';
      return;
    }
    const wait = lastDraw + minRedraw - now();
    if (wait <= 0) draw(false);
    else cancelPending ??= schedule(() => draw(false), wait);
  };
  const above = (print: () => void): void => {
    if (settled || drawn.length === 0) return print();
    // A frame taller than the screen cannot be erased whole: it stays, the lines go under it, and the next frame under them.
    const rows = typeof options.rows === 'function' ? options.rows() : options.rows;
    if (rows && drawn.length >= rows) {
      drawn = [];
      return print();
    }
    // Also between the steps' end and the goals' verdicts (a second Ctrl-C, a warning while a judge runs): printed under
    // the full frame, the lines were erased by the verdicts' redraw, which moved up as far as the frame alone, and its
    // title was left twice (found by an adversarial CLI hunt).
    const up = erase();
    if (options.control) options.control(up);
    else options.write(up);
    drawn = [];
    print();
    draw(full);
  };
  return Object.assign(listener, { above });
}
