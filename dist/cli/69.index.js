export const id = 69;
export const ids = [69];
export const modules = {

/***/ 58069:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCommand: () => (/* binding */ runCommand)
});

// EXTERNAL MODULE: ./lib/plan/plan-error.js
var plan_error = __webpack_require__(36487);
// EXTERNAL MODULE: ./lib/report/status-reason.js
var status_reason = __webpack_require__(90703);
// EXTERNAL MODULE: ./lib/core/run-record.js
var run_record = __webpack_require__(90422);
// EXTERNAL MODULE: ./lib/report/checklist.js + 1 modules
var checklist = __webpack_require__(24578);
// EXTERNAL MODULE: ./lib/report/format-duration.js
var format_duration = __webpack_require__(74360);
// EXTERNAL MODULE: ./lib/report/goals-table.js
var goals_table = __webpack_require__(52895);
// EXTERNAL MODULE: ./lib/report/todo-entries.js
var todo_entries = __webpack_require__(44329);
// EXTERNAL MODULE: ./lib/core/push-all.js
var push_all = __webpack_require__(37665);
// EXTERNAL MODULE: ./lib/report/markdown/escape-markdown.js
var escape_markdown = __webpack_require__(60949);
;// CONCATENATED MODULE: ./lib/report/comment/used-plan-lines.js



// The comment's lines of a step and of the plan a `type: plan` step uses, drawn as far as a comment could
// hold them, and cut to what needs attention with a count of the rest at each level.
/** `\u2026 2,999 more steps (1 failed)`: the steps of a level of a used plan a comment does not draw. */
function moreSteps(depth, count, why) {
    return `\n${'  '.repeat(depth)}- ${moreStepsCount(count, why)}`;
}
/**
 * Why a step needs attention, as {@link LeftOut} counts it; undefined for one that does not, and for a pending or skipped
 * step that needs it only for what its used plan holds (no count line names those).
 */
function leftOutKind(step) {
    if (!needsAttention(step))
        return undefined;
    if (step.state === 'failed')
        return 'failed';
    if (step.state === 'in_progress' || step.state === 'waiting')
        return 'unfinished';
    return step.state === 'completed' ? 'flagged' : undefined;
}
/**
 * A cut's count of the steps it left out: `\u2026 12 more steps (3 failed, 2 running or awaiting approval, 1 completed with
 * work inside failed or left undone)`, one rule for the comment's own steps and a used plan's.
 */
function moreStepsCount(count, why) {
    const which = [
        why.failed > 0 ? `${groupDigits(why.failed)} failed` : '',
        why.unfinished > 0 ? `${groupDigits(why.unfinished)} running or awaiting approval` : '',
        why.flagged > 0 ? `${groupDigits(why.flagged)} completed with work inside failed or left undone` : '',
    ]
        .filter((text) => text !== '')
        .join(', ');
    return `\u2026 ${groupDigits(count)} more step${count === 1 ? '' : 's'}${which ? ` (${which})` : ''}`;
}
/** `why` with one more step of `kind`. */
function plusOne(why, kind) {
    return kind === undefined ? why : { ...why, [kind]: why[kind] + 1 };
}
/**
 * A used plan's lines in at most `room` characters, or undefined when not even its count fits: the lines of
 * its steps that need attention (a \u2705 step whose used plan has a \u274c among them, cut the same way), and at each
 * level a count of the steps left out there, those {@link nestedLines} did not draw with those cut here. With
 * no count, a used plan of 3,000 steps read as one of the \u274c step it kept (found by an adversarial pass).
 */
function cutLevel(level, room) {
    if (level.text.length <= room)
        return level.text;
    // Room for the count as long as it could read: every step left out, and why each of them needs attention.
    const whyAll = level.entries.reduce((why, entry) => plusOne(why, entry.kind), level.leftWhy);
    let budget = room - moreSteps(level.depth, level.left + level.entries.length, whyAll).length;
    if (budget < 0)
        return undefined;
    let text = '';
    let left = level.left;
    let why = level.leftWhy;
    for (const entry of level.entries) {
        const line = `\n${'  '.repeat(level.depth)}${entry.line}`;
        const inner = entry.urgent && line.length <= budget ? (entry.inner ? cutLevel(entry.inner, budget - line.length) : '') : undefined;
        if (inner === undefined) {
            left++;
            why = plusOne(why, entry.kind);
            continue;
        }
        text += `${line}${inner}`;
        budget -= line.length + inner.length;
    }
    return left > 0 ? `${text}${moreSteps(level.depth, left, why)}` : text;
}
// Each plan step's position, by key, built once per plan snapshot.
const stepPositions = new WeakMap();
function positionsOf(steps) {
    let positions = stepPositions.get(steps);
    if (!positions)
        stepPositions.set(steps, (positions = new Map(steps.map((planStep, index) => [planStep.key, index]))));
    return positions;
}
/** How many of the positions in each list of `at` `isLeftOut` says a cut left out. */
function leftOutOf(at, isLeftOut) {
    const count = (positions) => positions.reduce((sum, index) => sum + (isLeftOut(index) ? 1 : 0), 0);
    return { failed: count(at.failed), unfinished: count(at.unfinished), flagged: count(at.flagged) };
}
/** Which of `steps` need attention, and why (see {@link leftOutKind}): most runs have few such steps, and a comment over 10,000 steps is redrawn every second. */
function attentionAt(steps, record) {
    let urgent;
    const at = { failed: [], unfinished: [], flagged: [] };
    for (const [key, step] of record.steps) {
        if (!needsAttention(step))
            continue;
        const index = positionsOf(steps).get(key);
        if (index === undefined)
            continue;
        (urgent ??= new Uint8Array(steps.length))[index] = 1;
        const kind = leftOutKind(step);
        if (kind)
            at[kind].push(index);
    }
    return { urgent, ...at };
}
const NONE_LEFT_OUT = { failed: 0, unfinished: 0, flagged: 0 };
/** How many of `steps` at positions `from` up to `to` failed, read from the run record (not by looking up every step). */
function failedBetween(steps, record, from, to = steps.length) {
    let failed = 0;
    if (from < to) {
        for (const [key, step] of record.steps) {
            if (step.state !== 'failed')
                continue;
            const at = positionsOf(steps).get(key) ?? -1;
            if (at >= from && at < to)
                failed++;
        }
    }
    return failed;
}
// Entries are reused while their step is unchanged (see `checklistItem`), so their escaped lines are too.
const escapedLines = new WeakMap();
/**
 * The lines of a nested run's steps, and of runs nested in theirs, in the order of `nestedItems`, each
 * with a line break before it; past `limit` characters only the lines of steps that need attention, and
 * none past `cap`, then a count of those not drawn. Every render made all of them, far past what a comment
 * holds: a nested run of 40,000 steps, rendered every 200 steps, took 16 s of renders (now 0.3 s). Stopped at
 * `limit`, a used plan of 3,000 steps lost the \u274c of its 2,900th, which the header counted (found by an adversarial pass).
 */
