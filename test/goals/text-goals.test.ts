import { describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

const REPORT =
  'City-centre car trips fell by 6% between 2022 and 2024 [2]. Tram Line 2 opened in September 2023 [3], ' +
  'and a comparison with similar districts attributes about 2.5% of the fall to the bike share (95% CI 0.8% to 4.2%) [1].';
const report = finishedRun(REPORT);
const noResult = finishedRun(undefined, { '1': { state: 'completed', result: 'x' }, '2': { state: 'failed' } });

describe('contains', () => {
  it('is met when the text appears, with where it was found as evidence', async () => {
    const result = await checkGoal({ contains: '6%' }, report);
    expect(result.outcome).toBe('met');
    expect(result.evidence).toMatch(/^found "6%" on line 1: City-centre car trips fell by 6% between/);
  });

  it('is unmet when the text is missing, naming the missing text', async () => {
    const result = await checkGoal({ contains: '7%' }, report);
    expect(result).toMatchObject({ outcome: 'unmet', evidence: 'missing "7%"' });
  });

  it('is case-sensitive', async () => {
    expect((await checkGoal({ contains: 'tram line' }, report)).outcome).toBe('unmet');
  });

  it('could not be evaluated when the run produced no result', async () => {
    const result = await checkGoal({ contains: '6%' }, noResult);
    expect(result.outcome).toBe('error');
    expect(result.evidence).toBe('could not evaluate: the run produced no result (it ended before its last step completed)');
  });
});

// A tool's or a model's text whose accented letters are decomposed (`e` + U+0301, as macOS writes file names) shows the
// same text as the plan's composed one: `contains`, `matches` and `equals` said it was missing (found by a text hunt).
describe('accented letters spelt either way', () => {
  const decomposed = finishedRun('Résumé saved as résumé.pdf'.normalize('NFD'));
  const composed = finishedRun('Résumé saved as résumé.pdf'.normalize('NFC'));

  it('are the same letters to contains, matches and equals, whichever way the result or the goal spells them', async () => {
    for (const [run, spell] of [[decomposed, 'NFC'], [composed, 'NFD']] as const) {
      expect(await checkGoal({ contains: 'résumé.pdf'.normalize(spell) }, run)).toMatchObject({ outcome: 'met' });
      expect(await checkGoal({ matches: '^Résumé saved as'.normalize(spell) }, run)).toMatchObject({ outcome: 'met' });
      expect(await checkGoal({ equals: 'Résumé saved as résumé.pdf'.normalize(spell) }, run)).toMatchObject({ outcome: 'met' });
    }
  });

  it('end no text inside a letter: a decomposed `résume` is not in `résumé`, whose last é is an e and a mark', async () => {
    expect(await checkGoal({ contains: 'résume'.normalize('NFD') }, decomposed)).toMatchObject({ outcome: 'unmet' });
    expect(await checkGoal({ matches: 'résume'.normalize('NFD') }, decomposed)).toMatchObject({ outcome: 'unmet' });
  });
});

describe('not_contains', () => {
  it('is met when the text never appears', async () => {
    expect(await checkGoal({ not_contains: 'TODO' }, report)).toMatchObject({ outcome: 'met', evidence: '"TODO" does not appear' });
  });

  it('is unmet with the offending excerpt as evidence', async () => {
    const result = await checkGoal({ not_contains: 'bike share' }, report);
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toContain('found "bike share" in the result, line 1:');
    expect(result.evidence).toContain('of the fall to the bike share (95% CI');
  });

  // Found by an adversarial pass: each of these shows "AKIA…" in a PR comment or the summary, and passed.
  it('finds the text as a rendered page shows it: through comments, tags, character references and emphasis', async () => {
    for (const hidden of ['AK<!-- -->IAIOSFODNN7', 'A&#75;IAIOSFODNN7', 'A&#x4b;IAIOSFODNN7', 'AK**IA**IOSFODNN7', 'AK<b></b>IAIOSFODNN7', '&Aopf;KIAIOSFODNN7', 'AK\\IA', 'AK<!--\n-->IA']) {
      const result = await checkGoal({ not_contains: 'AKIA' }, finishedRun(`key: ${hidden}`));
      expect(result, hidden).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun('AK&amp;IA, A K I A, AK<!-- x'))).toMatchObject({ outcome: 'met' });
    // Found by a review: links join their text to what follows; the goal's own text is read as written.
    for (const linked of ['[AK](https://x.test)IA', 'AK[](x)IA', 'AK![](i.png)IA', '[AK][k]IA\n\n[k]: https://x.test']) expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(linked)), linked).toMatchObject({ outcome: 'unmet' });
    expect(await checkGoal({ not_contains: '\\n' }, finishedRun('an ordinary line'))).toMatchObject({ outcome: 'met' });
    expect(await checkGoal({ not_contains: '&amp;' }, finishedRun('R&D'))).toMatchObject({ outcome: 'met' });
    expect(await checkGoal({ not_contains: '<script>alert' }, finishedRun('an alert'))).toMatchObject({ outcome: 'met' });
  });

  // A browser decodes a reference without its `;`, and a number with leading zeros: in an HTML block
  // (`<div>…</div>`), which GitHub passes to the page as HTML, each of these shows AKIA, and passed (found
  // by an adversarial pass).
  it('finds the text through character references a browser reads without their semicolon', async () => {
    for (const hidden of ['<div>A&#75IA</div>', '<div>A&#x4bIA</div>', '<div>A&#00000000075;IA</div>', '<div>A&#x000000004B;IA</div>', '<div>AK&shyIA</div>', '<div>AK&shy;IA</div>']) {
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(hidden)), hidden).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun('R&D, AT&T, a&b, AK&#65IA'))).toMatchObject({ outcome: 'met' });
  });

  // The rendered reading dropped every `_`, `*`, bracket…, so text that holds one was never found in it: each of
  // these shows AWS_SECRET_ACCESS_KEY or [skip ci] on the page, and passed (found by an adversarial pass).
  it('finds text that holds a Markdown mark as a rendered page shows it', async () => {
    for (const hidden of ['AWS<!-- -->_SECRET_ACCESS_KEY=abc', 'AWS_**SECRET**_ACCESS_KEY=abc', 'AWS&#95;SECRET_ACCESS_KEY=abc', 'AWS\\_SECRET_ACCESS_KEY=abc']) {
      expect(await checkGoal({ not_contains: 'AWS_SECRET_ACCESS_KEY' }, finishedRun(hidden)), hidden).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: '[skip ci]' }, finishedRun('[skip<b></b> ci]'))).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    // The marks it does not hold are still dropped; a text without its marks is not it.
    expect(await checkGoal({ not_contains: 'AWS_SECRET' }, finishedRun('**AWS**_SECRET'))).toMatchObject({ outcome: 'unmet' });
    expect(await checkGoal({ not_contains: 'AWS_SECRET' }, finishedRun('AWSSECRET, AWS SECRET'))).toMatchObject({ outcome: 'met' });
  });

  // Each of these shows AKIA on a page (a browser reads `<!-->` as a whole comment, and a quoted attribute value
  // may hold `>`), and passed (found by an adversarial pass).
  it('finds the text through comments a browser closes at once and tags whose quoted attributes hold a >', async () => {
    for (const hidden of ['<div>AK<!-->IA</div>', '<div>AK<!--->IA</div>', 'AK<b title="a>b">IA', "AK<b title = 'a>b' x=\"c\"/>IA", '<div>AK<b x"y>IA</div>', 'AK</b\n>IA']) {
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(`key: ${hidden}`)), hidden).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun('AK< b>IA, AK<b title="x>I<A, 2 < 3 and 4 > 1, AK<!-->x-->IA'))).toMatchObject({ outcome: 'met' });
  });

  // Found by a hunt of the goal kinds: a quoted value may hold a `<`, and a link's destination parentheses that
  // balance or a title; a page shows each of these as AKIA, and they passed.
  it('finds the text through a < in a quoted attribute and through parentheses in a link destination', async () => {
    for (const hidden of ['AK<b title="<">IA', "AK<b title='a<b' x=\"<c>\">IA", '[AK](x(y))IA', '[AK](x((y)))IA', '[AK](x "(t)")IA', '[A](x)[K](y)IA', '[AK](x\\)y)IA']) {
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(`key: ${hidden}`)), hidden).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun('[AK](x(y)IA and (a [b](c) d)'))).toMatchObject({ outcome: 'met' });
  });

  // Found by a hunt of the goal kinds: a page shows blanks and a single line break as one space, and these passed.
  it('finds the text through the spacing a page joins, and not across a paragraph break', async () => {
    for (const spaced of ['DO  NOT MERGE', 'DO\nNOT MERGE', 'DO \t NOT\r\nMERGE']) {
      expect(await checkGoal({ not_contains: 'DO NOT MERGE' }, finishedRun(`status: ${spaced}`)), spaced).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a rendered page shows it') });
    }
    expect(await checkGoal({ not_contains: 'DO NOT MERGE' }, finishedRun('DO\n\nNOT MERGE'))).toMatchObject({ outcome: 'met' });
  });

  it('could not be evaluated without a result', async () => {
    expect((await checkGoal({ not_contains: 'TODO' }, noResult)).outcome).toBe('error');
  });
});

