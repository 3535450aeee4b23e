import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../src/core/todo-item.ts';
import { applyWriteTodos, MAX_TODO_CONTENT, MAX_TODO_ITEMS } from '../../src/steps/agent/apply-write-todos.ts';
import { WRITE_TODOS_DEFINITION } from '../../src/steps/agent/write-todos-definition.ts';

const items = (count: number, status = 'pending') => Array.from({ length: count }, (_, i) => ({ id: `t${i}`, content: `Item ${i}`, status }));

describe('applyWriteTodos limits', () => {
  it(`takes a list of ${MAX_TODO_ITEMS} items and refuses one more, by replace or by merge`, () => {
    const full = applyWriteTodos([], { merge: false, todos: items(MAX_TODO_ITEMS) });
    expect(full).toMatchObject({ ok: true });
    const list = (full as { todos: readonly TodoItem[] }).todos;
    expect(applyWriteTodos([], { merge: false, todos: items(MAX_TODO_ITEMS + 1) })).toEqual({ ok: false, error: `the list would have ${MAX_TODO_ITEMS + 1} items; keep it to at most ${MAX_TODO_ITEMS}, each a larger piece of the work` });
    expect(applyWriteTodos(list, { merge: true, todos: [{ id: 'new', content: 'One more', status: 'pending' }] })).toMatchObject({ ok: false, error: expect.stringContaining(`would have ${MAX_TODO_ITEMS + 1} items`) });
  });

  it('refuses a call of 300,000 malformed items in words, before zod gathers their problems (it overflowed the stack)', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => ({ id: i }));
    for (const merge of [true, false]) expect(applyWriteTodos([], { merge, todos: many })).toEqual({ ok: false, error: `this call gives 300000 items; a list holds at most ${MAX_TODO_ITEMS}, each a larger piece of the work` });
    // Up to ten times a list, a call is checked as any is: 101 items with one id are refused for the id.
    expect(applyWriteTodos([], { merge: false, todos: Array.from({ length: 101 }, () => ({ id: 'a', content: 'A', status: 'pending' })) })).toEqual({ ok: false, error: 'id "a" appears twice in one call; give every item its own id' });
  });

  it('updates every item of a full list by id, in place, in one call', () => {
    const list = (applyWriteTodos([], { merge: false, todos: items(MAX_TODO_ITEMS) }) as { todos: readonly TodoItem[] }).todos;
    const done = applyWriteTodos(list, { merge: true, todos: items(MAX_TODO_ITEMS, 'completed').reverse().map(({ id, status }) => ({ id, status })) });
    expect(done).toMatchObject({ ok: true, changed: expect.any(Array) });
    const after = done as { todos: readonly TodoItem[]; changed: readonly string[] };
    expect(after.todos.map((todo) => [todo.id, todo.content, todo.status])).toEqual(list.map((todo) => [todo.id, todo.content, 'completed']));
    expect(after.changed).toHaveLength(MAX_TODO_ITEMS);
  });

  it('refuses content longer than one line allows, and an id longer than 100 characters', () => {
    expect(applyWriteTodos([], { merge: false, todos: [{ id: '1', content: 'x'.repeat(MAX_TODO_CONTENT + 1), status: 'pending' }] })).toEqual({ ok: false, error: `item "1" has ${MAX_TODO_CONTENT + 1} characters; keep each item to one line of at most ${MAX_TODO_CONTENT}` });
    expect(applyWriteTodos([], { merge: false, todos: [{ id: 'i'.repeat(101), content: 'Item', status: 'pending' }] })).toMatchObject({ ok: false, error: expect.stringMatching(/^write_todos takes .*100/s) });
  });

  it('names at most 20 of the list’s ids when an unknown id is updated', () => {
    const list = (applyWriteTodos([], { merge: false, todos: items(50) }) as { todos: readonly TodoItem[] }).todos;
    const refused = applyWriteTodos(list, { merge: true, todos: [{ id: 'nope', status: 'completed' }] });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining('"t18", "t19" … and 30 more); to add an item give its content') });
  });
});

describe('applyWriteTodos replacing a list', () => {
  const listed: TodoItem[] = [
    { id: '1', content: 'Fetch', status: 'completed' },
    { id: '2', content: 'Compare', status: 'in_progress' },
    { id: '3', content: 'Report', status: 'pending' },
    { id: '4', content: 'Tweet', status: 'cancelled' },
  ];

  // A replace that left out the open items emptied the list of them, and all_steps_completed then passed on the
  // items that were left: the gate opened on work the agent had listed and never did.
  it('refuses a replace that leaves out items not completed, naming them, and keeps the list', () => {
    const refused = applyWriteTodos(listed, { merge: false, todos: [{ id: 'x', content: 'Start over', status: 'completed' }] });
    expect(refused).toEqual({
      ok: false,
      error:
        'merge: false leaves out "2" (in_progress), "3" (pending), "4" (cancelled), which are not completed; a replace may leave out only completed items. ' +
        'Keep each of them in the list: mark it completed once it is done, or cancelled if it is no longer needed (a cancelled item stays in the list, as not done)',
    });
  });

  // The model was offered "merge: false replaces the whole list" and then refused for doing just that, a turn lost each time.
  it('tells the model, where it offers write_todos, that a replace may leave out only completed items', () => {
    const { description, parameters } = WRITE_TODOS_DEFINITION.function;
    expect(description).toContain('merge: false replaces the whole list, and may leave out only completed items');
    expect((parameters as { properties: { merge: { description: string } } }).properties.merge.description).toContain('may leave out only completed items');
  });

  it('applies a replace that leaves out only completed items, and says which it left out', () => {
    const applied = applyWriteTodos(listed, {
      merge: false,
      todos: [
        { id: '3', content: 'Report', status: 'in_progress' },
        { id: '2', content: 'Compare', status: 'completed' },
        { id: '4', content: 'Tweet', status: 'cancelled' },
      ],
    });
    expect(applied).toEqual({
      ok: true,
      todos: [
        { id: '3', content: 'Report', status: 'in_progress' },
        { id: '2', content: 'Compare', status: 'completed' },
        { id: '4', content: 'Tweet', status: 'cancelled' },
      ],
      changed: ['3', '2'],
      dropped: [{ id: '1', content: 'Fetch', status: 'completed' }],
    });
    expect(applyWriteTodos(listed, { merge: true, todos: [{ id: '3', status: 'in_progress' }, { id: '2', status: 'completed' }] })).toMatchObject({ ok: true, dropped: [] });
  });
});
