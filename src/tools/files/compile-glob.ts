import { LinearRegex } from '../../core/linear-regex.ts';
import { InvalidGlobError } from './invalid-glob-error.ts';

/** Longer globs are refused: no one needs them, and they bound the compiled matcher's size. */
export const MAX_GLOB_CHARS = 500;
const MAX_BRACE_DEPTH = 8;
/** One path segment that does not start with a dot (`*` and `**` skip dotfiles unless a `.` is written). */
const SEGMENT = '[^/.][^/]*';
const EXTGLOB = /[@!+*?]\(/;

/** Literal text as RE2 syntax. */
function literal(char: string): string {
  return /[\\^$.|?*+()[\]{}/]/.test(char) ? `\\${char}` : char;
}

class GlobCompiler {
  #index = 0;
  readonly #pattern: string;
  readonly #fail: (reason: string) => never;

  constructor(pattern: string, fail: (reason: string) => never) {
    this.#pattern = pattern;
    this.#fail = fail;
  }

  compile(): string {
    const body = this.#sequence(true, 0).source;
    if (this.#index < this.#pattern.length) this.#fail(`unexpected '${this.#pattern[this.#index]}' at character ${this.#index + 1}`);
    return `^${body}$`;
  }

  /** Glob text up to the end, or (inside braces) up to the next top-level `,` or `}`. */
  #sequence(segmentStart: boolean, depth: number): { source: string; segmentStart: boolean } {
    const pattern = this.#pattern;
    let source = '';
    let atStart = segmentStart;
    while (this.#index < pattern.length) {
      const char = pattern[this.#index]!;
      if (depth > 0 && (char === ',' || char === '}')) break;
      if (char === '\\' && this.#index + 1 < pattern.length) {
        source += literal(pattern[this.#index + 1]!);
        this.#index += 2;
        atStart = false;
      } else if (char === '/') {
        source += '/';
        this.#index += 1;
        atStart = true;
      } else if (char === '*') {
        source += this.#star(atStart, depth);
        atStart = source.endsWith('/)*');
      } else if (char === '?') {
        source += atStart ? '[^/.]' : '[^/]';
        this.#index += 1;
        atStart = false;
      } else if (char === '[' && this.#classEnd() > 0) {
        source += this.#characterClass(atStart);
        atStart = false;
      } else if (char === '{' && this.#hasBraceGroup()) {
        const group = this.#braceGroup(atStart, depth + 1);
        source += group.source;
        atStart = group.segmentStart;
      } else {
        source += literal(char);
        this.#index += 1;
        atStart = false;
      }
    }
    return { source, segmentStart: atStart };
  }

  #star(atStart: boolean, depth: number): string {
    const pattern = this.#pattern;
    let end = this.#index;
    while (pattern[end] === '*') end += 1;
    const next = pattern[end];
    const closesSegment = next === undefined || next === '/' || (depth > 0 && (next === ',' || next === '}'));
    const globstar = end - this.#index >= 2 && atStart && closesSegment;
    this.#index = end;
    if (globstar && next === '/') {
      this.#index += 1;
      return `(?:${SEGMENT}/)*`; // zero or more whole directories
    }
    if (globstar) return `(?:${SEGMENT}(?:/${SEGMENT})*)?`;
    if (!atStart) return '[^/]*';
    // At a segment's start the name must not begin with a dot; a following literal '.' means the star is non-empty.
    return next === '.' ? SEGMENT : `(?:${SEGMENT})?`;
  }

  /** Index just past the `]` closing the class at the current `[`, or 0 when there is none. */
  #classEnd(): number {
    const pattern = this.#pattern;
    let end = this.#index + 1;
    if (pattern[end] === '!' || pattern[end] === '^') end += 1;
    if (pattern[end] === ']') end += 1;
    while (end < pattern.length && pattern[end] !== ']' && pattern[end] !== '/') end += pattern[end] === '\\' ? 2 : 1;
    return pattern[end] === ']' ? end + 1 : 0;
  }

  #characterClass(atStart: boolean): string {
    const end = this.#classEnd();
    let body = this.#pattern.slice(this.#index + 1, end - 1);
    this.#index = end;
    const negated = body.startsWith('!') || body.startsWith('^');
    if (negated) body = body.slice(1);
    let members = '';
    for (let i = 0; i < body.length; i += 1) {
      const char = body[i]!;
      if (char === '\\' && i + 1 < body.length) {
        members += `\\${body[i + 1]!}`.replace(/^\\([A-Za-z0-9])$/, '$1');
        i += 1;
      } else if (char === '-' && i > 0 && i < body.length - 1) members += '-';
      else members += /[\\\]^[-]/.test(char) ? `\\${char}` : char;
    }
    if (negated) return `[^/${atStart ? '.' : ''}${members}]`;
    return `[${members}]`;
  }

  /** Whether the `{` at the current index opens a group with a top-level comma and a closing brace. */
  #hasBraceGroup(): boolean {
    const pattern = this.#pattern;
    let depth = 0;
    let comma = false;
    for (let i = this.#index; i < pattern.length; i += 1) {
      const char = pattern[i];
      if (char === '\\') i += 1;
      else if (char === '{') depth += 1;
      else if (char === '}') {
        depth -= 1;
        if (depth === 0) return comma;
      } else if (char === ',' && depth === 1) comma = true;
    }
    return false;
  }

  #braceGroup(atStart: boolean, depth: number): { source: string; segmentStart: boolean } {
    if (depth > MAX_BRACE_DEPTH) this.#fail(`braces nest more than ${MAX_BRACE_DEPTH} deep`);
    const alternatives: string[] = [];
    let allEndAtStart = true;
    this.#index += 1; // {
    for (;;) {
      const alternative = this.#sequence(atStart, depth);
      alternatives.push(alternative.source);
      allEndAtStart &&= alternative.segmentStart;
      const char = this.#pattern[this.#index];
      this.#index += 1;
      if (char === '}') break;
    }
    return { source: `(?:${alternatives.join('|')})`, segmentStart: allEndAtStart };
  }
}

