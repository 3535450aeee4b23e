import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../src/goals/split-sentences.ts';

describe('splitSentences', () => {
  it('reads a long run of periods or of sentences as it reads a short one (one pass over the text)', () => {
    expect(splitSentences(`Wait${'.'.repeat(10_000)} Then it ended.`)).toEqual([`Wait${'.'.repeat(10_000)}`, 'Then it ended.']);
    expect(splitSentences('Word. '.repeat(5_000))).toHaveLength(5_000);
  });

  it('does not break on decimals such as 2.5% or 0.8%', () => {
    expect(splitSentences('The bike share explains about 2.5% of the fall (95% CI 0.8% to 4.2%) [1]. Trips fell by 6% [2].')).toEqual([
      'The bike share explains about 2.5% of the fall (95% CI 0.8% to 4.2%) [1].',
      'Trips fell by 6% [2].',
    ]);
  });

  it('does not break after e.g., i.e., etc., Dr. or U.S.', () => {
    expect(
      splitSentences(
        'Other changes, e.g. The tram, matter [1]. Dr. Smith of the U.S. Department agreed, i.e. She found no effect [2]. ' +
          'Buses, trams etc. are counted too [3].',
      ),
    ).toEqual([
      'Other changes, e.g. The tram, matter [1].',
      'Dr. Smith of the U.S. Department agreed, i.e. She found no effect [2].',
      'Buses, trams etc. are counted too [3].',
    ]);
  });

  it('does not break before a number after No. or Fig., but does after a plain "no."', () => {
    expect(splitSentences('Line No. 2 opened, see Fig. 3 [1]. The council said no. Buses stayed [2].')).toEqual([
      'Line No. 2 opened, see Fig. 3 [1].',
      'The council said no.',
      'Buses stayed [2].',
    ]);
  });

  it('keeps a citation written after the period with its sentence', () => {
    expect(splitSentences('Trips fell. [2] The tram opened in 2023. [3]')).toEqual(['Trips fell. [2]', 'The tram opened in 2023. [3]']);
  });

  // Found by review: "3%.[1] Revenue doubled." and "**Churn fell [3].** Sales tripled." ran on into the
  // next sentence, so one citation vouched for an uncited claim.
  it('ends a sentence at a mark with a citation right after it, or closed by emphasis', () => {
    expect(splitSentences('Costs fell 3%.[1] Revenue doubled. The vendor is safe [2]. **Churn fell [3].** Sales tripled. _Prices held._ Done.[4][5]')).toEqual([
      'Costs fell 3%.[1]',
      'Revenue doubled.',
      'The vendor is safe [2].',
      '**Churn fell [3].**',
      'Sales tripled.',
      '_Prices held._',
      'Done.[4][5]',
    ]);
  });

  // Found by an adversarial pass: a footnote, a superscript or a closing HTML tag right after the mark ran the next
  // sentence on into this one, and one citation vouched for an uncited claim.
  it('ends a sentence at a mark with a footnote, a superscript or an HTML tag right after it', () => {
    expect(splitSentences('Costs fell 3%.[^1] Revenue doubled. Sales rose.² Churn fell. <b>Prices held [3].</b> Margins shrank. Done.<sup>4</sup></p> Then it ended.')).toEqual([
      'Costs fell 3%.[^1]',
      'Revenue doubled.',
      'Sales rose.²',
      'Churn fell.',
      '<b>Prices held [3].</b>',
      'Margins shrank.',
      'Done.<sup>4</sup></p>',
      'Then it ended.',
    ]);
    // Not inside a word, nor a tag that never closes.
    expect(splitSentences('Read node.<b>Js</b> docs. A file x.<y z Then.')).toEqual(['Read node.<b>Js</b> docs.', 'A file x.<y z Then.']);
  });

  // Found by the review of the emphasis rule: a glob after a period ended a sentence.
  it('takes `*` and `_` after a period as closing emphasis only where they opened it', () => {
    expect(splitSentences('Delete every build.* file in the repo [1]. It uses os.* and sys.* modules [4]. See snake_case. Then *this.* Done.')).toEqual([
      'Delete every build.* file in the repo [1].',
      'It uses os.* and sys.* modules [4].',
      'See snake_case.',
      'Then *this.*',
      'Done.',
    ]);
    expect(splitSentences('a.* '.repeat(50_000))).toHaveLength(1);
  });

  it('does not make a sentence of a numbered reference such as "[1]."', () => {
    expect(splitSentences('[1]. Gulli, A. Agentic Design Patterns.')).toEqual(['[1]. Gulli, A. Agentic Design Patterns.']);
  });

  it('breaks on ! and ?, and after etc. when a new sentence starts', () => {
    expect(splitSentences('Is it the bikes? Not only! Trams, buses etc. Then the weather.')).toEqual([
      'Is it the bikes?',
      'Not only!',
      'Trams, buses etc.',
      'Then the weather.',
    ]);
  });

  // `#` and a no-break (or ideographic, em or zero-width no-break) space is a paragraph on the page, and
  // its claim went unchecked by every_sentence_matches (found by an adversarial pass).
  // Found by an adversarial pass: five claims, two cited, passed as "all 2 sentences match": lines without a
  // period ran together, a table was one sentence, and a zero-width space after a period hid the break.
  it('starts a sentence at a line that starts with a capital, at each table row, and after an invisible character', () => {
    expect(splitSentences('Revenue rose 5% this week [1]\nChurn doubled, driven by the outage\nThe CEO resigned\n\nSupport tickets fell 3% [2].\u200bAll refunds were paid.')).toEqual([
      'Revenue rose 5% this week [1]',
      'Churn doubled, driven by the outage',
      'The CEO resigned',
      'Support tickets fell 3% [2].',
      'All refunds were paid.',
    ]);
    expect(splitSentences('| Metric | Change |\n|---|:--:|\n| Churn | doubled [1] |\n| Revenue | +5% |')).toEqual(['| Churn | doubled [1] |', '| Revenue | +5% |']);
    // Found by a review: a name with a period inside is one word.
    expect(splitSentences('It calls String.Format on the input [1].')).toEqual(['It calls String.Format on the input [1].']);
    expect(splitSentences('Car trips fell by 6%\nbetween 2022 and 2024 [2].')).toEqual(['Car trips fell by 6% between 2022 and 2024 [2].']);
  });

  it('leaves out only headings the page shows as headings: `#` and a space or tab', () => {
    for (const space of ['\u00a0', '\u3000', '\u2003', '\ufeff']) {
      // U+FEFF is invisible, and removed before the text is split: `#Sales` is no heading either.
      const shown = space === '\ufeff' ? '#Sales will grow 400% next year.' : '# Sales will grow 400% next year.';
      expect(splitSentences(`Sales grew 5% [1].\n#${space}Sales will grow 400% next year.\nReturns fell [2].`)).toEqual(['Sales grew 5% [1].', shown, 'Returns fell [2].']);
    }
    expect(splitSentences('#\tA heading\n## Another\n#\nText [1].')).toEqual(['Text [1].']);
  });

  it('treats paragraphs and list items as separate sentences and leaves headings out', () => {
    expect(splitSentences('# Findings\n\nTrips fell [1]\n\n- the tram opened [2]\n- 1. buses\n2. Weather [3]')).toEqual([
      'Trips fell [1]',
      'the tram opened [2]',
      '1. buses',
      'Weather [3]',
    ]);
  });

  // Each of these read as one sentence, so a goal that every sentence cites a figure was met by one figure.
  it('breaks after an ellipsis and the doubled marks, and after 。！？ with no space, as Chinese and Japanese write', () => {
    expect(splitSentences('Revenue grew 5%… Costs are fine… Nothing else to report.')).toEqual(['Revenue grew 5%…', 'Costs are fine…', 'Nothing else to report.']);
    expect(splitSentences('It worked‼ Then it stopped⁉ Why⁇ No idea.')).toEqual(['It worked‼', 'Then it stopped⁉', 'Why⁇', 'No idea.']);
    expect(splitSentences('売上は5%増加した。コストは問題ない。本当に？「はい！」以上')).toEqual(['売上は5%増加した。', 'コストは問題ない。', '本当に？', '「はい！」', '以上']);
    // An ellipsis inside a sentence does not end it.
    expect(splitSentences('And so… the figures held.')).toEqual(['And so… the figures held.']);
  });

  // Each of these read as one sentence, so one citation vouched for every claim of a Hindi or Arabic report.
  it('breaks after every other mark Unicode says ends a sentence, whatever follows, but not after a full-width period', () => {
    expect(splitSentences('राजस्व बढ़ा [1]। लागत घटी॥ अंत')).toEqual(['राजस्व बढ़ा [1]।', 'लागत घटी॥', 'अंत']);
    expect(splitSentences('هل ارتفعت؟ نعم۔ Ծախսերը։ ገቢ። ဝင်ငွေ။ចំណូល។ 売上︒費用')).toEqual(['هل ارتفعت؟', 'نعم۔', 'Ծախսերը։', 'ገቢ።', 'ဝင်ငွေ။', 'ចំណូល។', '売上︒', '費用']);
    // Outside the Basic Multilingual Plane too: the Brahmi danda.
    expect(splitSentences('a\u{11047}b')).toEqual(['a\u{11047}', 'b']);
    expect(splitSentences('売上は１．５倍')).toEqual(['売上は１．５倍']);
    // The one-dot leader and the small full stop are written inside names and numbers.
    expect(splitSentences('see example\u2024com and 1\uFE525 more')).toEqual(['see example\u2024com and 1\uFE525 more']);
  });

  it('reads a lone \\r and U+2028 as line breaks, and U+2029 as a paragraph break', () => {
    expect(splitSentences('Revenue grew 5%.\u2028Costs are fine.')).toEqual(['Revenue grew 5%.', 'Costs are fine.']);
    expect(splitSentences('Revenue grew 5%.\rCosts are fine.')).toEqual(['Revenue grew 5%.', 'Costs are fine.']);
    expect(splitSentences('Revenue grew 5%\u2029Costs are fine')).toEqual(['Revenue grew 5%', 'Costs are fine']);
  });

  it('joins lines wrapped inside a paragraph', () => {
    expect(splitSentences('Car trips fell by 6%\nbetween 2022 and 2024 [2].')).toEqual(['Car trips fell by 6% between 2022 and 2024 [2].']);
  });
});

