// Found by review: `\s`, `\S` and `.` took RE2's meaning, not JavaScript's, in every plan pattern (goal
// `matches`, json_schema `pattern`): `^\S+$` was met by a no-break space, `^.*$` by a carriage return.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LinearRegex, MAX_PATTERN_CHARS, MAX_PROGRAM_SIZE, MAX_REGEX_WORK } from '../../src/core/linear-regex.ts';
import { RegexSyntaxError } from '../../src/core/regex-syntax-error.ts';
import { runCpuBounded } from '../helpers/cpu-bounded-script.ts';
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
  it('refuses, before compiling it, a pattern whose program would pass MAX_PROGRAM_SIZE several times', () => {
    /** The count made before compiling, from the refusal; undefined if the pattern was compiled (and refused on its real size or not). */
    const counted = (source: string, flags = ''): number | undefined => {
      try {
        LinearRegex.compile(source, flags);
      } catch (error) {
        const size = /would compile to about ([\d,]+) instructions, more than 20,000 \(a counted repeat/.exec(String(error));
        if (error instanceof RegexSyntaxError && size) return Number(size[1]!.replaceAll(',', ''));
        if (error instanceof RegexSyntaxError && /it compiles to [\d,]+ instructions, more than 20,000/.test(error.reason)) return undefined;
        throw error;
      }
      return undefined;
    };
    const real = (source: string): number => LinearRegex.compile(source, '', { limitWork: false }).size;
    // The count is about re2js's own (within 1% under, 5% over), with groups, alternatives and repeats nested.
    // (re2js refuses nested repeats that multiply past 1,000: a large program is repeats side by side.)
    const large = [
      'a{1000}'.repeat(70),
      String.raw`(?:\pL{10}|[a-c]{9}x){100}`.repeat(30),
      String.raw`((?i)ab{10}){100}`.repeat(50),
      String.raw`(\s{10,20}\S*.){50}`.repeat(40),
      String.raw`\Qab.c\E{1000}x{1000}`.repeat(31),
      // Named groups are captures, written either way.
      `(?:${Array.from({ length: 20 }, (_, i) => `(?P<g${i}>)(?<h${i}>)`).join('')}){990}`,
      // JavaScript's empty classes, `\u` and `\x` escapes, as re2js reads them (found by an adversarial pass:
      // `[]` hid the rest of a pattern of 1.17 million instructions, 9 s to compile).
      `(?:[]|)${'a{1000}'.repeat(70)}]`,
      String.raw`\x{a{1000}`.repeat(70),
    ];
    for (const source of large) {
      expect(real(source), source.slice(0, 80)).toBeGreaterThan(3 * MAX_PROGRAM_SIZE);
      expect(counted(source), source.slice(0, 80)).toBeGreaterThanOrEqual(real(source) * 0.99);
      expect(counted(source), source.slice(0, 80)).toBeLessThanOrEqual(real(source) * 1.05);
    }
    // Far past it (re2js itself takes 1.4 million): refused at once, the pattern never compiled.
    expect(counted('a{1000}'.repeat(1_170))).toBe(1_170_000);
    expect(counted('((a{100}){100}){100}')).toBeGreaterThan(1_000_000);
    // Within three times of it, compiled, and its real size decides (its program adds two instructions).
    expect(LinearRegex.compile('a{1000}'.repeat(19)).size).toBe(19_002);
    expect(() => LinearRegex.compile('a{1000}'.repeat(20))).toThrow(/it compiles to 20,002 instructions, more than 20,000/);
    // Single characters as alternatives are one class to RE2, as they are to the count: not refused.
    for (const source of [String.raw`^(?:\u0020|\u00A0|\u2007|\u202F){0,1000}$`, String.raw`^(?:\u00e9|\u00e8|\u00ea|\u00eb|[a-z]){1,1000}$`]) expect(LinearRegex.compile(source).size).toBeLessThan(3_000);
  });

  it('refuses a pattern longer than MAX_PATTERN_CHARS, and case-insensitive classes that span too many characters to fold', () => {
    // A class of that many characters is one instruction.
    expect(() => LinearRegex.compile(`[${'a'.repeat(MAX_PATTERN_CHARS - 1)}]`)).toThrow(/it is 65,537 characters long, more than 65,536; write a shorter pattern/);
    expect(LinearRegex.compile(`[${'a'.repeat(MAX_PATTERN_CHARS - 2)}]`).size).toBeLessThan(10);
    // 1,000 ranges of `B-\u{1E942}` (4 KB) took 5.1 s to compile to 3 instructions.
    const wide = `[${'B-\u{1E942}'.repeat(1_000)}]`;
    expect(() => LinearRegex.compile(wide, 'i')).toThrow(/its case-insensitive classes span 125,185,000 characters that have other cases, more than 1,000,000/);
    expect(() => LinearRegex.compile(`(?i)${wide}`)).toThrow(/case-insensitive classes span/);
    expect(() => LinearRegex.compile(String.raw`(?i)[\x{42}-\x{1E942}]`.repeat(9))).toThrow(/case-insensitive classes span/);
    // Case-sensitive, they cost nothing to fold; a few full ranges under `i` are within the bound.
    expect(LinearRegex.compile(wide).size).toBeLessThan(10);
    expect(LinearRegex.compile(String.raw`[\x{41}-\x{1E943}][a-zA-Z\u00C0-\u024F]`.repeat(4), 'i').size).toBeLessThan(20);
  });

  // Found by an adversarial pass: each `\s` after a `-` re-read the whole class with a pattern.
  it('rewrites a class of many `\\s-` in time that grows with its length', () => {
    expect(runCpuBounded(`
      import { LinearRegex } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, '../../src/core/linear-regex.ts')).href)};
      const regex = LinearRegex.compile('[' + '\\\\s-'.repeat(21_000) + ']');
      console.log(regex.test('-'), regex.test('\\u00a0'), regex.test('x'));`, 20, 60_000)).toEqual({ signal: null, stdout: ['true true false'], stderr: '' });
  });

  it("runs plan-runner's own patterns unbounded (limitWork: false), whose size is known", () => {
    const own = LinearRegex.compile('a{1000}', '', { limitWork: false });
    const text = 'b'.repeat(120_000);
    expect(own.size * text.length).toBeGreaterThan(MAX_REGEX_WORK);
    expect(own.test(text)).toBe(false);
  });
});