describe('matches', () => {
  it('honours a (?i) prefix and shows the match', async () => {
    const result = await checkGoal({ matches: '(?i)tram' }, report);
    expect(result.outcome).toBe('met');
    expect(result.evidence).toMatch(/^\/tram\/i matched on line 1: .*Tram Line 2 opened/);
  });

  it('honours the flags field', async () => {
    expect((await checkGoal({ matches: 'TRAM LINE', flags: 'i' }, report)).outcome).toBe('met');
  });

  it('is unmet without a match, naming the pattern', async () => {
    expect(await checkGoal({ matches: 'bus(es)?' }, report)).toMatchObject({ outcome: 'unmet', evidence: 'no match for /bus(es)?/' });
  });

  it('could not be evaluated when the pattern is not a regular expression', async () => {
    const result = await checkGoal({ matches: '(unclosed' }, report);
    expect(result.outcome).toBe('error');
    expect(result.evidence).toBe('could not evaluate: the pattern (unclosed cannot be used (missing closing ): `(unclosed`)');
  });

  // A backtracking engine needs about 2^n steps for these on n hostile characters: before the
  // linear-time engine, each of these never returned and the process ignored every signal.
  it('finishes on hostile output with a catastrophic pattern', async () => {
    const hostile = finishedRun(`${'a'.repeat(5000)}!`);
    expect((await checkGoal({ matches: String.raw`^(\w+\s?)*$` }, hostile)).outcome).toBe('unmet');
    expect((await checkGoal({ matches: '^(a+)+$', flags: 'i' }, hostile)).outcome).toBe('unmet');
    expect((await checkGoal({ every_sentence_matches: '^(a|aa)+$' }, hostile)).outcome).toBe('unmet');
  });

  // Found by an adversarial pass: this goal over 1 MB held the event loop 29 s, where no timeout can act.
  it('could not be evaluated when its pattern is too large for the result: refused before the work, not met', async () => {
    const result = await checkGoal({ matches: String.raw`\pL{1000}\pN` }, finishedRun('a'.repeat(1024 * 1024)));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the pattern \/\\pL\{1000\}\\pN\/ compiles to 1,00\d steps, so checking 1,048,576 characters/);
  });

  // Found by an adversarial hunt: each sentence fitted the bound, so 160 KB of sentences under a pattern of
  // 10,000 steps held the event loop 27 s. The work is counted on the whole text, as for `matches`.
  it('could not be evaluated when every_sentence_matches would take more than the bound over all the sentences', async () => {
    const pattern = `${String.raw`\pL{1000}`.repeat(9)}\\pN|z`;
    // 9,005 steps: 11,104 characters in all, where each sentence alone fitted 11,104.
    const sentence = `${'a'.repeat(990)}z. `;
    expect(await checkGoal({ every_sentence_matches: pattern }, finishedRun(sentence.repeat(11)))).toMatchObject({ outcome: 'met' });
    const result = await checkGoal({ every_sentence_matches: pattern }, finishedRun(sentence.repeat(12)));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the pattern .* compiles to 9,00\d steps, so checking 11,9\d\d characters with it could take/);
  });

  // Found by the review of the fix that composed the sentences (NFC): the work was charged on the text as written, and
  // NFC writes U+0958 as two characters (U+0915 U+093C), so twice the bound's characters were read.
  it('charges every_sentence_matches for the sentences it reads, composed', async () => {
    const pattern = `${String.raw`\pL{1000}`.repeat(9)}\\pN|z`;
    const result = await checkGoal({ every_sentence_matches: pattern }, finishedRun(`${'\u0958'.repeat(600)}z. `.repeat(10)));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the pattern .* compiles to 9,00\d steps, so checking 12,0\d\d characters with it could take/);
  });

  it('reports a pattern the linear engine cannot run as could not evaluate, never met', async () => {
    const result = await checkGoal({ matches: 'Tram(?= Line)' }, report);
    expect(result.outcome).toBe('error');
    expect(result.evidence).toContain('lookahead and lookbehind are not supported');
  });
});

