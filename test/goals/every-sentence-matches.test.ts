import { describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

const CITES = { every_sentence_matches: String.raw`\[\d+\]` };

describe('every_sentence_matches', () => {
  it('is met when every sentence has a match', async () => {
    const result = await checkGoal(CITES, finishedRun('Trips fell by 6% [2]. The tram opened in 2023 [3].'));
    expect(result).toMatchObject({ outcome: 'met', evidence: String.raw`all 2 sentences match /\[\d+\]/` });
  });

  // Found by a text hunt: a decomposed `é` (`e` + U+0301) is the letter a pattern wrote composed, and the other way round.
  it('reads an accented letter spelt either way as one, in the sentences and in the pattern', async () => {
    const text = 'Élan fell by 6% [2]. Café sales rose [3].';
    const pattern = { every_sentence_matches: String.raw`^(?:Élan|Café) .*\[\d+\]\.$` };
    for (const [result, goal] of [[text.normalize('NFD'), pattern.every_sentence_matches.normalize('NFC')], [text.normalize('NFC'), pattern.every_sentence_matches.normalize('NFD')]]) {
      expect(await checkGoal({ every_sentence_matches: goal! }, finishedRun(result))).toMatchObject({ outcome: 'met' });
    }
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

  it('is unmet when an uncited sentence follows a cited one ended by a Hindi, Arabic, Urdu, Armenian, Amharic, Burmese or Khmer mark', async () => {
    for (const [text, uncited] of [
      ['राजस्व 5% बढ़ा [1]। लागत दोगुनी हो गई।', 'लागत दोगुनी हो गई।'],
      ['هل ارتفعت الإيرادات [1]؟ التكاليف تضاعفت', 'التكاليف تضاعفت'],
      ['آمدنی بڑھی [1]۔ لاگت دگنی ہو گئی۔', 'لاگت دگنی ہو گئی۔'],
      ['Եկամուտը աճեց [1]։ Ծախսերը կրկնապատկվեցին։', 'Ծախսերը կրկնապատկվեցին։'],
      ['ገቢ አደገ [1]። ወጪ በእጥፍ ጨመረ።', 'ወጪ በእጥፍ ጨመረ።'],
      ['ဝင်ငွေတိုးသည် [1]။ကုန်ကျစရိတ်နှစ်ဆတိုးသည်။', 'ကုန်ကျစရိတ်နှစ်ဆတိုးသည်။'],
      ['ចំណូលកើនឡើង [1]។ ចំណាយកើនឡើងទ្វេដង។', 'ចំណាយកើនឡើងទ្វេដង។'],
    ]) {
      expect(await checkGoal(CITES, finishedRun(text!))).toMatchObject({ outcome: 'unmet', evidence: `sentence 2 of 2 has no match for /\\[\\d+\\]/: "${uncited!}"` });
    }
  });

  // A citation no reader sees met the goal (found by an adversarial pass of the goal kinds).
  it('reads no citation in an HTML comment or a tag\'s attribute', async () => {
    for (const hidden of ['The tram opened in 2023 <!-- [3] -->.', 'The tram opened in 2023 <a title="[3]">here</a>.', 'The tram opened in 2023. <!-- [3]']) {
      expect(await checkGoal(CITES, finishedRun(`Trips fell by 6% [2]. ${hidden}`))).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('sentence 2 of 2 has no match') });
    }
    expect(await checkGoal(CITES, finishedRun('Trips fell by 6% <sup>[2]</sup>. The tram opened <!-- note -->in 2023 [3].'))).toMatchObject({ outcome: 'met' });
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
