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

/** The longest pattern from a plan, a model or a tool's schema: far past any pattern's need, and a bound on reading one. */
export const MAX_PATTERN_CHARS = 65_536;

/**
 * The most characters case-insensitive classes may span between them (of the runes that have other
 * cases, U+0041 to U+1E943): re2js folds each rune of each range as it parses, and 1,000 ranges of
 * `B-\u{1E942}` under `i` (4 KB) took 5.1 s while compiling to 3 instructions.
 */
const MAX_FOLDED_RUNES = 1_000_000;

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
    const limitWork = options.limitWork !== false;
    if (limitWork && source.length > MAX_PATTERN_CHARS) {
      throw new RegexSyntaxError(source, `it is ${groupDigits(source.length)} characters long, more than ${groupDigits(MAX_PATTERN_CHARS)}; write a shorter pattern`);
    }
    const written = withJavaScriptClasses(source, flags.includes('s'));
    let regex: LinearRegex;
    try {
      // What re2js parses: JavaScript's `[]`, `[^]`, `\u…` and `\cX` as RE2 writes them.
      const translated = re2.translateRegExp(written);
      // Counted before compiling, which is what costs: the program's size is known only after.
      if (limitWork) refuseCostlyCompile(source, translated, flags.includes('i') || /\(\?[a-zA-Z]*i/.test(translated));
      regex = new LinearRegex(source, flags, re2.compile(translated, bits), limitWork);
    } catch (error) {
      if (error instanceof RegexSyntaxError) throw error;
      throw new RegexSyntaxError(source, readableReason(error), { cause: error });
    }
    if (limitWork && regex.size > MAX_PROGRAM_SIZE) throw new RegexSyntaxError(source, tooLarge(`compiles to ${groupDigits(regex.size)}`));
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

/** Why a pattern is too large; `count` says how its size was known: `compiles to 20,002`, `would compile to about 60,500`. */
function tooLarge(count: string): string {
  return `it is too large: it ${count} instructions, more than ${groupDigits(MAX_PROGRAM_SIZE)} (a counted repeat such as {1000} copies what it repeats that many times); write a shorter pattern`;
}

/**
 * Refuses, before re2js compiles it, a pattern whose compiling would cost seconds: a program far past
 * MAX_PROGRAM_SIZE (by the count `estimatedCost` makes; past it by less, the compiled size decides, as
 * the count can be over by a few times where RE2 merges alternatives), or case-insensitive classes
 * spanning more than MAX_FOLDED_RUNES.
 */
function refuseCostlyCompile(source: string, translated: string, foldsCase: boolean): void {
  const cost = estimatedCost(translated, foldsCase);
  if (cost.size > 3 * MAX_PROGRAM_SIZE) throw new RegexSyntaxError(source, tooLarge(`would compile to about ${groupDigits(cost.size)}`));
  if (cost.foldedRunes > MAX_FOLDED_RUNES) {
    throw new RegexSyntaxError(
      source,
      `its case-insensitive classes span ${groupDigits(cost.foldedRunes)} characters that have other cases, more than ${groupDigits(MAX_FOLDED_RUNES)}, each of which compiling folds; write narrower ranges, or leave out the i flag`,
    );
  }
}

/** A group being read by `estimatedCost`: its finished alternatives, the one being read, its last item. */
interface SizeFrame {
  readonly alternatives: number[];
  /** Whether each finished alternative is one character or class alone, which RE2 merges into one class. */
  readonly single: boolean[];
  current: number;
  last: number;
  /** The items of the alternative being read, and whether the one item is a character or class. */
  items: number;
  runeish: boolean;
  readonly capture: boolean;
}

/** The code point a class member starting at `at` stands for, and where it ends; undefined for a class escape. */
function classMember(text: string, at: number): { readonly rune: number | undefined; readonly end: number } {
  if (text[at] !== '\\') {
    const rune = text.codePointAt(at)!;
    return { rune, end: at + (rune > 0xffff ? 2 : 1) };
  }
  const next = text[at + 1];
  const braced = /^\\[xp]\{([^}]*)\}/i.exec(text.slice(at, at + 16));
  if (next === 'x' && braced && /^[0-9A-Fa-f]+$/.test(braced[1]!)) return { rune: Number.parseInt(braced[1]!, 16), end: at + braced[0].length };
  if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(text.slice(at + 2, at + 4))) return { rune: Number.parseInt(text.slice(at + 2, at + 4), 16), end: at + 4 };
  if ((next === 'p' || next === 'P') && braced) return { rune: undefined, end: at + braced[0].length };
  if (next === 'p' || next === 'P') return { rune: undefined, end: at + 3 };
  if (next !== undefined && /[dDwWsS]/.test(next)) return { rune: undefined, end: at + 2 };
  return { rune: next === undefined ? undefined : next.codePointAt(0), end: at + 2 };
}