describe('equals', () => {
  it('compares trimmed text', async () => {
    expect(await checkGoal({ equals: 'approved' }, finishedRun('  approved\n'))).toMatchObject({ outcome: 'met', evidence: 'equals "approved"' });
  });

  it('shows both texts, shortened, when they differ', async () => {
    const result = await checkGoal({ equals: 'approved' }, report);
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toBe('expected "approved", got "City-centre car trips fell by 6% between 2022 and 2024 [2].…"');
  });

  // Found by an adversarial pass: the cut kept half an emoji, which the summary and the comment show as U+FFFD.
  it('cuts the texts it shows, and the excerpt around a match, between characters, never inside an emoji', async () => {
    const emoji = '😀'.repeat(40);
    const unequal = await checkGoal({ equals: 'approved' }, finishedRun(emoji));
    expect(unequal.evidence).toBe(`expected "approved", got "${'😀'.repeat(29)}…"`);
    const found = await checkGoal({ contains: 'x' }, finishedRun(`${emoji}yxz${emoji}`));
    expect(found.evidence).toBe(`found "x" on line 1: …${'😀'.repeat(19)}yxz${'😀'.repeat(19)}…`);
  });

  it('could not be evaluated without a result', async () => {
    expect((await checkGoal({ equals: 'approved' }, noResult)).outcome).toBe('error');
  });
});

