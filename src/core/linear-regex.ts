import type { RE2JS } from 're2js';
import { groupDigits } from './group-digits.ts';
import { missingEngineAdvice, regexEngineFile } from './regex-engine-file.ts';
import { RegexSyntaxError } from './regex-syntax-error.ts';
import { RegexWorkError } from './regex-work-error.ts';

let engine: typeof RE2JS | undefined;

/**
 * re2js, loaded when the first pattern is compiled: BODMAS compiles none, and V8 compiled all of its 264 KB
 * at every start while it was part of the bundle. Loaded with `require`, synchronously, as patterns are
 * compiled inside synchronous checks (validation, redaction), from where `regexEngineFile` says.
 * (`process.getBuiltinModule` so that ncc does not see a `require` and put the package back into the bundle.)
 */
function re2js(): typeof RE2JS {
  if (engine) return engine;
  const from = regexEngineFile();
  try {
    engine = (process.getBuiltinModule('node:module').createRequire(import.meta.url)(from) as { RE2JS: typeof RE2JS }).RE2JS;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
    throw new Error(`plan-runner's regex engine could not be loaded (${reason}): ${missingEngineAdvice(from)}`, { cause: error });
  }
  return engine;
}

/** The engine's bit for each JavaScript-style flag. */
function flagBit(engine: typeof RE2JS, flag: string): number | undefined {
  if (flag === 'i') return engine.CASE_INSENSITIVE;
  if (flag === 'm') return engine.MULTILINE;
  if (flag === 's') return engine.DOTALL;
  return flag === 'u' ? 0 : undefined; // RE2 always matches by code point
}

/**
 * The most work one call may do: the program's size times the text's length. The engine keeps at most one
 * thread per instruction at each character, and took up to 41 ns per instruction and character on the
 * slowest shapes measured (`\pL{1000}\pN` over 1 MB of letters: 41 s; `\w{1000}\d`: 23 s), so a call holds
 * the event loop about 4 s at the very worst, and literal or ASCII patterns far less. A pattern of 95 steps
 * still reads a whole 1 MiB tool result in one call; one with a `{1000}` repeat, 100 KB.
 */
export const MAX_REGEX_WORK = 100_000_000;

/**
 * The most instructions a pattern from a plan, a model or a tool's schema may compile to. Compiling
 * takes time and memory with the program (0.34 s and 230 MB at 100,000; an 8 KiB pattern of `a{1000}`s,
 * 1.4 million, took 13.4 s and 2.5 GB, on the event loop), and such a pattern could read only
 * MAX_REGEX_WORK / MAX_PROGRAM_SIZE = 5,000 characters in one call anyway. `\pL{1000}` is 1,002.
 */
export const MAX_PROGRAM_SIZE = 20_000;

/** A match: where it starts (UTF-16 index, as `RegExp` reports it) and the matched text. */
export type LinearMatch = { readonly index: number; readonly text: string };

/**
 * A regular expression that runs in time linear in its input (RE2 semantics, via the pure-JS
 * `re2js` port), for every pattern a plan author or a model writes: a backtracking `RegExp` on
 * hostile text can block the event loop for minutes, where no timer or signal can interrupt it.
 * JavaScript syntax is accepted where RE2 has the same meaning (`(?<name>…)`, `\u00e9`, `[^]`), and
 * `\s`, `\S` and `.`, whose meaning RE2 does not share, are written out as JavaScript means them
 * (with the `m` flag, `^` and `$` still see lines end at `\n` only, not at `\r`, U+2028 or U+2029);
 * lookaround and backreferences, which need backtracking, are refused with a `RegexSyntaxError`.
 */
export class LinearRegex {
  readonly source: string;
  readonly flags: string;
  /** The compiled program's instructions: how many threads the engine may carry at each character. */
  readonly size: number;
  readonly #compiled: RE2JS;
  readonly #limitWork: boolean;

  private constructor(source: string, flags: string, compiled: RE2JS, limitWork: boolean) {
    this.source = source;
    this.flags = flags;
    this.#compiled = compiled;
    this.#limitWork = limitWork;
    this.size = programSize(compiled, source);
  }