describe('splitSentences on any one-line text', () => {
  it('keeps every character except whitespace, in order', () => {
    const words = fc.constantFrom('Trips', 'fell', '6%', '2.5%', 'e.g.', 'U.S.', 'Dr.', 'etc.', '[1].', '[2]', 'no.', 'Why?', 'so!', '"yes."', 'tram', 'so…', '増加した。', '本当？', 'wow‼');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 30 }), (list) => {
        const text = list.join(' ');
        expect(splitSentences(text).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      }),
    );
  });
});

// "A sentence does not start in lower case" merged a model's lower-case sentence into the one before:
// one citation then vouched for every claim run on after it (found by a review).
describe('a sentence a model starts in lower case', () => {
  it('is a sentence of its own after any word but an abbreviation or an initialism', () => {
    expect(splitSentences('Car trips fell 6% [2]. the tram opened in 2023. the bike share cut trips by half.')).toEqual([
      'Car trips fell 6% [2].',
      'the tram opened in 2023.',
      'the bike share cut trips by half.',
    ]);
    expect(splitSentences('Costs rose, e.g. the fuel bill, approx. the same as in the U.S. economy, etc. and more.')).toHaveLength(1);
    expect(splitSentences('It went on and so… the end came.')).toHaveLength(1);
    // Abbreviations that go on in lower case (found by a review of the change).
    for (const text of ['Apple Inc. reported revenue [1].', 'It shipped in Jan. and sold out [2].', 'Martin Luther King Jr. spoke first [3].']) expect(splitSentences(text)).toEqual([text]);
  });
});