describe('word and character counts', () => {
  it('min_words: met and unmet with the count', async () => {
    expect(await checkGoal({ min_words: 40 }, report)).toMatchObject({ outcome: 'met', evidence: '41 words (at least 40 required)' });
    expect(await checkGoal({ min_words: 100 }, report)).toMatchObject({ outcome: 'unmet', evidence: '41 words (at least 100 required)' });
  });

  it('max_words: met and unmet with the count; a lone dash is not a word', async () => {
    expect(await checkGoal({ max_words: 3 }, finishedRun('one — two three'))).toMatchObject({ outcome: 'met', evidence: '3 words (at most 3 allowed)' });
    expect(await checkGoal({ max_words: 30 }, report)).toMatchObject({ outcome: 'unmet', evidence: '41 words (at most 30 allowed)' });
  });

  // A text of a script written without spaces was one word a line: a 2,000-character Chinese answer passed
  // `max_words: 50` as 1 (found by an adversarial pass).
  it('counts the words of scripts written without spaces', async () => {
    const chinese = '我们今天去公园。'.repeat(250);
    expect(await checkGoal({ max_words: 50 }, finishedRun(chinese))).toMatchObject({ outcome: 'unmet', evidence: '1000 words (at most 50 allowed)' });
    expect(await checkGoal({ max_words: 50 }, finishedRun({ summary: chinese }))).toMatchObject({ outcome: 'unmet' });
    expect(await checkGoal({ min_words: 4 }, finishedRun('我们今天去公园'))).toMatchObject({ outcome: 'met', evidence: '4 words (at least 4 required)' });
    expect(await checkGoal({ max_words: 8 }, finishedRun('私は東京に住んでいます'))).toMatchObject({ outcome: 'met', evidence: '8 words (at most 8 allowed)' });
    expect(await checkGoal({ max_words: 4 }, finishedRun('ภาษาไทยง่ายนิดเดียว'))).toMatchObject({ outcome: 'unmet', evidence: '5 words (at most 4 allowed)' });
    // Text written with spaces counts as before: a token is a word.
    expect(await checkGoal({ max_words: 3 }, finishedRun("e-mail don't foo/bar"))).toMatchObject({ outcome: 'met', evidence: '3 words (at most 3 allowed)' });
  });

  it('max_chars: counts characters, an emoji once', async () => {
    expect(await checkGoal({ max_chars: 5 }, finishedRun('ok 👍!'))).toMatchObject({ outcome: 'met', evidence: '5 characters (at most 5 allowed)' });
    expect(await checkGoal({ max_chars: 100 }, report)).toMatchObject({ outcome: 'unmet', evidence: `${REPORT.length} characters (at most 100 allowed)` });
  });

  it('could not be evaluated without a result', async () => {
    for (const definition of [{ min_words: 1 }, { max_words: 1 }, { max_chars: 1 }]) {
      expect((await checkGoal(definition, noResult)).outcome).toBe('error');
    }
  });
});