  /**
   * Compiles `source` with JavaScript-style `flags` (`i`, `m`, `s`, `u`), or throws `RegexSyntaxError`.
   * Each call then throws `RegexWorkError` rather than do more than MAX_REGEX_WORK (`limitWork: false`
   * only for plan-runner's own patterns, whose size is known).
   */
  static compile(source: string, flags = '', options: { readonly limitWork?: boolean } = {}): LinearRegex {
    const re2 = re2js();
    let bits = 0;
    for (const flag of flags) {
      const bit = flagBit(re2, flag);
      if (bit === undefined) throw new RegexSyntaxError(source, `flag \`${flag}\` is not supported; use i, m, s or u`);
      bits |= bit;
    }
    const written = withJavaScriptClasses(source, flags.includes('s'));
    const limitWork = options.limitWork !== false;
    // Counted before compiling, which is what costs: the program's size is known only after.
    const estimate = limitWork ? estimatedProgramSize(written) : 0;
    if (estimate > MAX_PROGRAM_SIZE) throw new RegexSyntaxError(source, tooLarge(estimate));
    let regex: LinearRegex;
    try {
      regex = new LinearRegex(source, flags, re2.compile(re2.translateRegExp(written), bits), limitWork);
    } catch (error) {
      throw new RegexSyntaxError(source, readableReason(error), { cause: error });
    }
    if (limitWork && regex.size > MAX_PROGRAM_SIZE) throw new RegexSyntaxError(source, tooLarge(regex.size));
    return regex;
  }

  /** Whether a call on `text` stays within MAX_REGEX_WORK (always, for a pattern compiled with `limitWork: false`). */
  fits(text: string): boolean {
    return !this.#limitWork || this.size * text.length <= MAX_REGEX_WORK;
  }

  /**
   * Throws `RegexWorkError` when one call on `text` could pass MAX_REGEX_WORK: also for a caller that makes
   * many calls on its parts (each sentence of a text), whose work together is the same as one on it whole.
   */
  checkWork(text: string): void {
    if (!this.fits(text)) throw new RegexWorkError(this.toString(), this.size, text.length, MAX_REGEX_WORK);
  }

  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean {
    this.checkWork(text);
    return this.#compiled.test(text);
  }

  /** The first (leftmost) match in `text`, or `undefined`. */
  exec(text: string): LinearMatch | undefined {
    this.checkWork(text);
    const found = this.#compiled.exec(text);
    if (!found) return undefined;
    return { index: (found as unknown as { index: number }).index, text: String(found[0]) };
  }

