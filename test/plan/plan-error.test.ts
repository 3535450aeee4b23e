import { describe, expect, it } from 'vitest';
import { formatPath } from '../../src/core/format-path.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';

describe('formatPlanError', () => {
  it('prints compiler style: file:line:col: message (at path)', () => {
    expect(formatPlanError({ file: 'plan.yml', line: 3, column: 7, path: 'workflow_sequence[2].tool', message: 'unknown tool `x`' })).toBe(
      'plan.yml:3:7: unknown tool `x` (at workflow_sequence[2].tool)',
    );
  });

  // A message quotes what a plan, a model or a server gave: printed on a terminal, an ESC retitled the
  // window and cleared the screen.
  // And a line after a line break read as a line of the CLI’s own (found by an adversarial pass): it is under a rule.
  it('shows control characters as symbols, and the lines after a line break under a rule', () => {
    const message = 'tool names use ASCII letters; got `x\u001b]0;PWNED\u0007\u001b[2Jy`, and \rover\v\f\r\nnext line\nok b.yml: 1 step';
    expect(formatPlanError({ file: 'plan.yml', path: 'steps[0].tool', message })).toBe(
      'plan.yml: tool names use ASCII letters; got `x\u241b]0;PWNED\u2407\u241b[2Jy`, and \u240dover\u240b\u240c\n│ next line\n│ ok b.yml: 1 step (at steps[0].tool)',
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