/**
 * A glob as it is matched, spelled as read_file reads a path: a run of `/` as one, a `.` segment naming the folder it
 * is in, and a trailing `/` (or nothing left) meaning the files below (`src/` and `src/.` are `src/**`). `src//*.ts`,
 * `src/./*.ts` and `src/` matched no file, where read_file read `src//a.ts` and `src/./a.ts` (found by reviews).
 */
export function normalGlob(pattern: string): string {
  const segments = pattern.split(/\/+/);
  // A last `.` is the folder itself: kept as the trailing `/` that means its files.
  if (segments.at(-1) === '.') segments[segments.length - 1] = '';
  const glob = segments.filter((segment) => segment !== '.').join('/');
  return glob === '' || glob.endsWith('/') ? `${glob}**` : glob;
}

/**
 * A glob (`*`, `**`, `?`, `[…]`, `{a,b}`) compiled to a linear-time matcher for repository paths.
 * `path.matchesGlob` backtracks (a brace-heavy or star-heavy glob takes minutes per file and blocks
 * the event loop), and globs here are chosen by a model. Throws `InvalidGlobError`.
 */
export function compileGlob(toolName: string, pattern: string): LinearRegex {
  const fail = (reason: string): never => {
    throw new InvalidGlobError(toolName, pattern, reason);
  };
  if (pattern.length > MAX_GLOB_CHARS) fail(`it is ${pattern.length} characters long; at most ${MAX_GLOB_CHARS} are allowed`);
  if (EXTGLOB.test(pattern)) fail('extended globs such as @(…), !(…), +(…) are not supported; use {a,b} alternatives');
  const source = new GlobCompiler(normalGlob(pattern), fail).compile();
  try {
    return LinearRegex.compile(source);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}
