import { describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

const CITES = { every_sentence_matches: String.raw`\[\d+\]` };

describe('every_sentence_matches', () => {
  it('is met when every sentence has a match', async () => {
    const result = await checkGoal(CITES, finishedRun('Trips fell by 6% [2]. The tram opened in 2023 [3].'));
    expect(result).toMatchObject({ outcome: 'met', evidence: String.raw`all 2 sentences match /\[\d+\]/` });
  });

  it('is unmet with the first sentence that has no match as evidence', async () => {
    const result = await checkGoal(CITES, finishedRun('Trips fell by 6% [2]. The tram opened in 2023. Nobody noticed.'));
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toBe(String.raw`sentence 2 of 3 has no match for /\[\d+\]/: "The tram opened in 2023."`);
  });

  it('is unmet when an uncited sentence follows a footnote or an HTML tag after the mark of a cited one', async () => {
    const result = await checkGoal({ every_sentence_matches: String.raw`\[\^\d+\]` }, finishedRun('Costs fell 3%.[^1] Revenue doubled.'));
    expect(result).toMatchObject({ outcome: 'unmet', evidence: String.raw`sentence 2 of 2 has no match for /\[\^\d+\]/: "Revenue doubled."` });
    expect(await checkGoal(CITES, finishedRun('<b>Costs fell 3% [1].</b> Revenue doubled.'))).toMatchObject({ outcome: 'unmet' });
  });

  it('is unmet for a result without sentences', async () => {
    expect(await checkGoal(CITES, finishedRun('   '))).toMatchObject({ outcome: 'unmet', evidence: 'the result has no sentences' });
  });

  it('could not be evaluated when its step did not complete', async () => {
    const run = finishedRun('a report [1].', { draft: { state: 'skipped' } });
    const result = await checkGoal({ ...CITES, of: 'draft' }, run);
    expect(result).toMatchObject({ outcome: 'error', evidence: 'could not evaluate: step draft did not complete (skipped)' });
  });
});