  /** `text` with every match replaced by `replacement`, taken as written (no `$` groups). */
  replaceAll(text: string, replacement: string): string {
    this.checkWork(text);
    return this.#compiled.matcher(text).replaceAll(() => replacement);
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * The instructions of `compiled`'s program, which re2js keeps as `re2Input.prog.inst` (not in its types;
 * test/core/linear-regex.test.ts fails if a new version moves it). Should it be missing, the pattern's
 * length with every counted repeat multiplied out stands in: never less than the program.
 */
function programSize(compiled: RE2JS, source: string): number {
  const inst = (compiled as unknown as { re2Input?: { prog?: { inst?: unknown } } }).re2Input?.prog?.inst;
  if (Array.isArray(inst)) return inst.length;
  let size = source.length;
  for (const [, least, most] of source.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) size *= Math.max(1, Number(most || least));
  return size;
}

function tooLarge(size: number): string {
  return `it is too large: it compiles to about ${groupDigits(size)} instructions, more than ${groupDigits(MAX_PROGRAM_SIZE)} (a counted repeat such as {1000} copies what it repeats that many times); write a shorter pattern`;
}

/** A group being read by `estimatedProgramSize`: its finished alternatives, the one being read, its last item. */
interface SizeFrame {
  readonly alternatives: number[];
  current: number;
  last: number;
  readonly capture: boolean;
}

/**
 * About how many instructions re2js compiles `written` (RE2 syntax, as `withJavaScriptClasses` writes it)
 * to, counted as its parser counts a tree's size (`calcSize`): each literal character, class or
 * assertion one; a capture 2 more, `*` 2, `+` and `?` 1; an alternation its branches and one between
 * each two; `{n,m}` m copies and m − n more; `{n,}` n copies and 1. Read in one pass without
 * recursion, and never parsed for meaning: a pattern the engine then refuses costs no more than this.
 */
function estimatedProgramSize(written: string): number {
  const frames: SizeFrame[] = [{ alternatives: [], current: 0, last: 0, capture: false }];
  const atom = (size: number): void => {
    const frame = frames[frames.length - 1]!;
    frame.current += size;
    frame.last = size;
  };
  const repeat = (size: (sub: number) => number): void => {
    const frame = frames[frames.length - 1]!;
    const repeated = Math.max(1, size(frame.last));
    frame.current += repeated - frame.last;
    frame.last = repeated;
  };
  const closed = (frame: SizeFrame): number => {
    const branches = [...frame.alternatives, frame.current];
    const size = branches.reduce((sum, branch) => sum + branch, 0) + branches.length - 1 + (frame.capture ? 2 : 0);
    return Math.max(1, size);
  };
  for (let i = 0; i < written.length; i++) {
    const char = written[i]!;
    if (char === '\\') {
      const next = written[++i];
      if (next === 'Q') {
        // Literal text to `\E`: a character each.
        const end = written.indexOf('\\E', i + 1);
        const stop = end === -1 ? written.length : end;
        for (let j = i + 1; j < stop; j++) atom(1);
        i = end === -1 ? written.length : end + 1;
        continue;
      }
      // `\p{…}`, `\x{…}`, `\u{…}`: one item to the brace that closes it; `\pL`: with its letter.
      if ((next === 'p' || next === 'P' || next === 'x' || next === 'u') && written[i + 1] === '{') {
        const end = written.indexOf('}', i + 1);
        i = end === -1 ? written.length : end;
      } else if (next === 'p' || next === 'P') i++;
      atom(1);
    } else if (char === '[') {
      // A class, to its first unescaped `]` after its first member (`[]a]`, `[^]a]`): one instruction.
      let j = i + 1;
      if (written[j] === '^') j++;
      if (written[j] === ']') j++;
      for (; j < written.length && written[j] !== ']'; j++) if (written[j] === '\\') j++;
      i = j;
      atom(1);
    } else if (char === '(') {
      const flagsOnly = /^\(\?[a-zA-Z-]*\)/.exec(written.slice(i, i + 40));
      if (flagsOnly) {
        i += flagsOnly[0].length - 1;
        continue;
      }
      const capture = written[i + 1] !== '?' || /^\(\?P?</.test(written.slice(i, i + 3));
      frames.push({ alternatives: [], current: 0, last: 0, capture });
      // Past the group's opening, `(?:`, `(?i:`, `(?P<name>` or `(?<name>`: what follows is its content.
      if (written[i + 1] === '?') {
        const open = /^\(\?(?:P?<[^>]*>|[a-zA-Z-]*:)/.exec(written.slice(i, i + 200));
        if (open) i += open[0].length - 1;
      }
    } else if (char === ')') {
      if (frames.length > 1) atomAfterClose(frames.pop()!);
      else atom(1);
    } else if (char === '|') {
      const frame = frames[frames.length - 1]!;
      frame.alternatives.push(frame.current);
      frame.current = 0;
      frame.last = 0;
    } else if (char === '*') repeat((sub) => 2 + sub);
    else if (char === '+' || char === '?') {
      // A `?` after a repeat makes it lazy, a `+` possessive (which RE2 refuses): neither adds to it.
      const before = written[i - 1];
      if (before === '*' || before === '+' || before === '?' || before === '}') continue;
      repeat((sub) => 1 + sub);
    } else if (char === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(written.slice(i, i + 16));
      if (!counted) {
        atom(1);
        continue;
      }
      const least = Number(counted[1]);
      const most = counted[2] === undefined ? least : counted[3] ? Number(counted[3]) : undefined;
      repeat((sub) => (most === undefined ? (least === 0 ? 2 + sub : 1 + least * sub) : most * sub + (most - least)));
      i += counted[0].length - 1;
    } else atom(1);
  }
  function atomAfterClose(frame: SizeFrame): void {
    atom(closed(frame));
  }
  while (frames.length > 1) atomAfterClose(frames.pop()!);
  return closed(frames[0]!);
}

/** JavaScript's `\s`, item by item: every white space and line terminator (RE2's is ASCII only). */
const JS_SPACE_ITEMS = ['\\t', '\\n', '\\x0B', '\\f', '\\r', ' ', '\\x{A0}', '\\x{1680}', '\\x{2000}-\\x{200A}', '\\x{2028}', '\\x{2029}', '\\x{202F}', '\\x{205F}', '\\x{3000}', '\\x{FEFF}'];
const JS_SPACE = JS_SPACE_ITEMS.join('');
/** How a class member that is one white-space character can be written, as the item of JS_SPACE_ITEMS it is. */
const SPACE_MEMBER: Readonly<Record<string, string>> = { '\\t': '\\t', '\\n': '\\n', '\\v': '\\x0B', '\\f': '\\f', '\\r': '\\r', ' ': ' ' };
/** An inline group's flags: `(?s:`, `(?i-s:`, and `(?s)` for the rest of the group. */
const INLINE_FLAGS = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/;

/**
 * `source` with the classes whose meaning RE2 and JavaScript do not share written out as JavaScript
 * means them: `\s` and `\S` (RE2: ASCII white space only, so `^\S+$` took a no-break space) and `.`
 * without the `s` flag, the pattern's or an inline group's (RE2 matches `\r`, U+2028 and U+2029 with
 * it; JavaScript does not). Inside `[…]`, `\s` is written out too, with a `-` beside it kept a
 * character as JavaScript reads it; a class with `\S` becomes that class or not-white-space
 * (`[\s\S]`: any character); a negated one with `\S` (`[^\S\r\n]`, white space but line breaks) is
 * written out when its other members are white-space characters, and refused otherwise.
 */
function withJavaScriptClasses(source: string, dotAll: boolean): string {
  const refuse = (reason: string): never => {
    throw new RegexSyntaxError(source, reason);
  };
  let out = '';
  // The `s` flag in force in each open group, innermost last.
  const groups = [dotAll];
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const next = source[i + 1];
      i++;
      out += next === 's' ? `[${JS_SPACE}]` : next === 'S' ? `[^${JS_SPACE}]` : `\\${next ?? ''}`;
    } else if (char === '(') {
      const inline = INLINE_FLAGS.exec(source.slice(i, i + 40));
      const current = groups[groups.length - 1]!;
      const flagged = inline ? (inline[1]!.includes('s') ? true : inline[2]?.includes('s') ? false : current) : current;
      if (inline?.[3] === ')') groups[groups.length - 1] = flagged;
      else groups.push(flagged);
      const text = inline ? inline[0] : char;
      out += text;
      i += text.length - 1;
    } else if (char === ')') {
      if (groups.length > 1) groups.pop();
      out += char;
    } else if (char === '[') {
      // A class, to its first unescaped `]` (JavaScript closes `[]` and `[^]` there too).
      const negated = source[i + 1] === '^';
      let j = negated ? i + 2 : i + 1;
      let body = '';
      let nonSpace = false;
      const members: string[] = [];
      for (; j < source.length && source[j] !== ']'; j++) {
        if (source[j] !== '\\') {
          body += source[j];
          members.push(source[j]!);
          continue;
        }
        const next = source[++j];
        if (next === 's') {
          // A `-` beside a class escape is a character in JavaScript, not a range.
          if (body.endsWith('-') && body.length > 1 && /(?:^|[^\\])(?:\\\\)*-$/.test(body)) body = `${body.slice(0, -1)}\\-`;
          body += JS_SPACE;
          members.push('\\s');
          if (source[j + 1] === '-' && source[j + 2] !== ']') {
            body += '\\-';
            j++;
          }
        } else if (next === 'S') nonSpace = true;
        else {
          body += `\\${next ?? ''}`;
          members.push(`\\${next ?? ''}`);
        }
      }
      if (j >= source.length) refuse('a `[` opens a class that no `]` closes');
      if (!nonSpace) out += `[${negated ? '^' : ''}${body}]`;
      else if (!negated) out += body === '' ? `[^${JS_SPACE}]` : `(?:[${body}]|[^${JS_SPACE}])`;
      else {
        // Not (not-white-space or these): the white space these are not.
        const removed = members.map((member) => SPACE_MEMBER[member] ?? (member === '\\s' ? 'all' : refuse('`\\S` inside `[^…]` is supported beside white-space characters only (`[^\\S\\r\\n]`); write the class another way')));
        const kept = removed.includes('all') ? [] : JS_SPACE_ITEMS.filter((item) => !removed.includes(item));
        out += kept.length === 0 ? '[^\\x{0}-\\x{10FFFF}]' : `[${kept.join('')}]`;
      }
      i = j;
    } else out += char === '.' && !groups[groups.length - 1] ? '[^\\n\\r\\x{2028}\\x{2029}]' : char;
  }
  return out;
}

function readableReason(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = raw.replace(/^error parsing regexp: /, '');
  if (/\(\?[=!]|\(\?<[=!]|invalid named capture: `\(\?<[=!]/.test(raw)) {
    return `${reason} — lookahead and lookbehind are not supported (patterns run on a linear-time engine, RE2 syntax); match the surrounding text instead`;
  }
  if (/invalid escape sequence: `\\[1-9]/.test(raw)) {
    return `${reason} — backreferences are not supported (patterns run on a linear-time engine, RE2 syntax)`;
  }
  if (/invalid repeat count/.test(raw)) return `${reason} — a repeat count can be at most 1000`;
  return reason;
}
