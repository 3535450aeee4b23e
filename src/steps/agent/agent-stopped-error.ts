import type { TodoItem } from '../../core/todo-item.ts';
import { StepError } from '../../core/step-error.ts';
import { cutText } from '../../core/cut-text.ts';

/** Open items the error names, each cut to OPEN_ITEM_CHARS; the trace and the checklist have them all. */
const NAMED_OPEN_ITEMS = 3;
const OPEN_ITEM_CHARS = 60;

function todoTally(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'it wrote no TODO list';
  const done = todos.filter((todo) => todo.status === 'completed').length;
  const open = todos.filter((todo) => todo.status === 'pending' || todo.status === 'in_progress');
  const named = open.slice(0, NAMED_OPEN_ITEMS).map((todo) => `"${cutText(todo.content, OPEN_ITEM_CHARS)}"`);
  const more = open.length > NAMED_OPEN_ITEMS ? `, and ${open.length - NAMED_OPEN_ITEMS} more` : '';
  return `its TODO list: ${done}/${todos.length} completed${open.length > 0 ? `; open: ${named.join(', ')}${more}` : ''}`;
}

function quoted(text: string | undefined): string {
  if (text === undefined || text.trim() === '') return 'it wrote no message';
  const line = text.trim().replace(/\s+/g, ' ');
  return `its last message: "${cutText(line, 300)}"`;
}

/**
 * An agent step used all its turns (`max_turns`) without a final answer. It carries the TODO list
 * and the last message, so the summary shows how far the agent got; the step fails.
 */
export class AgentStoppedError extends StepError {
  readonly stepKey: string;
  readonly maxTurns: number;
  readonly todos: readonly TodoItem[];
  readonly lastMessage?: string;

  constructor(options: { stepKey: string; maxTurns: number; todos: readonly TodoItem[]; lastMessage?: string }) {
    const { stepKey, maxTurns, todos, lastMessage } = options;
    // What to do before what it got to: a summary shows 500 characters of a step's error, and every open item named
    // whole pushed the advice past them (found by an adversarial pass).
    super(
      `Step ${stepKey} (agent) stopped: it used all ${maxTurns} turns (max_turns: ${maxTurns}) without a final answer. ` +
        `Raise max_turns or narrow the task. Where it got to: ${todoTally(todos)}; ${quoted(lastMessage)}.`,
      { transient: false },
    );
    this.stepKey = stepKey;
    this.maxTurns = maxTurns;
    this.todos = [...todos];
    if (lastMessage !== undefined) this.lastMessage = lastMessage;
  }
}
