import { z } from 'zod';
import { TODO_STATUSES, type TodoItem } from '../../core/todo-item.ts';
import { listNames } from '../../plan/plan-check-context.ts';
import { argumentsProblemText } from '../arguments-problem-text.ts';

/** The longest id an item may have: ids are repeated in the list's messages to the model. */
export const MAX_TODO_ID = 100;

const TodoInput = z.strictObject({
  id: z.union([z.string().max(MAX_TODO_ID), z.int()]).transform(String),
  content: z.string().optional(),
  status: z.enum(TODO_STATUSES),
});

const WriteTodosInput = z.strictObject({
  todos: z.array(TodoInput),
  merge: z.boolean(),
});

/** What one `write_todos` call did: the list after it, the ids it changed or added and the (completed) items a replace left out, or why it was refused. */
export type WriteTodosResult =
  | { readonly ok: true; readonly todos: readonly TodoItem[]; readonly changed: readonly string[]; readonly dropped: readonly TodoItem[] }
  | { readonly ok: false; readonly error: string };

/** The most items a step's list may hold: a plan an agent keeps in mind, and each change writes the whole list to the trace. */
export const MAX_TODO_ITEMS = 100;
/** The most characters an item's content may have: an item is a line of the checklist (which shows 200). */
export const MAX_TODO_CONTENT = 500;

function refuse(error: string): WriteTodosResult {
  return { ok: false, error };
}

function sameItem(a: TodoItem | undefined, b: TodoItem): boolean {
  return a !== undefined && a.content === b.content && a.status === b.status;
}

/**
 * Applies one `write_todos` call to the step's list. `merge: false` replaces the list; `merge: true`
 * updates items by id (content may be left out to keep it) and appends items with new ids. Refused,
 * with a message for the model: malformed arguments, duplicate ids, empty content or more than
 * `MAX_TODO_CONTENT` characters, an unknown id with merge that gives no content, a replace that leaves
 * out an item not completed, a list of more than `MAX_TODO_ITEMS`, and more than one item `in_progress`
 * in the result.
 */
export function applyWriteTodos(current: readonly TodoItem[], args: unknown): WriteTodosResult {
  // A call of ten times the items a list may hold is refused before they are checked: zod gathers every item's
  // problems, and past about 150,000 items (2 MB of arguments) it overflowed the stack, which ended the agent
  // step instead of telling the model (found by an adversarial pass). Fewer are checked as any call is.
  const given = typeof args === 'object' && args !== null ? (args as { todos?: unknown }).todos : undefined;
  if (Array.isArray(given) && given.length > 10 * MAX_TODO_ITEMS) {
    return refuse(`this call gives ${given.length} items; a list holds at most ${MAX_TODO_ITEMS}, each a larger piece of the work`);
  }
  const parsed = WriteTodosInput.safeParse(args, { reportInput: true });
  if (!parsed.success) {
    return refuse(`write_todos takes {"todos": [{"id", "content", "status"}], "merge": true|false}:\n${argumentsProblemText(parsed.error, WriteTodosInput)}`);
  }
  const { todos, merge } = parsed.data;
  const seen = new Set<string>();
  for (const item of todos) {
    if (seen.has(item.id)) return refuse(`id "${item.id}" appears twice in one call; give every item its own id`);
    seen.add(item.id);
  }
  // An item once listed leaves only done: a replace that left out open items emptied the list of them, and
  // all_steps_completed passed on what was left (found by an adversarial pass). Cancelled counts as open there.
  const leftOut = merge ? [] : current.filter((item) => !seen.has(item.id));
  const open = leftOut.filter((item) => item.status !== 'completed');
  if (open.length > 0) {
    return refuse(
      `merge: false leaves out ${listNames(open.map((item) => `"${item.id}" (${item.status})`))}, which ${open.length === 1 ? 'is' : 'are'} not completed; a replace may leave out only completed items. ` +
        `Keep each of them in the list: mark it completed once it is done, or cancelled if it is no longer needed (a cancelled item stays in the list, as not done)`,
    );
  }
  const byId = new Map(current.map((item) => [item.id, item]));
  const next: TodoItem[] = merge ? [...current] : [];
  // Where each id sits in `next`: looking it up by a search per item took the square of the list's length.
  const position = new Map(next.map((item, index) => [item.id, index]));
  for (const item of todos) {
    const known = merge ? byId.get(item.id) : undefined;
    const content = (item.content ?? known?.content ?? '').trim();
    if (content === '') {
      return refuse(
        merge && !known
          ? `id "${item.id}" is not in the list (ids: ${listNames(current.map((todo) => `"${todo.id}"`))}); to add an item give its content, to update one use its id`
          : `item "${item.id}" has empty content; say what the item is`,
      );
    }
    if (content.length > MAX_TODO_CONTENT) return refuse(`item "${item.id}" has ${content.length} characters; keep each item to one line of at most ${MAX_TODO_CONTENT}`);
    const written: TodoItem = { id: item.id, content, status: item.status };
    const at = position.get(item.id);
    if (at !== undefined) next[at] = written;
    else {
      position.set(item.id, next.length);
      next.push(written);
    }
  }
  if (next.length > MAX_TODO_ITEMS) return refuse(`the list would have ${next.length} items; keep it to at most ${MAX_TODO_ITEMS}, each a larger piece of the work`);
  const working = next.filter((item) => item.status === 'in_progress');
  if (working.length > 1) {
    return refuse(`only one item may be in_progress at a time, but ${working.map((item) => `"${item.id}"`).join(' and ')} would be; finish or pause one first`);
  }
  const changed = next.filter((item) => !sameItem(byId.get(item.id), item)).map((item) => item.id);
  return { ok: true, todos: next, changed, dropped: leftOut };
}
