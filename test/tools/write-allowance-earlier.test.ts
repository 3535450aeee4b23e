// A resumed run counts the writes of the run it resumes against `github.writes`: its refusal said "1 was already
// written" where the run refused had written none, and named no other run, so a user looked in the wrong log for it
// (found by an adversarial pass).
import { expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { WriteAllowance } from '../../src/tools/github/write-allowance.ts';

it('a resumed run’s refusal over a cap says the writes were the earlier run’s', () => {
  const allowance = new WriteAllowance(createRedactor(), { max_comments: 1 }, undefined, [], [{ tool: 'add_comment', key: 'k1' }]);
  expect(() => allowance.take('comment', 'add_comment', 'k2')).toThrow('the plan allows at most 1 comment per run, and 1 was already written, by the run this one resumes (a resumed run counts its writes)');
});

it('a refusal counting both runs’ writes says how many each wrote', () => {
  const allowance = new WriteAllowance(createRedactor(), { max_issues: 2 }, undefined, [], [{ tool: 'create_issue', key: 'k1' }]);
  allowance.take('issue', 'create_issue', 'k2');
  expect(() => allowance.take('issue', 'create_issue', 'k3')).toThrow('the plan allows at most 2 issues per run, and 2 were already written, 1 of them by the run this one resumes (a resumed run counts its writes)');
});

it('a run that resumes nothing is refused in the words it always was', () => {
  const allowance = new WriteAllowance(createRedactor(), { max_comments: 1 });
  allowance.take('comment', 'add_comment', 'k1');
  expect(() => allowance.take('comment', 'add_comment', 'k2')).toThrow(/and 1 was already written\. Change/);
});

it('an earlier write made again by this run, then refused by GitHub, is no longer the earlier run’s', () => {
  const allowance = new WriteAllowance(createRedactor(), { max_comments: 2 }, undefined, [], [{ tool: 'add_comment', key: 'k1' }]);
  allowance.take('comment', 'add_comment', 'k1');
  allowance.giveBack('comment', 'k1');
  allowance.take('comment', 'add_comment', 'k2');
  allowance.take('comment', 'add_comment', 'k3');
  expect(() => allowance.take('comment', 'add_comment', 'k4')).toThrow(/and 2 were already written\. Change/);
});