/** The runes with other cases that the ranges of the class at `open` (its `[`) span, and where it ends (its `]`). */
function classCost(text: string, open: number): { readonly folded: number; readonly close: number } {
  let at = open + 1;
  if (text[at] === '^') at++;
  let folded = 0;
  let first = true;
  while (at < text.length && (text[at] !== ']' || first)) {
    first = false;
    if (text.startsWith('[:', at)) {
      const end = text.indexOf(':]', at + 2);
      at = end === -1 ? text.length : end + 2;
      continue;
    }
    const low = classMember(text, at);
    at = low.end;
    let high = low;
    if (text[at] === '-' && text[at + 1] !== ']' && at + 1 < text.length) {
      high = classMember(text, at + 1);
      at = high.end;
    }
    if (low.rune !== undefined && high.rune !== undefined) folded += Math.max(0, Math.min(high.rune, 0x1e943) - Math.max(low.rune, 0x41) + 1);
  }
  return { folded, close: at };
}

/**
 * About how many instructions re2js compiles `translated` (RE2 syntax, as re2js's `translateRegExp` writes
 * it) to, counted as its parser counts a tree's size (`calcSize`): each literal character, class or
 * assertion one; a capture 2 more, `*` 2, `+` and `?` 1; an alternation its branches and one between
 * each two, or one for alternatives that are each one character or class (which RE2 merges into a
 * class); `{n,m}` m copies and m − n more; `{n,}` n copies and 1. And, for a case-insensitive pattern,
 * the runes its classes' ranges span (`classCost`). Read in one pass without recursion, and never parsed
 * for meaning: a pattern the engine then refuses costs no more than this.
 */
function estimatedCost(translated: string, foldsCase: boolean): { readonly size: number; readonly foldedRunes: number } {
  const newFrame = (capture: boolean): SizeFrame => ({ alternatives: [], single: [], current: 0, last: 0, items: 0, runeish: false, capture });
  const frames: SizeFrame[] = [newFrame(false)];
  let foldedRunes = 0;
  const atom = (size: number, runeish: boolean): void => {
    const frame = frames[frames.length - 1]!;
    frame.current += size;
    frame.last = size;
    frame.items += 1;
    frame.runeish = runeish;
  };
  const repeat = (size: (sub: number) => number): void => {
    const frame = frames[frames.length - 1]!;
    const repeated = Math.max(1, size(frame.last));
    frame.current += repeated - frame.last;
    frame.last = repeated;
    frame.runeish = false;
  };
  const endAlternative = (frame: SizeFrame): void => {
    frame.alternatives.push(frame.current);
    frame.single.push(frame.items === 1 && frame.runeish);
    frame.current = 0;
    frame.last = 0;
    frame.items = 0;
    frame.runeish = false;
  };
  const closed = (frame: SizeFrame): number => {
    endAlternative(frame);
    const branches = frame.alternatives;
    const merged = branches.length > 1 && frame.single.every(Boolean);
    const size = merged ? 1 : branches.reduce((sum, branch) => sum + branch, 0) + branches.length - 1;
    // A capture is its content, at least one (an empty match), and two.
    return Math.max(1, size) + (frame.capture ? 2 : 0);
  };
  for (let i = 0; i < translated.length; i++) {
    const char = translated[i]!;
    if (char === '\\') {
      // (No `\Q…\E` reaches here: `withJavaScriptClasses` writes its text out escaped.)
      const next = translated[i + 1];
      const member = classMember(translated, i);
      i = member.end - 1;
      atom(1, next !== 'b' && next !== 'B' && next !== 'A' && next !== 'z');
    } else if (char === '[') {
      const cls = classCost(translated, i);
      if (foldsCase) foldedRunes += cls.folded;
      i = cls.close;
      atom(1, true);
    } else if (char === '(') {
      const flagsOnly = /^\(\?[a-zA-Z-]*\)/.exec(translated.slice(i, i + 40));
      if (flagsOnly) {
        i += flagsOnly[0].length - 1;
        continue;
      }
      const capture = translated[i + 1] !== '?' || /^\(\?P?</.test(translated.slice(i, i + 4));
      frames.push(newFrame(capture));
      // Past the group's opening, `(?:`, `(?i:`, `(?P<name>` or `(?<name>`: what follows is its content.
      if (translated[i + 1] === '?') {
        const open = /^\(\?(?:P?<[^>]*>|[a-zA-Z-]*:)/.exec(translated.slice(i, i + 200));
        if (open) i += open[0].length - 1;
      }
    } else if (char === ')') {
      if (frames.length > 1) atom(closed(frames.pop()!), false);
      else atom(1, true);
    } else if (char === '|') endAlternative(frames[frames.length - 1]!);
    else if (char === '*') repeat((sub) => 2 + sub);
    else if (char === '+' || char === '?') {
      // A `?` after a repeat makes it lazy, a `+` possessive (which RE2 refuses): neither adds to it.
      const before = translated[i - 1];
      if (before === '*' || before === '+' || before === '?' || before === '}') continue;
      repeat((sub) => 1 + sub);
    } else if (char === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(translated.slice(i, i + 16));
      if (!counted) {
        atom(1, true);
        continue;
      }
      const least = Number(counted[1]);
      const most = counted[2] === undefined ? least : counted[3] ? Number(counted[3]) : undefined;
      repeat((sub) => (most === undefined ? (least === 0 ? 2 + sub : 1 + least * sub) : most * sub + (most - least)));
      i += counted[0].length - 1;
    } else {
      // A surrogate pair is one character.
      if (char >= '\uD800' && char <= '\uDBFF') i++;
      atom(1, char !== '^' && char !== '$');
    }
  }
  while (frames.length > 1) atom(closed(frames.pop()!), false);
  return { size: closed(frames[0]!), foldedRunes };
}

/** JavaScript's `\s`, item by item: every white space and line terminator (RE2's is ASCII only). */
const JS_SPACE_ITEMS = ['\\t', '\\n', '\\x0B', '\\f', '\\r', ' ', '\\x{A0}', '\\x{1680}', '\\x{2000}-\\x{200A}', '\\x{2028}', '\\x{2029}', '\\x{202F}', '\\x{205F}', '\\x{3000}', '\\x{FEFF}'];
const JS_SPACE = JS_SPACE_ITEMS.join('');
/** How a class member that is one white-space character can be written, as the item of JS_SPACE_ITEMS it is. */
const SPACE_MEMBER: Readonly<Record<string, string>> = { '\\t': '\\t', '\\n': '\\n', '\\v': '\\x0B', '\\f': '\\f', '\\r': '\\r', ' ': ' ' };
/** An inline group's flags: `(?s:`, `(?i-s:`, and `(?s)` for the rest of the group. */
const INLINE_FLAGS = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])/;

