import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LinearRegex, MAX_REGEX_WORK } from '../../src/core/linear-regex.ts';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { GOAL_CHECKS } from '../../src/goals/goal-checks.ts';
import { resultTexts } from '../../src/goals/result-cut-note.ts';
import { checkJsonSchema, evaluationBound } from '../../src/goals/json-schema-validator.ts';
import { GoalWork, MAX_GOALS_REGEX_WORK, MAX_GOALS_SCHEMA_EVALUATIONS, MAX_GOALS_SEARCH_CHARS, MAX_SCHEMA_EVALUATIONS } from '../../src/goals/goal-work.ts';
import { NO_DEPS, finishedRun, goal } from './goal-fixtures.ts';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';

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

// Found by an adversarial pass: a text search reads its text once, but each `contains` or `not_contains` goal searched the
// whole result again, outside any bound: 2,000 `not_contains` goals on a 1 MB result held the event loop 30 s, where no
// timeout or cancel could stop them. And `max_chars` counted the result's characters again for each goal: 40 s.
describe('the text searches of one evaluation’s goals', () => {
  // Searches that end at once (no `z` in the text), so the test counts the characters charged, not the time they take.
  const RESULT = 'x'.repeat(1_000_000);
  // Three readings (as written, as a reader sees it, as a page renders it) of the values and of the JSON, a string's both the text.
  const within = Math.floor(MAX_GOALS_SEARCH_CHARS / (6 * RESULT.length));

  it('share one bound: the goals past it are not evaluable and say why', async () => {
    const goals = Array.from({ length: within + 10 }, (_, index) => goal({ name: `n${index}`, not_contains: `zq${index}` }));
    const results = await evaluateGoals(goals, finishedRun(RESULT), NO_DEPS);
    // Never a pass past the bound: the goals before it are checked, the rest are not evaluable.
    expect(results.slice(0, within).filter((result) => result.outcome !== 'met')).toEqual([]);
    const refused = results.slice(within);
    expect(refused).toHaveLength(10);
    for (const result of refused) {
      expect(result.outcome).toBe('error');
      expect(result.evidence).toMatch(/^could not evaluate: the goals' text searches together would read more than the 1,000,000,000 characters all of a run's goals may read on the event loop, where no timeout can stop them \(next was `not_contains` through [\d,]+ characters, with [\d,]+ left\)/);
      expect(result.evidence).toContain('or have the step return less');
    }
  });

  it('charge contains the text it reads, and its JSON when the values lack it, failing closed past what is left', async () => {
    const texts = resultTexts({ note: RESULT });
    const work = new GoalWork();
    const input = { ...texts, value: { note: RESULT }, target: finishedRun(RESULT), deps: NO_DEPS, work };
    expect(await GOAL_CHECKS.contains.check(goal({ contains: 'x' }), input)).toMatchObject({ met: true });
    expect(work.searchLeft).toBe(MAX_GOALS_SEARCH_CHARS - texts.valueText.values.length);
    expect(await GOAL_CHECKS.contains.check(goal({ contains: 'note' }), input)).toMatchObject({ met: false });
    expect(work.searchLeft).toBe(MAX_GOALS_SEARCH_CHARS - 2 * texts.valueText.values.length - texts.text.length);
    work.search(work.searchLeft, 'contains');
    await expect(async () => GOAL_CHECKS.contains.check(goal({ contains: 'x' }), input)).rejects.toThrow(/text searches together would read more than/);
  });

  it('is one per evaluation: the next run’s goals have all of it again', async () => {
    // Each evaluation spends nearly all of the bound: one bound shared between them would refuse the next one's goals.
    const goals = Array.from({ length: within }, (_, index) => goal({ name: `n${index}`, not_contains: `zq${index}` }));
    for (let run = 0; run < 2; run++) expect((await evaluateGoals(goals, finishedRun(RESULT), NO_DEPS)).filter((result) => result.outcome !== 'met')).toEqual([]);
  });

  it('count a value’s characters and words once for all its max_chars, max_words and min_words goals', () => {
    // Counted for each goal, the 200 max_chars goals alone took 12 s of CPU here; counted once, the whole evaluation
    // takes a fraction of a second. A child held to 6 s of CPU (a bound on the work that load does not move) is killed
    // when they are counted again for each goal.
    const fixtures = JSON.stringify(pathToFileURL(join(import.meta.dirname, 'goal-fixtures.ts')).href);
    const evaluate = JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/goals/evaluate-goals.ts')).href);
    const run = runCpuBounded(
      `
      import { NO_DEPS, finishedRun, goal } from ${fixtures};
      import { evaluateGoals } from ${evaluate};
      const kinds = [{ max_chars: 10 }, { max_words: 10 }, { min_words: 10 }];
      const goals = Array.from({ length: 600 }, (_, index) => goal({ name: 'g' + index, ...kinds[index % kinds.length] }));
      const results = await evaluateGoals(goals, finishedRun('word '.repeat(300_000)), NO_DEPS);
      console.log(JSON.stringify([...new Set(results.map((result) => result.evidence))]));`,
      6,
      120_000,
    );
    expect(run).toEqual({
      signal: null,
      stdout: [JSON.stringify(['1500000 characters (at most 10 allowed)', '300000 words (at most 10 allowed)', '300000 words (at least 10 required)'])],
      stderr: '',
    });
  });
});