function nestedLines(nested, redact, limit, depth = 1, cap = limit * 2) {
    let text = '';
    const entries = [];
    const steps = nested.plan?.steps ?? [];
    const draw = (planStep) => {
        const step = nested.steps.get(planStep.key);
        const line = itemLines(checklistItem(planStep, step, redact), step).bare;
        text += `\n${'  '.repeat(depth)}${line}`;
        const inner = step?.nested ? nestedLines(step.nested, redact, limit - text.length, depth + 1, cap - text.length) : undefined;
        if (inner)
            text += inner.text;
        entries.push({ line, urgent: needsAttention(step), kind: leftOutKind(step), ...(inner && { inner }) });
    };
    let index = 0;
    for (; index < steps.length && text.length <= limit; index++)
        draw(steps[index]);
    const attention = index < steps.length ? attentionAt(steps, nested) : undefined;
    const urgentAt = attention?.urgent;
    if (urgentAt)
        for (; index < steps.length && text.length <= cap; index++)
            if (urgentAt[index])
                draw(steps[index]);
    const left = steps.length - entries.length;
    // Past `index` nothing was drawn; before it, every step that needs attention was.
    const leftWhy = attention ? leftOutOf(attention, (at) => at >= index) : NONE_LEFT_OUT;
    if (left > 0)
        text += moreSteps(depth, left, leftWhy);
    return { text, depth, entries, left, leftWhy };
}
/**
 * An entry's lines; its bare line keeps, short, a for_each step's counts (` \u2014 1,333/2,000 done, 667 failed`) and
 * ` \u2014 result partial` (`briefStatus`): a comment that left the results out showed `- \u2705 each. echo` for a step that
 * lost 667 of its items (found by an adversarial pass).
 */
function itemLines(item, step) {
    let lines = escapedLines.get(item);
    if (!lines) {
        const label = `- ${item.icon} ${escapeInlineMarkdown(`${item.key}. ${item.title}`)}`;
        lines = { full: `${label}${escapeInlineMarkdown(item.status)}`, bare: `${label}${step ? briefStatus(step) : ''}` };
        escapedLines.set(item, lines);
    }
    return lines;
}

;// CONCATENATED MODULE: ./lib/report/console-checklist.js








const CURSOR_UP = (lines) => `\x1b[${lines}A`;
const CLEAR_TO_END = '\r\x1b[0J';
const DEFAULT_MIN_REDRAW_MS = 100;
function itemLine(item) {
    return `${item.icon} ${item.key}. ${item.title}${item.status}`;
}
function todoLine(entry) {
    return `   ${entry.icon} ${entry.content}`;
}
/** A step's line and, under it, its TODO list when it is an agent that wrote one, else the lines of the plans it uses. */
function stepLines(item, record, redact) {
    return stepLinesHead(item, record, redact, Number.POSITIVE_INFINITY).lines;
}
/**
 * `stepLines` up to `room` lines, the rest only counted: a frame's window drew a used plan of 20,000 steps whole, each
 * line made and redacted, to show the 40 that fit, 33 ms a frame at 10 frames a second (found by a hunt for cliffs).
 */