/** The letters an escape may be: RE2's, and JavaScript's that re2js reads as JavaScript means them (`\u…`, `\cX`). */
const ESCAPE_LETTERS = new Set('afnrtvxucdDsSwWbBAzpPQE');

/**
 * Refuses an escape of a letter neither engine knows, and `\8`, `\9`: re2js read each as the character itself, so a
 * goal's `^done\Z` (Python's end of text) looked for a `Z` and `\k<n>` (a named backreference) for `k<n>`, and `validate`
 * passed them (found by a hunt for bad inputs). JavaScript with the `u` flag, as JSON Schema's `pattern` is read, refuses them too.
 */
function refuseUnknownEscape(source: string, next: string | undefined): void {
  if (next === 'k' && source.includes('\\k<')) throw new RegexSyntaxError(source, 'invalid escape sequence: `\\k` — backreferences are not supported (patterns run on a linear-time engine, RE2 syntax)');
  if (next === undefined || !(next === '8' || next === '9' || (/^[A-Za-z]$/.test(next) && !ESCAPE_LETTERS.has(next)))) return;
  throw new RegexSyntaxError(source, `invalid escape sequence: \`\\${next}\` — not an escape the pattern engine knows (RE2 syntax); for the character itself write \`${next}\``);
}

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
    if (char === '\\' && source[i + 1] === 'Q') {
      // Literal text to `\E` (or the end), each character escaped where it means something: the rewrites
      // here and re2js's own reached inside it (`\Q.\E` matched no `.`, `\Q[\E` was an unclosed class).
      const end = source.indexOf('\\E', i + 2);
      out += source.slice(i + 2, end === -1 ? source.length : end).replace(/[\\^$.|?*+()[\]{}\-/]/g, '\\$&');
      i = end === -1 ? source.length : end + 1;
    } else if (char === '\\') {
      const next = source[i + 1];
      refuseUnknownEscape(source, next);
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
      // The class's members as written out, in pieces: joined once at its end (a string read back at each `\s`
      // took time that grew with the square of the class: `[\s-\s-…]`, 60 KB, 89 s).
      const parts: string[] = [];
      let nonSpace = false;
      const members: string[] = [];
      for (; j < source.length && source[j] !== ']'; j++) {
        if (source[j] !== '\\') {
          parts.push(source[j]!);
          members.push(source[j]!);
          continue;
        }
        const next = source[++j];
        refuseUnknownEscape(source, next);
        if (next === 's') {
          // A `-` beside a class escape is a character in JavaScript, not a range (a `-` piece is one as written).
          if (parts.at(-1) === '-' && parts.length > 1) parts[parts.length - 1] = '\\-';
          parts.push(JS_SPACE);
          members.push('\\s');
          if (source[j + 1] === '-' && source[j + 2] !== ']') {
            parts.push('\\-');
            j++;
          }
        } else if (next === 'S') nonSpace = true;
        else {
          parts.push(`\\${next ?? ''}`);
          members.push(`\\${next ?? ''}`);
        }
      }
      const body = parts.join('');
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
