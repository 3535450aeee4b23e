import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../src/core/run-record.ts';
import { STOPPED_TODO_ICON, todoEntries, todoTally } from '../../src/report/todo-entries.ts';

const todos = [
  { id: '1', content: 'Read the diff', status: 'completed' },
  { id: '2', content: 'Wait a while', status: 'in_progress' },
  { id: '3', content: 'Write the review', status: 'pending' },
] as const;

const step = (state: StepRecord['state']) => ({ state, todos }) as unknown as StepRecord;

// A cancelled (or failed, or stopped) agent step still showed its in-progress item as ⏳.
describe('todoEntries', () => {
  it('shows an item left in progress as stopped once its step has ended', () => {
    for (const state of ['failed', 'completed', 'skipped'] as const) {
      expect(todoEntries(step(state)).map((entry) => entry.icon), state).toEqual(['✅', STOPPED_TODO_ICON, '⬜']);
    }
  });

  it('shows it in progress while the step runs', () => {
    expect(todoEntries(step('in_progress')).map((entry) => entry.icon)).toEqual(['✅', '⏳', '⬜']);
  });

  // A model's TODO text reached a terminal with its control characters: an ESC moved the cursor (found by a review).
  it('shows a control character in an item instead of writing it', () => {
    const entries = todoEntries({ state: 'in_progress', todos: [{ id: '1', content: 'fix\u001b[2Aup\r\nnow', status: 'pending' }] } as unknown as StepRecord);
    expect(entries[0]!.content).toBe('fix\u241b[2Aup now');
  });
});

// Found by an adversarial pass: the summary's header left a cancelled item out of both numbers ("todos 2/2 done")
// beside an all_steps_completed goal that failed on that very item, and the step's error ("2/3 completed").
describe('todoTally', () => {
  it('counts a cancelled item as not done, and says how many were cancelled', () => {
    const list = (...statuses: string[]) => ({ state: 'completed', todos: statuses.map((status, index) => ({ id: String(index), content: 'x', status })) }) as unknown as StepRecord;
    expect(todoTally(list('completed', 'completed', 'cancelled'))).toBe('2/3 done, 1 cancelled');
    expect(todoTally(list('completed', 'pending'))).toBe('1/2 done');
    expect(todoTally(list())).toBeUndefined();
  });
});
