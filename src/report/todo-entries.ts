import { cutText } from './cut-text.ts';
import type { TodoItem, TodoStatus } from '../core/todo-item.ts';
import type { StepRecord } from '../core/run-record.ts';
import { oneLogLine } from './checklist.ts';

/** The icon of each TODO status, beside the step icons (⬜ ⏳ ✅) every view already uses. */
export const TODO_ICONS: Readonly<Record<TodoStatus, string>> = {
  pending: '⬜',
  in_progress: '⏳',
  completed: '✅',
  cancelled: '🚫',
};

/** One line of an agent step's nested TODO list, redacted but not escaped. */
export interface TodoEntry {
  readonly id: string;
  readonly status: TodoStatus;
  readonly icon: string;
  readonly content: string;
}

const MAX_CONTENT = 200;

/** An item the agent left in progress when its step ended (failed, cancelled, stopped at a limit): no longer being worked on. */
export const STOPPED_TODO_ICON = '⏹️';

function entryOf(todo: TodoItem, redact: (text: string) => string, stepEnded: boolean): TodoEntry {
  // A model's words, drawn on a terminal too: one line, control characters shown (an ESC would move the cursor).
  const text = oneLogLine(redact(todo.content));
  const icon = stepEnded && todo.status === 'in_progress' ? STOPPED_TODO_ICON : TODO_ICONS[todo.status];
  return { id: todo.id, status: todo.status, icon, content: cutText(text, MAX_CONTENT) };
}

/**
 * The nested TODO list of one step (empty for steps that wrote none), in the agent's order. Once the
 * step has ended, an item still in progress shows as stopped: ⏳ would say work goes on.
 */
export function todoEntries(step: Pick<StepRecord, 'state' | 'todos'> | undefined, redact: (text: string) => string = (text) => text): TodoEntry[] {
  const ended = step !== undefined && step.state !== 'in_progress' && step.state !== 'pending' && step.state !== 'waiting';
  return (step?.todos ?? []).map((todo) => entryOf(todo, redact, ended));
}

/** The entries a `todos_updated` changed, for logs that print only what changed. */
export function changedTodoEntries(step: Pick<StepRecord, 'state' | 'todos'> | undefined, changed: readonly string[], redact: (text: string) => string = (text) => text): TodoEntry[] {
  const ids = new Set(changed);
  return todoEntries(step, redact).filter((entry) => ids.has(entry.id));
}

/** `2/3 done` (`, 1 cancelled` when any was): every item counts, a cancelled one as not done; undefined for a step without a list. */
export function todoTally(step: StepRecord | undefined): string | undefined {
  if (!step?.todos?.length) return undefined;
  // A cancelled item is not done, as `all_steps_completed` and the step's error count it: left out of both numbers,
  // "2/2 done" read as finished beside a goal that failed on that step (found by an adversarial pass).
  const done = step.todos.filter((todo) => todo.status === 'completed').length;
  const cancelled = step.todos.filter((todo) => todo.status === 'cancelled').length;
  return `${done}/${step.todos.length} done${cancelled > 0 ? `, ${cancelled} cancelled` : ''}`;
}
