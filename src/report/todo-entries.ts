import type { TodoItem, TodoStatus } from '../core/todo-item.ts';
import type { StepRecord } from '../core/run-record.ts';

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

function entryOf(todo: TodoItem, redact: (text: string) => string): TodoEntry {
  const text = redact(todo.content).replace(/\s+/g, ' ').trim();
  return { id: todo.id, status: todo.status, icon: TODO_ICONS[todo.status], content: text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text };
}

/** The nested TODO list of one step (empty for steps that wrote none), in the agent's order. */
export function todoEntries(step: StepRecord | undefined, redact: (text: string) => string = (text) => text): TodoEntry[] {
  return (step?.todos ?? []).map((todo) => entryOf(todo, redact));
}

/** The entries a `todos_updated` changed, for logs that print only what changed. */
export function changedTodoEntries(step: StepRecord | undefined, changed: readonly string[], redact: (text: string) => string = (text) => text): TodoEntry[] {
  const ids = new Set(changed);
  return todoEntries(step, redact).filter((entry) => ids.has(entry.id));
}

/** `2/3 done` over the items not cancelled; undefined for a step without a list. */
export function todoTally(step: StepRecord | undefined): string | undefined {
  if (!step?.todos?.length) return undefined;
  const todos = step.todos.filter((todo) => todo.status !== 'cancelled');
  return `${todos.filter((todo) => todo.status === 'completed').length}/${todos.length} done`;
}
