// Found by review: `\s`, `\S` and `.` took RE2's meaning, not JavaScript's, in every plan pattern (goal
// `matches`, json_schema `pattern`): `^\S+$` was met by a no-break space, `^.*$` by a carriage return.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinearRegex, MAX_PROGRAM_SIZE, MAX_REGEX_WORK } from '../../src/core/linear-regex.ts';
import { RegexSyntaxError } from '../../src/core/regex-syntax-error.ts';
import { RegexWorkError } from '../../src/core/regex-work-error.ts';

const TEXTS = ['\\', 'one\ntwo\nz', 'my-file.txt', '-', '\u0001', 'fix\u00a0branch', 'a\u000bb', 'em\u2003space', 'one\rtwo', 'one\u2028two', 'one\ntwo', 'plain', ' lead', '\ufeffbom', 'tab\there', ''];

describe('LinearRegex: the classes whose meaning RE2 does not share, as JavaScript means them', () => {
  it('matches like RegExp on white space, line terminators and any-character idioms', () => {
    const patterns: Array<[string, string]> = [
      ['^\\S+$', ''], ['\\s', ''], ['^.*$', ''], ['^.*$', 's'], ['[\\s,]+', ''], ['[\\s\\S]', ''], ['^[a-z\\S]+$', ''],
      ['[^\\s]', ''], ['^[^]*$', ''], ['a.c', 'i'], ['[.]', ''], ['\\\\s', ''], ['^\\s*$', ''],
      // Found by the second review: an inline s flag, a - beside \s in a class, [^\S\r\n].
      ['(?s:one.two)', ''], ['(?s:e.t)w.', ''], ['^[\\w\\s-.]+$', ''], ['[\\x00-\\s]', ''], ['[\\t-\\s]', ''], ['^[^\\S\\r\\n]+$', ''], ['[^\\s\\S]', ''], ['[\\\\-\\s]', ''], ['[a\\-\\s]', ''],
    ];
    for (const [source, flags] of patterns) {
      const linear = LinearRegex.compile(source, flags);
      for (const text of TEXTS) expect({ source, flags, text, matched: linear.test(text) }).toEqual({ source, flags, text, matched: new RegExp(source, flags).test(text) });
    }
  });

  it('agrees with RegExp on random patterns of those pieces', () => {
    const piece = fc.constantFrom('\\s', '\\S', '.', '[\\s\\S]', '[^\\s]', '[a\\S]', 'a', ' ', '\\d', '[\\s,]');
    const pattern = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '*', '+', '?')).map(([parts, q]) => `^(?:${parts.join('')})${q}$`);
    const text = fc.array(fc.constantFrom('a', ' ', '\u00a0', '\r', '\n', '\u2028', '1', ',', '\u3000', 'é'), { maxLength: 5 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(pattern, fc.constantFrom('', 's'), text, (source, flags, candidate) => {
        expect(LinearRegex.compile(source, flags).test(candidate)).toBe(new RegExp(source, flags).test(candidate));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses \\S in a negated class beside other than white space, and a class no ] closes', () => {
    expect(() => LinearRegex.compile('[^a\\S]')).toThrow(/`\\S` inside `\[\^…\]` is supported beside white-space characters only/);
    expect(() => LinearRegex.compile('^[a\\S+$')).toThrow(/no `\]` closes/);
  });
});

// Found by an adversarial pass: the engine's work is its program's size times the text's length, and a
// goal `matches: "\\pL{1000}\\pN"` over a 1 MB result held the event loop 29 s (three such goals 100 s, past
// the plan's own one-minute limit, which no timer could enforce while the loop was blocked).
describe('LinearRegex: the work one call may do', () => {
  it("reads the program's size from re2js: a counted repeat is one instruction per repeat", () => {
    const size = LinearRegex.compile(String.raw`\w{100}`).size;
    expect(size).toBeGreaterThanOrEqual(100);
    expect(size).toBeLessThan(110);
  });

  it('refuses, before doing any of it, a call that could take more than MAX_REGEX_WORK', () => {
    const regex = LinearRegex.compile(String.raw`\pL{1000}\pN`);
    const text = 'a'.repeat(1024 * 1024);
    expect(regex.fits(text)).toBe(false);
    // Without the bound each of these took 30-50 s on this machine.
    expect(() => regex.exec(text)).toThrow(RegexWorkError);
    expect(() => regex.test(text)).toThrow(/compiles to 1,00\d steps, so checking 1,048,576 characters with it could take .* make its repeats \(`\{n\}`\) smaller/);
    expect(() => regex.replaceAll(text, '')).toThrow(RegexWorkError);
    // Within the bound it runs.
    const most = 'a'.repeat(Math.floor(MAX_REGEX_WORK / regex.size));
    expect(regex.fits(most)).toBe(true);
    expect(regex.fits(`${most}a`)).toBe(false);
    expect(regex.test(`${'a'.repeat(1000)}1`)).toBe(true);
  });

  // Found by an adversarial hunt: compiling took time and memory with the program, before any bound on
  // calls applied. A goal of 1,170 `a{1000}` (8.2 KiB) took 13.4 s and 2.5 GB to validate.
  it('refuses, before compiling it, a pattern whose program would pass MAX_PROGRAM_SIZE', () => {
    const about = (source: string): number => {
      try {
        LinearRegex.compile(source);
      } catch (error) {
        const size = /compiles to about ([\d,]+) instructions, more than 20,000 \(a counted repeat/.exec(String(error));
        if (error instanceof RegexSyntaxError && size) return Number(size[1]!.replaceAll(',', ''));
        throw error;
      }
      throw new Error(`${source} compiled`);
    };
    // The count is about re2js's own (within 1% under, 5% over), with groups, alternatives and repeats nested.
    // (re2js refuses nested repeats that multiply past 1,000: a large program is repeats side by side.)
    const large = ['a{1000}'.repeat(25), String.raw`(?:\pL{10}|[a-c]{9}x){100}`.repeat(10), String.raw`((?i)ab{10}){100}`.repeat(20), String.raw`(\s{10,20}\S*.){50}`.repeat(25), String.raw`\Qab.c\E{1000}x{1000}`.repeat(11)];
    for (const source of large) {
      const real = LinearRegex.compile(source, '', { limitWork: false }).size;
      expect(real, source).toBeGreaterThan(MAX_PROGRAM_SIZE);
      expect(about(source), source).toBeGreaterThanOrEqual(real * 0.99);
      expect(about(source), source).toBeLessThanOrEqual(real * 1.05);
    }
    // Far past it (re2js itself takes 1.4 million): refused at once, the pattern never compiled.
    expect(about('a{1000}'.repeat(1_170))).toBe(1_170_000);
    expect(about('((a{100}){100}){100}')).toBeGreaterThan(1_000_000);
    // At it: what re2js counts decides (its program adds two instructions).
    expect(LinearRegex.compile('a{1000}'.repeat(19)).size).toBe(19_002);
    expect(() => LinearRegex.compile('a{1000}'.repeat(20))).toThrow(/compiles to about 20,002 instructions, more than 20,000/);
  });

  it("runs plan-runner's own patterns unbounded (limitWork: false), whose size is known", () => {
    const own = LinearRegex.compile('a{1000}', '', { limitWork: false });
    const text = 'b'.repeat(120_000);
    expect(own.size * text.length).toBeGreaterThan(MAX_REGEX_WORK);
    expect(own.test(text)).toBe(false);
  });
});
