import { describe, expect, it } from 'vitest';
import { goalListItem, renderGoalsTable } from '../../src/report/goals-table.ts';

const asIs = (text: string) => text;

// Found by a new-user walkthrough: `| ❔ | tests pass | required | could not evaluate | could not evaluate: … |`.
describe('a goal that could not be evaluated', () => {
  const goal = { name: 'tests pass', severity: 'required' as const, outcome: 'error' as const, evidence: 'could not evaluate: could not start npmx (ENOENT)' };

  it('says so once in the table, beside its outcome', () => {
    expect(renderGoalsTable([goal], asIs)).toContain('| ❔ | tests pass | required | could not evaluate | could not start npmx (ENOENT) |');
  });

  it('says so once in a used plan\'s goal list', () => {
    expect(goalListItem(goal, asIs)).toBe('- ❔ tests pass (required, could not evaluate): could not start npmx (ENOENT)');
  });
});
