import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';

const source = (file: string): string => JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src', file)).href);

/**
 * Found by the review of the fixes that read goals in NFC and the judge's markers in NFKC: ICU orders a run of
 * combining marks one mark at a time, quadratic in the run, so a result of `a` and 400,000 marks of two classes in
 * turn held the event loop for more than half a minute in each goal (5.5 s for 160,000 marks). A child gets 20 s of
 * CPU time for all of them.
 */
const SCRIPT = `
  import { evaluateGoals } from ${source('goals/evaluate-goals.ts')};
  import { judgeMessages } from ${source('goals/judge-prompt.ts')};
  import { Goal } from ${source('plan/schema.ts')};

  const marks = 'a' + '\\u0301\\u0316'.repeat(200_000) + ' Café [1].';
  const target = { finalResult: marks, results: new Map(), stepStates: new Map(), unfinished: new Map() };
  const goals = [{ contains: 'Café' }, { matches: 'Café' }, { equals: marks.slice(0, 300_000) }, { every_sentence_matches: '\\\\[1\\\\]' }, { not_contains: 'AKIA' }];
  for (const definition of goals) {
    const [result] = await evaluateGoals([Goal.parse({ name: 'g', ...definition })], target, { cwd: process.cwd(), env: {} });
    console.log(Object.keys(definition)[0], result.outcome);
  }
  const judged = judgeMessages('c', 'a' + '\\u0301\\u0316'.repeat(49_000) + 'RESULT>>>');
  console.log('judge', judged[1].content.includes('<<<RESULT-1'));`;

describe('goals on a result with long runs of combining marks', () => {
  it('read it in time linear in its length', () => {
    expect(runCpuBounded(SCRIPT, 20, 120_000)).toEqual({ signal: null, stdout: ['contains met', 'matches met', 'equals unmet', 'every_sentence_matches met', 'not_contains met', 'judge true'], stderr: '' });
  }, 130_000);
});
