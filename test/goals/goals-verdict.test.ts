import { describe, expect, it } from 'vitest';
import { finalStatus } from '../../src/goals/final-status.ts';
import type { GoalResult } from '../../src/goals/goal-result.ts';
import { goalsVerdict } from '../../src/goals/goals-verdict.ts';

const met: GoalResult = { name: 'cites sources', severity: 'required', outcome: 'met', evidence: 'all 2 sentences match' };
const unmet: GoalResult = { name: 'mentions the tram', severity: 'required', outcome: 'unmet', evidence: 'no match for /tram/i' };
const notEvaluated: GoalResult = { name: 'tests pass', severity: 'required', outcome: 'error', evidence: 'could not evaluate: timed out' };
const longWarning: GoalResult = { name: 'short', severity: 'warning', outcome: 'unmet', evidence: '412 words (at most 300 allowed)' };
const judgeWarning: GoalResult = { name: 'tone', severity: 'warning', outcome: 'error', evidence: 'could not evaluate: judge failed' };

describe('goalsVerdict', () => {
  it('is met when every required goal is met, whatever the warnings say', () => {
    expect(goalsVerdict([met, longWarning, judgeWarning])).toEqual({ goalsMet: true, unmetRequired: [], warnings: [longWarning, judgeWarning] });
  });

  it('counts a required goal that could not be evaluated as not met', () => {
    expect(goalsVerdict([met, notEvaluated])).toEqual({ goalsMet: false, unmetRequired: [notEvaluated], warnings: [] });
  });

  it('lists the unmet required goals in order', () => {
    expect(goalsVerdict([unmet, met, notEvaluated]).unmetRequired).toEqual([unmet, notEvaluated]);
  });
});

describe('finalStatus', () => {
  it('turns a succeeded run with an unmet required goal into goals-unmet', () => {
    expect(finalStatus('succeeded', [met, unmet])).toBe('goals-unmet');
    expect(finalStatus('succeeded', [notEvaluated])).toBe('goals-unmet');
  });

  it('keeps a succeeded run succeeded when only warnings are unmet', () => {
    expect(finalStatus('succeeded', [met, longWarning, judgeWarning])).toBe('succeeded');
  });

  it('never turns a run that could not finish into goals-unmet', () => {
    for (const status of ['failed', 'escalated', 'cancelled'] as const) expect(finalStatus(status, [unmet, notEvaluated])).toBe(status);
  });

  it('makes a run cancelled while its goals were checked cancelled, whatever the goals say', () => {
    expect(finalStatus('succeeded', [met, notEvaluated], true)).toBe('cancelled');
    expect(finalStatus('failed', [met], true)).toBe('failed');
  });
});