function stepLinesHead(item, record, redact, room) {
    const step = record.steps.get(item.key);
    const todos = step?.todos;
    if (todos?.length) {
        const shown = (0,todo_entries/* todoEntries */.vk)({ state: step.state, todos: todos.slice(0, room - 1) }, redact).map(todoLine);
        return { lines: [itemLine(item), ...shown], total: todos.length + 1, failedPast: 0 };
    }
    const head = { lines: [itemLine(item)], total: 1, failedPast: 0 };
    // In `nestedItems`' order (each step of a used plan, then the steps of the plan it uses in turn), without making the
    // entries past the room.
    const walk = (nested, depth) => {
        for (const planStep of nested?.plan?.steps ?? []) {
            const inner = nested.steps.get(planStep.key);
            if (head.total++ < room)
                head.lines.push(`${'  '.repeat(depth)}${itemLine((0,checklist/* checklistItem */.gd)(planStep, inner, redact))}`);
            else if (inner?.state === 'failed')
                head.failedPast++;
            walk(inner?.nested, depth + 1);
        }
    };
    walk(step?.nested, 1);
    return head;
}
/** The log line for a nested run's event: its step's line, indented under the plan step; [] for run-level events. */
function nestedChangeLines(event, record, redact) {
    const path = [event.stepKey];
    let inner = record.steps.get(event.stepKey)?.nested;
    let current = event.event;
    while (current.type === 'nested_event' && inner) {
        path.push(current.stepKey);
        inner = inner.steps.get(current.stepKey)?.nested;
        current = current.event;
    }
    // A used plan's goals, once checked: its step's line follows with the verdict they gave.
    if (inner && current.type === 'goals_checked')
        return current.goals.map((goal) => `${'  '.repeat(path.length)}${(0,checklist/* oneLogLine */.Hr)(redact(path.join(' \u203a ')))} \u203a ${(0,goals_table/* goalLogLine */.EY)({ ...goal, name: redact(goal.name), evidence: redact(goal.evidence) })}`);
    // Its run's own start and end are its step's line in this log; a used plan's run neither replans nor asks for approval.
    if (!inner || NESTED_RUN_EVENTS.has(current.type))
        return [];
    // What its steps, items and agents change, as a top plan's are logged (a failed item, a TODO list; only its steps' lines
    // were, so which of its items failed, and why, was in the trace alone: found by an adversarial pass). Nested runs
    // interleave, so each line names the plan step it is under, after its own indent.
    const under = `${path.join(' \u203a ')} \u203a `;
    return eventLines(current, inner, redact).map((line) => {
        const indent = line.length - line.trimStart().length;
        return `${'  '.repeat(path.length)}${line.slice(0, indent)}${under}${line.slice(indent)}`;
    });
}
/** A nested run's events that the log of the run using it leaves out (see `nestedChangeLines`). */
const NESTED_RUN_EVENTS = new Set(['plan_created', 'plan_revised', 'run_finished', 'approval_requested']);
const within = (took) => (took === undefined ? '' : ` in ${took}`);
/**
 * How the last line opens for each status, with how long the run took (`45 ms`; undefined when not
 * known): "Run goals-unmet in 45 ms" read as a status code, not a sentence.
 */
const RUN_ENDED = {
    succeeded: (took) => `Run succeeded${within(took)}`,
    failed: (took) => `Run failed${within(took)}`,
    'goals-unmet': (took) => `Run finished${within(took)} with goals unmet`,
    escalated: (took) => `Run escalated${within(took)}`,
    cancelled: (took) => `Run cancelled${within(took)}`,
    // Not ended: it waits for a person, after running this long.
    'awaiting-approval': (took) => `Run paused for approval${took === undefined ? '' : ` after ${took}`}`,
    rejected: (took) => `Run rejected${within(took)}`,
};
function footer(record, redact, goalsCheckedBy) {
    const progress = (0,checklist/* checklistHeader */.Y4)(record);
    if (!record.status)
        return progress;
    const duration = record.durationMs === undefined ? undefined : (0,format_duration/* formatDuration */.a)((0,run_record/* jobDurationMs */.u2)(record));
    const took = within(duration);
    // The steps have ended and the goals are checked next (every run but a paused one checks them): its
    // status is not the run's yet, and printed here it said "Run succeeded" above a run its goals failed.
    // Not in a job whose goals another checks: its log ended "checking the goals", and never said how it ended (found by a hunting pass).
    if (record.goals === undefined && record.status !== 'awaiting-approval' && goalsCheckedBy === undefined)
        return `The steps ended${took} \u2014 ${progress}; checking the goals`;
    const shown = (0,status_reason/* reasonBesideStatus */.Z)(record.status, record.reason);
    const reason = shown ? ` (${(0,checklist/* oneLogLine */.Hr)(redact(shown))})` : '';
    // Once the goals are checked the status is theirs (goals-unmet), and the line says how they went.
    const goals = record.goals && record.goals.length > 0 ? `; ${(0,goals_table/* goalsHeadline */.l$)(record.goals)}` : record.goals === undefined && goalsCheckedBy !== undefined ? `; ${goalsCheckedBy} checks the goals` : '';
    return `${RUN_ENDED[record.status](duration)}${reason} \u2014 ${progress}${goals}`;
}
/**
 * The step, or the `for_each` item, whose agent wrote a TODO list, and how the log names it (`review[2]`). An item's
 * key is data (`key: ${item.id}`), redacted as its failure line has it.
 */
function agentRecord(record, event, redact) {
    const step = record.steps.get(event.stepKey);
    if (event.index === undefined)
        return { holder: step, label: event.stepKey };
    const item = step?.items?.[event.index];
    return { holder: item, label: item ? redact(item.key) : `${event.stepKey}[${event.index}]` };
}
/**
 * The lines a non-terminal log gets for one event, a used plan's too: only what the event changed is computed. A step's
 * start and end, most of a run's events, go straight to `stepChangeLines`, so that V8 does not optimize all of
 * `changeLines` for them (`--trace-opt` put 33 ms of compiling a 10,000-step run into it).
 */
