import { describe, expect, it } from 'vitest';
import { LinearRegex, MAX_REGEX_WORK } from '../../src/core/linear-regex.ts';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { MAX_GOALS_REGEX_WORK } from '../../src/goals/goal-regex-work.ts';
import { NO_DEPS, finishedRun, goal } from './goal-fixtures.ts';

// Found by an adversarial pass: each goal's pattern was held to MAX_REGEX_WORK, but an evaluation checks its goals
// one after another on the event loop, where no timeout or cancel can stop them: ten `matches: '\pL{1000}\pN'`
// goals on a result of 90,000 letters held it 33 s, and a plan may declare thousands of goals.
describe('the patterns of one evaluation’s goals', () => {
  // About 1,000 steps: on 90,000 letters, 90 million of the 100 million one call may take. re2js refuses this text
  // at once (it holds no `!`), so the test counts the work the bound allows, not the time it took.
  const PATTERN = String.raw`\pL{1000}!`;
  const RESULT = 'a'.repeat(90_000);
  const perCall = LinearRegex.compile(PATTERN).size * RESULT.length;

  it('share one bound: the goals past it are not evaluable and say why, whatever their kind', async () => {
    expect(perCall).toBeLessThanOrEqual(MAX_REGEX_WORK);
    const kinds = [{ matches: PATTERN }, { every_sentence_matches: PATTERN }, { of: 'list', json_schema: { type: 'array', items: { pattern: PATTERN } } }];
    const goals = Array.from({ length: 12 }, (_, index) => goal({ name: `g${index}`, ...kinds[index % kinds.length] }));
    const results = await evaluateGoals(goals, finishedRun(RESULT, { list: { state: 'completed', result: [RESULT] } }), NO_DEPS);
    const checked = results.filter((result) => result.outcome !== 'error');
    expect(checked).toHaveLength(Math.floor(MAX_GOALS_REGEX_WORK / perCall));
    expect(checked.length * perCall).toBeLessThanOrEqual(MAX_GOALS_REGEX_WORK);
    const refused = results.filter((result) => result.outcome === 'error');
    expect(refused).toHaveLength(goals.length - checked.length);
    for (const result of refused) {
      expect(result.evidence).toMatch(/^could not evaluate: the goals' patterns together would take more than the 400,000,000 steps all of a run's goals may take on the event loop/);
      expect(result.evidence).toContain('check this result with fewer pattern goals, or have the step return less');
    }
  });

  it('is one per evaluation: the next run’s goals have all of it again', async () => {
    const goals = [goal({ name: 'a', matches: PATTERN })];
    for (let run = 0; run < 6; run++) expect(await evaluateGoals(goals, finishedRun(RESULT), NO_DEPS)).toMatchObject([{ outcome: 'unmet' }]);
  });
});
