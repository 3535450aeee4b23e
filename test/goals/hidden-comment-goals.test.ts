// Found by a hunt of the goal kinds: `contains`, `matches` and `min_words` were met by text in an HTML comment, which no
// reader of the rendered result sees, where `every_sentence_matches` and the judge read none.
import { describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

describe('goals met by what they find, on a result with an HTML comment', () => {
  it('do not find it in the comment, and say where it was', async () => {
    const lgtm = await checkGoal({ contains: 'LGTM' }, finishedRun('Two blocking bugs remain. <!-- LGTM -->'));
    expect(lgtm).toMatchObject({ outcome: 'unmet', evidence: 'missing "LGTM" (it is only in an HTML comment, which a reader of the result does not see)' });
    expect((await checkGoal({ matches: '\\[\\d+\\]' }, finishedRun('The tram opened in 2023 <!-- [3] -->.'))).outcome).toBe('unmet');
    expect((await checkGoal({ min_words: 5 }, finishedRun(`Fine. <!-- ${'filler '.repeat(50)}-->`))).outcome).toBe('unmet');
  });

  it('find what is shown beside a comment, and a comment a goal asks for', async () => {
    expect((await checkGoal({ contains: 'LGTM' }, finishedRun('LGTM <!-- note -->'))).outcome).toBe('met');
    expect((await checkGoal({ matches: 'LGTM' }, finishedRun('<!-- x --> LGTM'))).outcome).toBe('met');
    expect((await checkGoal({ min_words: 3 }, finishedRun('one two three <!-- x -->'))).outcome).toBe('met');
    expect((await checkGoal({ contains: '<!-- plan-runner -->' }, finishedRun('body <!-- plan-runner -->'))).outcome).toBe('met');
    // Tags and attributes are kept: a result may be XML whose attributes a goal checks.
    expect((await checkGoal({ contains: 'version="1.2"' }, finishedRun('<dependency version="1.2"/>'))).outcome).toBe('met');
  });
});
