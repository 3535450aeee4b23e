import type { RunEvent, RunListener } from '../core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../core/run-record.ts';
import { checklistHeader, checklistItems, type ChecklistItem } from './checklist.ts';
import { formatDuration } from './format-duration.ts';
import type { Redactor } from '../core/redact.ts';
import { changedTodoEntries, todoEntries, type TodoEntry } from './todo-entries.ts';

export interface ConsoleChecklistOptions {
  /** Where the text goes, e.g. `(text) => process.stdout.write(text)`. */
  readonly write: (text: string) => void;
  /** On a terminal the checklist is redrawn in place; elsewhere (CI logs) one line per change. */
  readonly isTTY: boolean;
  /** The terminal's width: lines are cut to it so redrawing moves the cursor by the right amount. */
  readonly columns?: number;
  readonly redact?: Redactor;
}

const CURSOR_UP = (lines: number): string => `\x1b[${lines}A`;
const CLEAR_TO_END = '\r\x1b[0J';

function itemLine(item: ChecklistItem): string {
  return `${item.icon} ${item.key}. ${item.title}${item.status}`;
}

function todoLine(entry: TodoEntry): string {
  return `   ${entry.icon} ${entry.content}`;
}

/** A step's line and, under it, its TODO list when it is an agent that wrote one. */
function stepLines(item: ChecklistItem, record: RunRecord, redact: Redactor): string[] {
  return [itemLine(item), ...todoEntries(record.steps.get(item.key), redact).map(todoLine)];
}

function footer(record: RunRecord, redact: Redactor): string {
  const progress = checklistHeader(record);
  if (!record.status) return progress;
  const took = record.durationMs === undefined ? '' : ` in ${formatDuration(record.durationMs)}`;
  const reason = record.reason ? ` (${redact(record.reason)})` : '';
  return `Run ${record.status}${took}${reason} — ${progress}`;
}

function cut(line: string, columns: number | undefined): string {
  if (!columns) return line;
  // Emoji icons take two columns; leave room so a full line never wraps.
  const chars = [...line];
  return chars.length > columns - 2 ? `${chars.slice(0, Math.max(1, columns - 3)).join('')}…` : line;
}

/** The lines a non-terminal log gets for one event. */
function changeLines(event: RunEvent, record: RunRecord, items: ChecklistItem[], redact: Redactor): string[] {
  switch (event.type) {
    case 'plan_created':
      return [redact(record.plan?.name ?? 'Plan'), ...items.map(itemLine)];
    case 'plan_revised':
      return [`Plan revised (revision ${event.plan.revision}): ${redact(event.reason)}`, ...items.map(itemLine)];
    case 'run_finished':
      return [footer(record, redact)];
    // A log cannot redraw: the list is printed once, then only the items a later call changed.
    case 'todos_created':
      return [`${event.stepKey}. TODO list:`, ...todoEntries(record.steps.get(event.stepKey), redact).map(todoLine)];
    case 'todos_updated':
      return changedTodoEntries(record.steps.get(event.stepKey), event.changed, redact).map((entry) => `${event.stepKey}. ${todoLine(entry).trimStart()}`);
    case 'agent_turn':
    case 'agent_tool_called':
      return [];
    default: {
      const item = items.find((candidate) => candidate.key === event.stepKey);
      return item ? [itemLine(item)] : [];
    }
  }
}

/**
 * A listener that draws the run as a checklist (⬜ ⏳ ✅ ❌ ⏭️), an agent step's TODO list nested
 * under it. On a terminal the whole list is redrawn in place after each event; in a log, each
 * change is one line, then a final summary line.
 */
export function consoleChecklist(options: ConsoleChecklistOptions): RunListener {
  const redact = options.redact ?? ((text: string) => text);
  const record = newRunRecord();
  let drawnLines = 0;

  return (event) => {
    applyEvent(record, event);
    const items = checklistItems(record, redact);
    if (!options.isTTY) {
      const lines = changeLines(event, record, items, redact);
      if (lines.length) options.write(`${lines.join('\n')}\n`);
      return;
    }
    if (!record.plan) return;
    const frame = [redact(record.plan.name), ...items.flatMap((item) => stepLines(item, record, redact)), footer(record, redact)].map((line) =>
      cut(line, options.columns),
    );
    const erase = drawnLines ? `${CURSOR_UP(drawnLines)}${CLEAR_TO_END}` : '';
    options.write(`${erase}${frame.join('\n')}\n`);
    drawnLines = frame.length;
  };
}
