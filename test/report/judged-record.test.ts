import { expect, it } from 'vitest';
import { newRunRecord } from '../../src/core/run-record.ts';
import { judgedRecord } from '../../src/report/judged-record.ts';

const noRedaction = (text: string): string => text;

// A goal nobody could check was counted in "N required goals not met", which its own row ("could not evaluate") contradicted.
it('says which required goals were judged unmet and which could not be evaluated', () => {
  const goals = [
    { name: 'cites sources', severity: 'required', outcome: 'unmet', evidence: 'no citation' },
    { name: 'tests pass', severity: 'required', outcome: 'error', evidence: 'could not evaluate: the command timed out' },
    { name: 'short', severity: 'warning', outcome: 'unmet', evidence: 'too long' },
    { name: 'judged', severity: 'required', outcome: 'error', evidence: 'could not evaluate: the judge call failed' },
  ] as const;
  expect(judgedRecord(newRunRecord(), 'goals-unmet', goals, noRedaction).reason).toBe(
    '1 required goal not met: cites sources — 2 required goals could not be evaluated: tests pass; judged',
  );
  expect(judgedRecord(newRunRecord(), 'goals-unmet', goals.slice(0, 1), noRedaction).reason).toBe('1 required goal not met: cites sources');
  expect(judgedRecord(newRunRecord(), 'goals-unmet', goals.slice(1, 2), noRedaction).reason).toBe('1 required goal could not be evaluated: tests pass');
});
