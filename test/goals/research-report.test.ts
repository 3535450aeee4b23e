import { describe, expect, it } from 'vitest';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { goalsVerdict } from '../../src/goals/goals-verdict.ts';
import { Goal } from '../../src/plan/schema.ts';
import { finishedRun, NO_DEPS } from './goal-fixtures.ts';

// The planning chapter's goals for the Larkford bike-share report, as a plan file declares them.
const GOALS = [
  { name: 'states the measured change in car trips', contains: '6%' },
  { name: 'mentions other changes in the same period', matches: '(?i)tram' },
  { name: "gives the bike share's own estimated effect", contains: '2.5%' },
  { name: 'cites a source in every sentence', every_sentence_matches: String.raw`\[\d+\]` },
].map((goal) => Goal.parse(goal));

// The report from the chapter's run.
const REPORT =
  'City-centre car trips fell by 6% between 2022 and 2024 [2]. Tram Line 2 opened in September 2023 [3], ' +
  'and a comparison with similar districts attributes about 2.5% of the fall to the bike share (95% CI 0.8% to 4.2%) [1].';

describe('the research-report goals from the planning chapter', () => {
  it('are all met by the report from the chapter, in declaration order', async () => {
    const results = await evaluateGoals(GOALS, finishedRun(REPORT), NO_DEPS);
    expect(results.map((r) => [r.name, r.outcome])).toEqual(GOALS.map((g) => [g.name, 'met']));
    expect(goalsVerdict(results).goalsMet).toBe(true);
  });

  it('fail "mentions other changes" for a report that omits the tram line', async () => {
    const withoutTram =
      'City-centre car trips fell by 6% between 2022 and 2024 [2]. A comparison with similar districts attributes ' +
      'about 2.5% of the fall to the bike share [1].';
    const results = await evaluateGoals(GOALS, finishedRun(withoutTram), NO_DEPS);
    const verdict = goalsVerdict(results);
    expect(verdict.goalsMet).toBe(false);
    expect(verdict.unmetRequired).toEqual([
      { name: 'mentions other changes in the same period', severity: 'required', outcome: 'unmet', evidence: 'no match for /tram/i' },
    ]);
  });

  it('pass the citation goal when "2.5%" and "e.g." sit in cited sentences (no false sentence breaks)', async () => {
    const report =
      'Car trips fell by 6% [2]. Other changes, e.g. Tram Line 2, opened in the same period [3]. ' +
      'The bike share accounts for about 2.5% of the fall, i.e. Less than half [1].';
    const [cites] = await evaluateGoals([GOALS[3]!], finishedRun(report), NO_DEPS);
    expect(cites).toMatchObject({ outcome: 'met', evidence: String.raw`all 3 sentences match /\[\d+\]/` });
  });

  it('fail the citation goal on an uncited sentence, which the chapter\'s split on ". " would also catch', async () => {
    const [cites] = await evaluateGoals([GOALS[3]!], finishedRun(`${REPORT} The council welcomed the result.`), NO_DEPS);
    expect(cites).toMatchObject({ outcome: 'unmet' });
    expect(cites?.evidence).toContain('sentence 3 of 3 has no match');
    expect(cites?.evidence).toContain('"The council welcomed the result."');
  });
});