// Found by an adversarial pass: the rewrites of `.` and `[]` reached inside `\Q…\E`.
describe('LinearRegex: \\Q…\\E', () => {
  it('matches its text as written, whatever it holds', () => {
    const cases: [string, string, boolean][] = [
      [String.raw`^\Q.\E$`, '.', true],
      [String.raw`^\Q.\E$`, 'x', false],
      [String.raw`^\Qa/b\E$`, 'a/b', true],
      [String.raw`^\Q[]\E$`, '[]', true],
      [String.raw`^\Q(a|b)*\E$`, '(a|b)*', true],
      [String.raw`^\Q(a|b)*\E$`, 'a', false],
      [String.raw`^\Qa-b{2}\E+$`, 'a-b{2}}', true],
      [String.raw`^x\Q\s`, String.raw`x\s`, true],
    ];
    for (const [pattern, text, matches] of cases) expect(LinearRegex.compile(pattern).test(text), `${pattern} on ${text}`).toBe(matches);
    // Escaped, 9,990 `[]` are 19,980 characters, not 9,990 classes of any character.
    expect(LinearRegex.compile(`\\Q${'[]'.repeat(9_990)}\\E`).size).toBeLessThan(MAX_PROGRAM_SIZE);
  });
});

describe('LinearRegex: errors quote a long pattern in part', () => {
  it('shows the first 200 characters of a pattern, and how many more there are', () => {
    const long = `${'a'.repeat(199)}😀${'b'.repeat(5_000)}(`;
    // Cut before the emoji, not between its halves.
    expect(() => LinearRegex.compile(long)).toThrow(`the pattern ${'a'.repeat(199)}… (5,003 more characters) cannot be used`);
    const regex = LinearRegex.compile(`${'x'.repeat(300)}\\pL{1000}`);
    expect(() => regex.test('a'.repeat(400_000))).toThrow(new RegExp(`^the pattern /${'x'.repeat(199)}… \\([\\d,]+ more characters\\) compiles to`));
  });
});