// Text checks read a structured result's pretty JSON: escapes hid what the values said from
// not_contains, and keys and nulls counted as what the result said (found by a review).
describe('a structured result', () => {
  const leaked = finishedRun({ path: 'C:\\Users\\admin\\secret', quote: 'say "DROP TABLE"', key: '-----BEGIN PRIVATE KEY-----\nMIIEv' });

  it('fails not_contains on what its strings say, escapes or not, and on its keys', async () => {
    for (const unwanted of ['C:\\Users', '"DROP TABLE"', '-----BEGIN PRIVATE KEY-----\nMII']) {
      expect(await checkGoal({ not_contains: unwanted }, leaked)).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('in the result, line') });
    }
    expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun({ AKIA0123456789ABCDEF: 'x' }))).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('in a key of the result') });
    expect((await checkGoal({ not_contains: 'TODO' }, leaked)).outcome).toBe('met');
  });

  it('has no words in its keys and nulls, and does not contain a key', async () => {
    expect(await checkGoal({ min_words: 3 }, finishedRun([null, null, null]))).toMatchObject({ outcome: 'unmet', evidence: '0 words (at least 3 required)' });
    expect((await checkGoal({ min_words: 3 }, finishedRun({ summary: '', details: '', risks: '' }))).outcome).toBe('unmet');
    expect((await checkGoal({ min_words: 3 }, finishedRun({ summary: 'Two words', ok: true }))).outcome).toBe('met');
    expect((await checkGoal({ contains: 'approved' }, finishedRun({ approved: false }))).outcome).toBe('unmet');
    expect((await checkGoal({ matches: '(?i)approved' }, finishedRun({ approved: false }))).outcome).toBe('unmet');
    expect((await checkGoal({ contains: 'approved' }, finishedRun({ decision: 'approved' }))).outcome).toBe('met');
  });

  // JSON writes a line break or a tab inside a string as `\n` or `\t`, which joined the words around it:
  // 10,000 words a line each passed `max_words: 300` as 2 (found by an adversarial pass).
  it('counts the words max_words allows across the line breaks and tabs in its strings', async () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`);
    expect(await checkGoal({ max_words: 300 }, finishedRun({ summary: words.join('\n') }))).toMatchObject({ outcome: 'unmet', evidence: '401 words (at most 300 allowed)' });
    expect(await checkGoal({ max_words: 3 }, finishedRun(['one\ttwo\r\nthree\ffour']))).toMatchObject({ outcome: 'unmet', evidence: '4 words (at most 3 allowed)' });
    // A backslash before an `n` is no line break: `C:\new` is one word.
    expect(await checkGoal({ max_words: 2 }, finishedRun({ path: 'C:\\new' }))).toMatchObject({ outcome: 'met', evidence: '2 words (at most 2 allowed)' });
  });

  it('has each string as its own sentences for every_sentence_matches', async () => {
    const cited = finishedRun({ a: 'Car trips fell 6% [2].', b: 'The tram opened in 2023' });
    expect(await checkGoal({ every_sentence_matches: String.raw`\[\d+\]` }, cited)).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('sentence 2 of 2 has no match') });
    // A flag or a count is no sentence (found by a review of the change).
    expect((await checkGoal({ every_sentence_matches: String.raw`\[\d+\]` }, finishedRun({ summary: 'Trips fell 6% [2].', ok: true, count: 3 }))).outcome).toBe('met');
  });
});

// `not_contains: AKIA` passed on `AK\u200bIA…` and on fullwidth letters: a reader sees the text the goal
// forbids (found by a review).
describe('not_contains against text a reader sees', () => {
  it('finds the text split by invisible characters or written in compatibility forms', async () => {
    // Every default-ignorable code point, not a list: U+034F (grapheme joiner), U+180B (Mongolian free
    // variation selector), U+3164 (Hangul filler) and U+1D173 (a musical format character) passed (found by an adversarial pass).
    for (const hidden of ['key AK\u200bIA0123456789ABCDEF', 'key ＡＫＩＡ0123456789ABCDEF', 'key A\u2060K\uFE0FIA', 'AK\u034FIA', 'AK\u180BIA', 'AK\u3164IA', 'AK\u{1D173}IA']) {
      expect(await checkGoal({ not_contains: 'AKIA' }, finishedRun(hidden))).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('as a reader sees it') });
    }
    expect((await checkGoal({ not_contains: 'AKIA' }, finishedRun('key AKI A'))).outcome).toBe('met');
  });
});