function eventLines(event, record, redact, goalsCheckedBy) {
    return event.type === 'step_started' || event.type === 'step_completed' ? stepChangeLines(event, record, redact) : changeLines(event, record, redact, goalsCheckedBy);
}
/** `eventLines` for every other event: a case here for a step's start or end would never be reached. */
function changeLines(event, record, redact, goalsCheckedBy) {
    switch (event.type) {
        case 'plan_created':
            return [(0,checklist/* oneLogLine */.Hr)(redact(record.plan?.name ?? 'Plan')), ...(record.plan?.steps ?? []).map((planStep) => itemLine((0,checklist/* freshChecklistItem */.QO)(planStep, record.steps.get(planStep.key), redact)))];
        case 'plan_revised':
            return [revisionHeading(event, redact), ...(0,checklist/* checklistItems */.V_)(record, redact).map(itemLine)];
        case 'run_finished':
            return [footer(record, redact, goalsCheckedBy)];
        // The last word, goals or none: the status is the run's now, with why it did not succeed.
        case 'goals_checked':
            return [footer(record, redact, goalsCheckedBy)];
        // A log cannot redraw: the list is printed once, then only the items a later call changed.
        case 'todos_created': {
            const agent = agentRecord(record, event, redact);
            return [`${(0,checklist/* oneLogLine */.Hr)(agent.label)}. TODO list:`, ...(0,todo_entries/* todoEntries */.vk)(agent.holder, redact).map(todoLine)];
        }
        case 'todos_updated': {
            const agent = agentRecord(record, event, redact);
            // What a replace left out is no longer in the record: without its line the log just stopped naming it.
            const leftOut = (0,todo_entries/* todoEntries */.vk)({ state: agent.holder?.state ?? 'in_progress', todos: event.dropped ?? [] }, redact);
            return [
                ...(0,todo_entries/* changedTodoEntries */.NM)(agent.holder, event.changed, redact).map((entry) => `${(0,checklist/* oneLogLine */.Hr)(agent.label)}. ${todoLine(entry).trimStart()}`),
                ...leftOut.map((entry) => `${(0,checklist/* oneLogLine */.Hr)(agent.label)}. left out of the TODO list: ${todoLine(entry).trimStart()}`),
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
            return [`  ${checklist/* STATE_ICONS */.t1.failed} ${(0,checklist/* oneLogLine */.Hr)(redact(`${key} \u2014 ${event.error}`))}`, ...unfinishedTodoLines(record, event, redact)];
        }
        default:
            return stepChangeLines(event, record, redact);
    }
}
/** A step's line as its event left it, and the TODO lines its agent left unfinished. */
function stepChangeLines(event, record, redact) {
    const planStep = (0,checklist/* planStepOf */.ff)(record, event.stepKey);
    if (!planStep)
        return [];
    const line = itemLine((0,checklist/* freshChecklistItem */.QO)(planStep, record.steps.get(event.stepKey), redact));
    const todos = unfinishedTodoLines(record, event, redact);
    return todos.length === 0 ? [line] : [line, ...todos];
}
/**
 * Once a step or item whose agent kept a TODO list has ended, the entries it left in progress, as they read
 * now (\u23f9\ufe0f; one pending still reads \u2b1c, as printed): a log cannot redraw, and `\u23f3 Add numbers`, printed when the agent
 * started it, was that entry's last word after a budget stop (found by an adversarial pass).
 */
function unfinishedTodoLines(record, event, redact) {
    const agent = agentRecord(record, event, redact);
    const holder = agent.holder;
    if (!holder?.todos?.length || holder.state === 'in_progress' || holder.state === 'pending' || holder.state === 'waiting')
        return [];
    return (0,todo_entries/* todoEntries */.vk)(holder, redact)
        .filter((entry) => entry.status === 'in_progress')
        .map((entry) => `${(0,checklist/* oneLogLine */.Hr)(agent.label)}. ${todoLine(entry).trimStart()}`);
}
function defaultSchedule(draw, ms) {
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
function windowLines(record, redact, rows, cursor) {
    const steps = record.plan?.steps ?? [];
    const itemOf = (index) => (0,checklist/* checklistItem */.gd)(steps[index], record.steps.get(steps[index].key), redact);
    // 0 rows is a terminal whose size was never set (as 0 columns is, see fitToColumns): its height is unknown.
    if (!rows)
        return steps.flatMap((_, index) => stepLines(itemOf(index), record, redact));
    // Title, footer, and one line each for "above" and "below", plus the line the cursor rests on.
    const room = Math.max(1, rows - 5);
    // Steps finish for good, so the first unfinished one only moves down (until the plan is revised).
    if (cursor.steps !== steps)
        Object.assign(cursor, { steps, done: 0 });
    while (cursor.done < steps.length && isDone(record, steps[cursor.done].key))
        cursor.done++;
    let start = cursor.done;
    const lines = [];
    let end = start;
    // The last step's lines past the room (a used plan's under it), and how many of them failed.
    let cutLines = 0;
    let failedCut = 0;
    while (end < steps.length && lines.length < room) {
        const head = stepLinesHead(itemOf(end++), record, redact, room - lines.length);
        (0,push_all/* pushAll */.i)(lines, head.lines);
        cutLines = head.total - head.lines.length;
        failedCut = head.failedPast;
    }
    // Near the end of the plan: fill the room with the steps before the window.
    while (start > 0 && lines.length < room) {
        const before = stepLinesHead(itemOf(start - 1), record, redact, room - lines.length);
        if (before.total > before.lines.length)
            break;
        for (let line = before.lines.length - 1; line >= 0; line--)
            lines.unshift(before.lines[line]);
        start--;
    }
    if (start === 0 && end === steps.length && cutLines === 0)
        return lines;
    // Cut to the room also when every step is in it: one step whose used plan has 12,000 steps drew them all at each
    // redraw, past the top of the screen, 168,000 lines in all (found by an adversarial pass).
    // How many of them failed, as the comment's cut says it: a \u274c scrolled out of the window left only the footer's count.
    if (start > 0)
        lines.unshift(`\u2026 ${start} step${start === 1 ? '' : 's'} above${failedNote(record, steps, 0, start)}`);
    // The lines of the window's last step cut off with the steps below (a used plan's under it): they went uncounted.
    // So did a \u274c among them: `\u2026 8 more lines and 1 more step below` hid one (found by an adversarial pass).
    const moreLines = cutLines > 0 ? `${cutLines} more line${cutLines === 1 ? '' : 's'}${failedCount(failedCut)}` : '';
    const below = steps.length - end;
    if (below > 0)
        lines.push(`\u2026 ${moreLines ? `${moreLines} and ${below} more step${below === 1 ? '' : 's'}` : `${below} more`} below${failedNote(record, steps, end, steps.length)}`);
    else if (moreLines)
        lines.push(`\u2026 ${moreLines} below`);
    return lines;
}
/**
 * On a terminal, what a plan revision leaves above the frame for good: that the plan was revised and why, and the
 * steps it replaced after they failed, which the frame, drawing the plan as it is
 * now, no longer shows. Redrawn away, a failure the run recovered from left only "1 had failed" in the footer, with
 * no step and no reason, while the log and the comment name both (found by a hunt across the views).
 */
function revisionLines(event, record, redact) {
    const lines = [revisionHeading(event, redact)];
    for (const key of event.replaced) {
        const [planStep, step] = [record.replacedPlanSteps?.get(key), record.steps.get(key)];
        if (planStep && step?.state === 'failed')
            lines.push(itemLine((0,checklist/* checklistItem */.gd)(planStep, step, redact)));
    }
    return lines;
}
/** A plan revision's first line, in a log and above a terminal's frame. */
function revisionHeading(event, redact) {
    return `Plan revised (revision ${event.plan.revision}): ${(0,checklist/* oneLogLine */.Hr)(redact(event.reason))}`;
}
/** ` (2 failed)` when any of `steps[from..to)` failed, '' otherwise: looked at only for a frame that leaves steps out. */
function failedNote(record, steps, from, to) {
    return failedCount(failedBetween(steps, record, from, to));
}
/** ` (2 failed)`, or '' for none. */
function failedCount(failed) {
    return failed > 0 ? ` (${failed} failed)` : '';
}
function isDone(record, key) {
    const state = record.steps.get(key)?.state;
    return state === 'completed' || state === 'failed' || state === 'skipped';
}
/**
 * A listener that draws the run as a checklist (\u2b1c \u23f3 \u2705 \u274c \u23ed\ufe0f), an agent step's TODO list nested
 * under it. On a terminal the list is redrawn
 * in place, at most every `minRedrawMs` (a long list as a window that fits the screen), and drawn in
 * full when the run finishes; in a log, each change is one line, then a final summary line.
 */
function consoleChecklist(options) {
    const redact = options.redact ?? ((text) => text);
    const follow = (0,run_record/* followRecord */.RE)();
    let record = (0,run_record/* newRunRecord */.pB)();
    if (!options.isTTY) {
        const listener = (event, sent) => {
            record = follow(event, sent);
            const lines = eventLines(event, record, redact, options.goalsCheckedBy);
            if (lines.length === 1)
                options.write(`${lines[0]}\n`);
            else if (lines.length)
                options.write(`${lines.join('\n')}\n`);
        };
        return Object.assign(listener, { above: (print) => print() });
    }
    const minRedraw = options.minRedrawMs ?? DEFAULT_MIN_REDRAW_MS;
    const now = options.now ?? (() => performance.now());
    const schedule = options.schedule ?? defaultSchedule;
    /** The lines of the frame on the screen, the cursor on the line under them. */
    let drawn = [];
    let lastDraw = Number.NEGATIVE_INFINITY;
    let cancelPending;
    const cursor = { done: 0 };
    /** Whether the frame on the screen is drawn in full, as it is once the steps have ended. */
    let full = false;
    /** Whether that frame is the last (the goals' verdicts are in): it stays, and what follows goes under it. */
    let settled = false;
    const erase = (lines = drawn.length) => (lines ? `${CURSOR_UP(lines)}${CLEAR_TO_END}` : '');
    const draw = (whole) => {
        cancelPending?.();
        cancelPending = undefined;
        if (!record.plan)
            return;
        const rows = typeof options.rows === 'function' ? options.rows() : options.rows;
        const items = whole ? (0,checklist/* checklistItems */.V_)(record, redact).flatMap((item) => stepLines(item, record, redact)) : windowLines(record, redact, rows, cursor);
        const lines = [(0,checklist/* oneLogLine */.Hr)(redact(record.plan.name)), ...items, footer(record, redact, options.goalsCheckedBy)];
        const frame = options.fit ? lines.map(options.fit) : lines;
        // A frame taller than the screen (the final one, in full) has lines above its top, where no cursor goes: moved up
        // over all of them, the cursor stopped there and the next frame was written under the lines it could not erase.
        // Its lines that stay the same are kept; what changed under them is redrawn.
        let kept = 0;
        if (rows && drawn.length >= rows)
            while (kept < drawn.length && kept < frame.length && drawn[kept] === frame[kept])
                kept++;
        const up = erase(drawn.length - kept);
        if (up && options.control)
            options.control(up);
        if (kept < frame.length)
            options.write(`${options.control ? '' : up}${frame.slice(kept).join('\n')}\n`);
        else if (up && !options.control)
            options.write(up);
        drawn = frame;
        lastDraw = now();
        full = whole;
    };
    const listener = (event, sent) => {
        record = follow(event, sent);
        if (!record.plan)
            return;
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
        if (wait <= 0)
            draw(false);
        else
            cancelPending ??= schedule(() => draw(false), wait);
    };
    const above = (print) => {
        if (settled || drawn.length === 0)
            return print();
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
        if (options.control)
            options.control(up);
        else
            options.write(up);
        drawn = [];
        print();
        draw(full);
    };
    return Object.assign(listener, { above });
}

;// CONCATENATED MODULE: ./lib/cli/write-above.js
/**
 * Makes every write to `stream`, a terminal the checklist draws on too, go above its live frame
 * (`ConsoleChecklist.above`); returns a function that puts the stream's own `write` back.
 */
function writeAbove(stream, checklist) {
    const own = stream.write;
    const write = own.bind(stream);
    stream.write = ((...args) => {
        let written = true;
        checklist.above(() => (written = write(...args)));
        return written;
    });
    return () => {
        stream.write = own;
    };
}

// EXTERNAL MODULE: ./lib/report/final-report.js + 3 modules
var final_report = __webpack_require__(20864);
// EXTERNAL MODULE: ./lib/goals/goals-verdict.js
var goals_verdict = __webpack_require__(85692);
// EXTERNAL MODULE: ./lib/core/trace-in-use-error.js
var trace_in_use_error = __webpack_require__(65625);
// EXTERNAL MODULE: ./lib/report/trace-writer.js + 1 modules
var trace_writer = __webpack_require__(31713);
;// CONCATENATED MODULE: ./lib/report/open-trace.js


/**
 * The trace writer for `file`, or undefined when the file cannot be created: `warn` gets the
 * `TraceWriteError`'s message (naming the path) and the run goes on without a trace. Throws
 * `TraceInUseError` when another run is writing the file: that run's trace is not to be mixed with this
 * one's, and this run is refused before it starts. Both front ends open their trace here.
 */
function openTrace(file, redact, warn, options = {}) {
    try {
        return (0,trace_writer/* traceWriter */.z)(file, { redact, ...options });
    }
    catch (error) {
        if (error instanceof trace_in_use_error/* TraceInUseError */.y)
            throw error;
        warn(`${error instanceof Error ? error.message : String(error)}; the run goes on without a trace.`);
        return undefined;
    }
}
/** Closes the trace; a line that could not be written is a warning (the run's outcome stands). */
async function closeTrace(trace, warn) {
    try {
        await trace?.close();
        return true;
    }
    catch (error) {
        warn(error instanceof Error ? error.message : String(error));
        return false;
    }
}

// EXTERNAL MODULE: ./lib/report/write-report-file.js
var write_report_file = __webpack_require__(49443);
// EXTERNAL MODULE: ./lib/core/clock.js
var clock = __webpack_require__(91601);
// EXTERNAL MODULE: ./lib/job/run-job.js + 61 modules
var run_job = __webpack_require__(5173);
// EXTERNAL MODULE: ./lib/run/trace-step-weights.js
var trace_step_weights = __webpack_require__(67047);
// EXTERNAL MODULE: ./lib/run/read-resume-trace.js + 2 modules
var read_resume_trace = __webpack_require__(62935);
// EXTERNAL MODULE: ./lib/cli/used-plan-files.js
var used_plan_files = __webpack_require__(41491);
// EXTERNAL MODULE: ./lib/cli/command-line.js
var command_line = __webpack_require__(21722);
// EXTERNAL MODULE: ./lib/cli/parse-cli-args.js + 1 modules
var parse_cli_args = __webpack_require__(24048);
;// CONCATENATED MODULE: ./lib/cli/approve-command-line.js


/**
 * The command that approves the run `args` paused, as a shell reads it: the run's own plan, inputs, mode,
 * model options and output files, resuming its trace. It named the plan, the trace and the hash only: run as
 * printed, a run given `--input` was refused for other inputs, and one given `--agent`, `--replay` or
 * `--model` ran another job than the one asked about (found by an adversarial pass).
 */
function approveCommandLine(args, hash, redact) {
    const line = new command_line/* CommandLine */.w('run', [args.file]);
    for (const [name, value] of Object.entries(args.inputs))
        line.option('--input', `${name}=${value}`);
    for (const name of args.emptyInputs)
        line.option('--input', `${name}=`);
    if (args.agent)
        line.flag('--agent');
    if (args.task !== undefined)
        line.option('--task', args.task);
    if (args.model !== undefined)
        line.option('--model', args.model);
    if (args.modelTimeoutSeconds !== undefined)
        line.option('--model-timeout-seconds', String(args.modelTimeoutSeconds));
    if (args.baseUrl !== parse_cli_args/* DEFAULT_BASE_URL */.Ql)
        line.option('--base-url', args.baseUrl);
    if (args.apiKeyEnv !== parse_cli_args/* DEFAULT_API_KEY_ENV */.Zo)
        line.option('--api-key-env', args.apiKeyEnv);
    if (args.replay !== undefined)
        line.option('--replay', args.replay);
    // Not --record, which would write the approving run's calls over the paused run's recording, nor --weights-from:
    // a resumed run orders its steps by the trace it resumes.
    line.option('--resume', args.trace);
    // Written where this run wrote them: the paused trace is resumed in place, as it is with the default paths.
    if (args.trace !== parse_cli_args/* DEFAULT_TRACE */.YP)
        line.option('--trace', args.trace);
    if (args.summary !== parse_cli_args/* DEFAULT_SUMMARY */.RQ)
        line.option('--summary', args.summary);
    return line.option('--approve', hash).text(redact);
}

// EXTERNAL MODULE: ./lib/cli/check-output-paths.js + 1 modules
var check_output_paths = __webpack_require__(32417);
// EXTERNAL MODULE: ./lib/cli/neutralise-output.js
var neutralise_output = __webpack_require__(47950);
// EXTERNAL MODULE: ./lib/cli/cli-job-settings.js + 3 modules
var cli_job_settings = __webpack_require__(36296);
// EXTERNAL MODULE: ./lib/core/trace-gap.js
var trace_gap = __webpack_require__(82975);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:tty"
var external_node_tty_ = __webpack_require__(7066);
// EXTERNAL MODULE: ./lib/core/own-descriptor.js
var own_descriptor = __webpack_require__(29705);
;// CONCATENATED MODULE: ./lib/cli/run-command.js























async function runCommand(args, signal, deps = {}) {
    const env = process.env;
    const redact = (0,cli_job_settings/* cliRedactor */.Vs)(args, env);
    // Read before the new trace is opened: it may be the same file.
    let stepWeights;
    try {
        stepWeights = args.weightsFrom === undefined ? undefined : await (0,trace_step_weights/* stepWeightsFromTrace */.pg)(args.weightsFrom);
    }
    catch (error) {
        if (!(error instanceof trace_step_weights/* TraceWeightsError */.BR))
            throw error;
        process.stderr.write(`${redact(error.message)}\n`);
        return 1;
    }
    // Read before the new trace is opened: resuming from the default trace path overwrites that file.
    let resume;
    if (args.resume !== undefined) {
        const read = await (0,read_resume_trace/* readResumeTrace */.tR)(args.resume, 'give the --trace file of the run to resume');
        if (!read.ok) {
            process.stderr.write(`plan-runner: cannot resume: ${redact(read.problem)}\n`);
            return 1;
        }
        resume = read.trace;
    }
    const inputs = [['the plan', args.file], ...(await (0,used_plan_files/* usedPlanFiles */.I)(args.file)), ['--replay', args.replay], ['--resume', args.resume, '--trace'], ['--weights-from', args.weightsFrom, '--trace']];
    if (!(0,check_output_paths/* checkOutputPaths */.s)([['--trace', args.trace], ['--summary', args.summary], ['--record', args.record]], inputs))
        return 1;
    const warn = (message) => void process.stderr.write(`warning: ${redact(message)}\n`);
    // Opened at the run's first event: a run the job refuses before it starts (a wrong hash, a changed plan, a mistyped
    // --resume or --input) leaves the trace at the path as it was, which may be the only state an earlier run left to
    // resume (found by a hunt of the README: a mistyped --resume emptied the default trace). Its report does not name it.
    // The same file however it is named (a symlinked folder, a hard link): comparing paths, a refused
    // `--approve` of `alias/trace.jsonl` emptied `.plan-runner/trace.jsonl`, the paused run's only state.
    let opened = false;
    let trace;
    try {
        trace = (deps.openTrace ?? openTrace)(args.trace, redact, (message) => process.stderr.write(`plan-runner: ${redact(message)}\n`), { openOnFirstEvent: true, onOpen: () => void (opened = true) });
    }
    catch (error) {
        // Another run in this folder writes the trace: refused before anything is touched, its report included.
        if (!(error instanceof trace_in_use_error/* TraceInUseError */.y))
            throw error;
        process.stderr.write(`plan-runner: ${redact(error.message)}\n`);
        return 1;
    }
    // An earlier run's summary is not this run's: one ended at once (a third Ctrl-C, a kill) left it beside its own
    // trace, its status and results read as this run's. This run writes its own at its end. Removed once the trace
    // is this run's: a run refused above, as another run writes it, leaves that run's files alone.
    removeEarlierSummary(args.summary);
    // A terminal that moves no cursor (TERM=dumb) showed the live redraw's cursor movements as text, and one inside a
    // GitHub Actions job kept every frame in the job log: each gets a log's lines.
    // So does one where the trace or the recording goes to the terminal itself (`--trace /dev/stdout`): each redraw moved
    // up over their lines as over the frame's, and erased them (found by a review).
    const isTTY = (0,neutralise_output/* watchedTerminal */.vd)(process.stdout, env) && env['TERM'] !== 'dumb' && ![args.trace, args.record].some((file) => file !== undefined && isTerminal(file));
    // What measures a line's width on a terminal is loaded for one only: it starts ICU.
    // Read at each frame, as the height is: the terminal may be resized while the run goes on.
    const fit = isTTY ? (await __webpack_require__.e(/* import() */ 591).then(__webpack_require__.bind(__webpack_require__, 61591))).fitToColumns(() => process.stdout.columns) : undefined;
    const console = consoleChecklist({
        write: (text) => process.stdout.write(text),
        control: (0,neutralise_output/* terminalControl */.I6)(process.stdout),
        isTTY,
        ...(fit && { fit }),
        rows: () => process.stdout.rows,
        redact,
    });
    // What reaches the terminal on standard error while the frame is live (a warning, a second Ctrl-C's line) goes above it.
    const restoreStderr = isTTY && process.stderr.isTTY ? writeAbove(process.stderr, console) : undefined;
    const outcome = await (0,run_job/* runJob */.b)({ ...(await (0,cli_job_settings/* cliJobSettings */.lA)(args, env, redact, args.agent ? 'agent' : 'run')), ...(stepWeights && { stepWeights }), ...(resume && { resume }), ...(args.approve !== undefined && { approve: { hash: args.approve } }) }, {
        listeners: trace ? [trace.listener, console] : [console],
        clock: clock/* systemClock */.ml,
        signal,
        redact,
        onListenerError: (error) => warn(`a report listener failed: ${String(error)}`),
        // Redacted by the job: what `--input NAME=` (given empty) left to the plan's default.
        warn: (message) => void process.stderr.write(`warning: ${message}\n`),
        ...(trace && { recordProblem: () => trace.problem() }),
    });
    restoreStderr?.();
    const closed = (await closeTrace(trace, warn)) && trace !== undefined;
    // Its writer failed (a full disk): the trace ends in a gap line where it can, so no --resume builds on it.
    if (trace && !closed)
        (0,trace_gap/* markTraceGapped */.S)(trace.path, 'the trace writer failed; the events after the failure are missing');
    // This run's own trace: not the file an earlier run left, where this one was refused before its first event.
    const traced = closed && opened;
    if (!opened && closed && outcome.kind === 'rejected' && (0,external_node_fs_.existsSync)(args.trace)) {
        process.stderr.write(`plan-runner: ${redact(args.trace)} is left as it was: this run was refused before it started, and wrote no trace\n`);
    }
    // Not written whole, or not at all (its file could not be opened): the summary says so, the last lines do not name it.
    const report = (0,final_report/* finalReport */.P)(outcome, { planFile: args.file, planPath: args.file, tracePath: args.trace, redact, ...(!closed && { traceLost: true }) });
    const unwritten = await (0,write_report_file/* writeReportFile */.a)(args.summary, redact(report.markdown));
    if (unwritten)
        process.stderr.write(`plan-runner: ${unwritten.message}; choose another path with --summary FILE\n`);
    if (outcome.kind === 'rejected') {
        // Cancelled while the model wrote the plan: nothing was rejected, and the terminal said nothing at all.
        if (outcome.cancelled)
            process.stderr.write(`plan-runner: cancelled while ${outcome.cancelled}; no step ran${unwritten ? '' : ` (report: ${redact(args.summary)})`}\n`);
        for (const error of outcome.errors)
            process.stderr.write(`${(0,plan_error/* redactedPlanError */.wh)(error, redact)}\n`);
        if (outcome.rejectedPlan && !unwritten)
            process.stderr.write(`the rejected plan: ${redact(args.summary)}\n`);
        // `--input` names the plan does not declare, or a required one left out: the command line is wrong, not the plan.
        return outcome.badInputs ? 2 : 1;
    }
    for (const goal of report.goals)
        process.stdout.write(`${(0,goals_table/* goalLogLine */.EY)(goal)}\n`);
    // A report or a trace that could not be written is not named: the last lines are what a reader or a script opens next.
    // The paths as the user gave them, hidden as the plan's path is where a secret is in them (a redaction hunt).
    process.stdout.write(`status: ${report.status}\n${unwritten ? '' : `report: ${redact(args.summary)}\n`}${traced ? `trace: ${redact(args.trace)}\n` : ''}`);
    const asked = report.status === 'awaiting-approval' ? report.record?.approval : undefined;
    if (asked)
        process.stdout.write(`to approve: ${approveCommandLine(args, asked.hash, redact)}\n`);
    // A run that waits for a person has not failed; but with required goals it is a gate, and its goals were not checked.
    const gate = (0,goals_verdict/* planGates */.yz)(outcome.plan);
    if (asked && gate)
        process.stderr.write('plan-runner: the run is paused for approval, so its goals were not checked: exit 1, as a gate whose goals were not checked does not pass\n');
    return (report.status === 'succeeded' || (asked !== undefined && !gate)) && !unwritten && traced ? 0 : 1;
}
/** Removes the regular file at `file` (never a device such as `/dev/stdout`, nor what a link leads to). */
function removeEarlierSummary(file) {
    try {
        if ((0,external_node_fs_.lstatSync)(file, { throwIfNoEntry: false })?.isFile())
            (0,external_node_fs_.unlinkSync)(file);
    }
    catch {
        // Not removable: the write at the run's end says why, if it fails too.
    }
}
/**
 * Whether an output file is a terminal: a descriptor of this process that is one (`/dev/stdout`, `/dev/fd/3 3>/dev/tty`),
 * `/dev/tty` (the controlling terminal, whatever its own device), or the device standard output or error is. Counted by
 * descriptors 1 and 2 alone, `--trace /dev/tty` was still erased by the redraws (found by a review).
 */
function isTerminal(file) {
    const fd = (0,own_descriptor/* ownDescriptor */.Y)(file);
    if (fd !== undefined)
        return (0,external_node_tty_.isatty)(fd);
    if (external_node_path_.resolve(file) === '/dev/tty')
        return true;
    try {
        const device = (0,external_node_fs_.statSync)(file, { throwIfNoEntry: false });
        if (!device?.isCharacterDevice())
            return false;
        return [1, 2].some((std) => (0,external_node_tty_.isatty)(std) && (0,external_node_fs_.fstatSync)(std).rdev === device.rdev);
    }
    catch {
        return false;
    }
}


/***/ })

};
