import { describe, expect, it } from 'vitest';
import { LinearRegex, MAX_REGEX_WORK } from '../../src/core/linear-regex.ts';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { checkJsonSchema, evaluationBound } from '../../src/goals/json-schema-validator.ts';
import { GoalWork, MAX_GOALS_REGEX_WORK, MAX_GOALS_SCHEMA_EVALUATIONS, MAX_SCHEMA_EVALUATIONS } from '../../src/goals/goal-work.ts';
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

// Found by an adversarial pass: each json_schema goal was held to its own bound of subschema evaluations (1 to 4 million),
// but a plan may declare a hundred such goals on one result, checked one after another on the event loop: eight copies of
// a recursive anyOf on a result 22 deep took 1.3 s, and a hundred about a minute, where no timeout or cancel could stop them.
describe('the subschema evaluations of one evaluation’s json_schema goals', () => {
  // Each item passes sixteen subschemas that only check its type: cheap evaluations, so the test counts many of them.
  const SCHEMA = { type: 'array', items: { allOf: Array.from({ length: 15 }, () => ({ type: 'string' })) } };
  const RESULT = Array.from({ length: 62_500 }, () => 'a');

  /** The fewest evaluations one check of `schema` on `value` needs. */
  function evaluationsOfOneCheck(schema: object = SCHEMA, value: unknown = RESULT): number {
    let [low, high] = [0, MAX_SCHEMA_EVALUATIONS];
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (checkJsonSchema(schema, value, { maxEvaluations: middle }).ok) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  it('are charged what each check evaluated, not its bound', () => {
    const work = new GoalWork();
    const schema = { type: 'array', items: { type: 'string' } };
    const needed = evaluationsOfOneCheck(schema, ['a', 'b', 'c']);
    expect(needed).toBeGreaterThan(3);
    expect(checkJsonSchema(schema, ['a', 'b', 'c'], { work })).toMatchObject({ ok: true, valid: true });
    expect(work.evaluationsLeft).toBe(MAX_GOALS_SCHEMA_EVALUATIONS - needed);
  });

  it('share one bound: the goals past it are not evaluable and say what to change', async () => {
    const perCheck = evaluationsOfOneCheck();
    expect(perCheck).toBeGreaterThan(MAX_GOALS_SCHEMA_EVALUATIONS / 20);
    expect(perCheck).toBeLessThanOrEqual(evaluationBound(RESULT));
    const goals = Array.from({ length: 20 }, (_, index) => goal({ name: `g${index}`, json_schema: SCHEMA }));
    const results = await evaluateGoals(goals, finishedRun(RESULT), NO_DEPS);
    const met = results.filter((result) => result.outcome === 'met');
    expect(met).toHaveLength(Math.floor(MAX_GOALS_SCHEMA_EVALUATIONS / perCheck));
    const refused = results.filter((result) => result.outcome !== 'met');
    expect(refused).toHaveLength(goals.length - met.length);
    for (const result of refused) {
      expect(result.outcome).toBe('error');
      expect(result.evidence).toMatch(/^could not evaluate: the goals' json_schema checks together would evaluate more than the 16,000,000 subschemas \(or pairs of items compared for uniqueItems\) all of a run's goals may evaluate on the event loop, where no timeout can stop them \(this check needed more than the [\d,]+ left\)/);
      expect(result.evidence).toContain('check this result with fewer json_schema goals');
    }
    expect(await evaluateGoals(goals.slice(0, 1), finishedRun(RESULT), NO_DEPS)).toMatchObject([{ outcome: 'met' }]);
  }, 60_000);

  // Found by an adversarial pass: uniqueItems compares an array's items pair by pair, outside the evaluations counted;
  // one check fits MAX_UNIQUE_ITEMS, but a hundred goals on one array of 2,000 objects held the event loop 50 s.
  it('count each pair of items uniqueItems may compare', async () => {
    const SCHEMA = { type: 'array', uniqueItems: true };
    const RESULT = Array.from({ length: 2_000 }, (_, id) => ({ id }));
    const work = new GoalWork();
    expect(checkJsonSchema(SCHEMA, RESULT, { work })).toMatchObject({ ok: true, valid: true });
    const perCheck = MAX_GOALS_SCHEMA_EVALUATIONS - work.evaluationsLeft;
    expect(perCheck).toBeGreaterThanOrEqual((2_000 * 1_999) / 2);
    const goals = Array.from({ length: 10 }, (_, index) => goal({ name: `g${index}`, json_schema: SCHEMA }));
    const results = await evaluateGoals(goals, finishedRun(RESULT), NO_DEPS);
    expect(results.filter((result) => result.outcome === 'met')).toHaveLength(Math.floor(MAX_GOALS_SCHEMA_EVALUATIONS / perCheck));
    for (const result of results.filter((result) => result.outcome !== 'met')) expect(result.evidence).toContain('(or pairs of items compared for uniqueItems)');
  }, 60_000);
});
