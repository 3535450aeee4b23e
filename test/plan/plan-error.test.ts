import { describe, expect, it } from 'vitest';
import { formatPath } from '../../src/plan/format-path.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';

describe('formatPlanError', () => {
  it('prints compiler style: file:line:col: message (at path)', () => {
    expect(formatPlanError({ file: 'plan.yml', line: 3, column: 7, path: 'workflow_sequence[2].tool', message: 'unknown tool `x`' })).toBe(
      'plan.yml:3:7: unknown tool `x` (at workflow_sequence[2].tool)',
    );
  });

  it('leaves out what it does not know', () => {
    expect(formatPlanError({ path: 'goals[0]', message: 'm' })).toBe('m (at goals[0])');
    expect(formatPlanError({ file: 'plan.yml', path: '', message: 'm' })).toBe('plan.yml: m');
  });
});

describe('formatPath', () => {
  it('writes keys with dots, indexes in brackets and odd keys quoted', () => {
    expect(formatPath(['workflow_sequence', 2, 'args', 'a b', 'x-y'])).toBe('workflow_sequence[2].args["a b"].x-y');
  });
});
