// Rewrites the bundles ncc wrote so that they are pure ASCII, the last step of `npm run build`:
// `node scripts/ascii-bundle.ts dist dist/cli`.
//
// Why: V8 keeps a source with a single character beyond ASCII as a two-byte string. Node decodes
// every module it loads from UTF-8 (8 ms per MB here, against 3 for ASCII), and V8 scans two-byte
// sources more slowly and keeps them at twice the size. The bundles hold a few thousand such
// characters (…, ✅, ×, in messages and comments) in 9 MB of code; an action run that loads the
// artifact client went from 140 to 116 MB and from 0.85 to 0.73 s of CPU once they were escaped.
//
// How: each character beyond ASCII becomes its escape where the language gives one the same meaning
// (strings, untagged template literals, regular expression literals, identifiers) or where meaning
// does not matter (comments). acorn finds which of these a character is in. A tagged template keeps its
// characters: its tag can read the raw text, which an escape would change. The result is parsed again
// and its syntax tree compared with the original's, values included: a difference fails the build.
// What the comparison cannot see is code that reads its own source: a regex's `.source`, a function's
// `toString()`, which show the escapes. The bundles' non-ASCII regexes come from src/ and only match.
import { parse, type Comment, type Node, type Options, type Token } from 'acorn';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const OPTIONS: Options = { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true };

/** A part of the source a character beyond ASCII can be in, and how it is escaped there. */
type Span = { readonly start: number; readonly end: number; readonly kind: 'comment' | 'literal' | 'name' | 'tagged' };

/** Thrown when a character cannot be escaped with the same meaning, or the escaped source parses differently. */
export class AsciiBundleError extends Error {}

function hex(unit: number): string {
  return unit.toString(16).padStart(4, '0');
}

/** `\uXXXX`, or a surrogate pair of them: the same UTF-16 units in a string, a template and a regular expression (with or without `u`). */
function unitEscapes(char: string): string {
  let escaped = '';
  for (let i = 0; i < char.length; i++) escaped += `\\u${hex(char.charCodeAt(i))}`;
  return escaped;
}

/** The source's tokens and comments (which never overlap), sorted, and the text of its tagged templates. */
function spansOf(source: string): { spans: Span[]; tagged: Span[]; ast: Node } {
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  const ast = parse(source, { ...OPTIONS, onToken: tokens, onComment: comments });
  const tagged: Span[] = [];
  walk(ast, (node) => {
    // Only the template's text: a string inside one of its `${}` is escaped like any other.
    if (node.type === 'TaggedTemplateExpression') {
      for (const text of (node as unknown as { quasi: { quasis: Node[] } }).quasi.quasis) tagged.push({ start: text.start, end: text.end, kind: 'tagged' });
    }
  });
  const spans: Span[] = comments.map((comment) => ({ start: comment.start, end: comment.end, kind: 'comment' }));
  for (const token of tokens) {
    const label = token.type.label;
    if (label === 'string' || label === 'template' || label === 'invalidTemplate' || label === 'regexp') spans.push({ start: token.start, end: token.end, kind: 'literal' });
    else if (label === 'name' || label === 'privateId') spans.push({ start: token.start, end: token.end, kind: 'name' });
  }
  spans.sort((a, b) => a.start - b.start);
  return { spans, tagged, ast };
}

/** The token or comment holding `index`: the last one starting at or before it, if it reaches past it. */
function spanAt(spans: readonly Span[], index: number): Span | undefined {
  let low = 0;
  let high = spans.length - 1;
  let found: Span | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.start <= index) {
      found = spans[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found && index < found.end ? found : undefined;
}

function backslashesBefore(source: string, index: number): number {
  let count = 0;
  while (index - count - 1 >= 0 && source[index - count - 1] === '\\') count++;
  return count;
}

/** The source with every character beyond ASCII escaped, and how many were left in tagged templates. */
export function asciiSource(source: string, where = 'the source'): { text: string; kept: number } {
  if (!/[^\x00-\x7f]/.test(source)) return { text: source, kept: 0 };
  const { spans, tagged, ast } = spansOf(source);
  let text = '';
  let from = 0;
  let kept = 0;
  for (const match of source.matchAll(/[^\x00-\x7f]/gu)) {
    const index = match.index;
    const char = match[0];
    const span = tagged.find((template) => template.start <= index && index < template.end) ?? spanAt(spans, index);
    const at = () => `${where}, offset ${index} (U+${char.codePointAt(0)!.toString(16).toUpperCase()})`;
    let escaped: string;
    let cut = index;
    if (span?.kind === 'tagged') {
      kept++;
      continue;
    } else if (char === '\u2028' || char === '\u2029') {
      // A line terminator between tokens or in a block comment separates lines (automatic semicolons
      // depend on it); in a literal it is the character itself, or after a backslash a line continuation.
      if (span?.kind === 'literal') {
        if (backslashesBefore(source, index) % 2 === 1) {
          cut = index - 1;
          escaped = '';
        } else escaped = unitEscapes(char);
      } else escaped = '\n';
    } else if (span?.kind === 'comment') escaped = unitEscapes(char);
    else if (span?.kind === 'name') {
      const point = char.codePointAt(0)!;
      escaped = point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${hex(point)}`;
    } else if (span?.kind === 'literal') {
      // `\é` means `é` in a string, a template and a regular expression without `u`: the escape replaces both characters.
      if (backslashesBefore(source, index) % 2 === 1) cut = index - 1;
      escaped = unitEscapes(char);
    } else if (/^\s$/u.test(char)) escaped = ' ';
    else throw new AsciiBundleError(`a character outside any literal, name or comment at ${at()}`);
    text += source.slice(from, cut) + escaped;
    from = index + char.length;
  }
  text += source.slice(from);
  const again = parse(text, OPTIONS);
  const difference = firstDifference(ast, again);
  if (difference) throw new AsciiBundleError(`escaping changed ${where}: ${difference}`);
  return { text, kept };
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    if (typeof (node as { type?: unknown }).type === 'string') visit(node as Node);
    for (const [key, value] of Object.entries(node)) if (key !== 'loc') walk(value, visit);
  }
}

/**
 * A regular expression's pattern with `\uXXXX`, `\u{…}` and `\<char>` beyond ASCII read as the
 * characters they stand for, and every other escape (`\\` included) kept as written.
 */
function readEscapes(pattern: string): string {
  let read = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') {
      read += pattern[i];
      continue;
    }
    const escape = /^\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|([^\x00-\x7f])|([\s\S]))/u.exec(pattern.slice(i, i + 16))!;
    const [whole, point, unit, beyond, other] = escape;
    read += point ? String.fromCodePoint(parseInt(point, 16)) : unit ? String.fromCharCode(parseInt(unit, 16)) : beyond ?? `\\${other ?? ''}`;
    i += whole.length - 1;
  }
  return read;
}

/** Where two syntax trees differ (positions and raw text aside), or undefined when they are the same program. */
function firstDifference(before: unknown, after: unknown, trail = 'program', tagged = false): string | undefined {
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return `${trail}: ${before.length} against ${after.length} items`;
    for (let i = 0; i < before.length; i++) {
      const difference = firstDifference(before[i], after[i], `${trail}[${i}]`, tagged);
      if (difference) return difference;
    }
    return undefined;
  }
  if (before && after && typeof before === 'object' && typeof after === 'object' && !(before instanceof RegExp)) {
    const a = before as Record<string, unknown>;
    const b = after as Record<string, unknown>;
    const regex = a['regex'] as { pattern: string; flags: string } | undefined;
    if (regex) {
      const other = b['regex'] as { pattern: string; flags: string } | undefined;
      return other && other.flags === regex.flags && readEscapes(other.pattern) === readEscapes(regex.pattern) ? undefined : `${trail}: /${regex.pattern}/${regex.flags}`;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (key === 'start' || key === 'end' || key === 'loc' || key === 'range') continue;
      // Raw text is what escaping changes, except a tagged template's, which its tag can read. A directive
      // is a string statement's raw text too; only "use strict", which is ASCII, means anything.
      if ((key === 'raw' || key === 'directive') && !tagged) continue;
      // A tagged template's text is its quasi's quasis; the expressions in its `${}` are code like any other.
      const inTag = a['type'] === 'TaggedTemplateExpression' ? key === 'quasi' : a['type'] === 'TemplateLiteral' ? tagged && key === 'quasis' : tagged;
      const difference = firstDifference(a[key], b[key], `${trail}.${key}`, inTag);
      if (difference) return difference;
    }
    return undefined;
  }
  return Object.is(before, after) ? undefined : `${trail}: ${JSON.stringify(before)} against ${JSON.stringify(after)}`;
}

/** Rewrites every `.js` file in `dir` as ASCII; returns how many characters tagged templates kept. */
export async function asciiBundle(dir: string): Promise<number> {
  let kept = 0;
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.js')).sort()) {
    const file = path.join(dir, name);
    const source = await readFile(file, 'utf8');
    const result = asciiSource(source, file);
    kept += result.kept;
    if (result.text !== source) await writeFile(file, result.text);
  }
  return kept;
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/ascii-bundle.ts DIR…  (rewrites every .js file in each DIR as ASCII)');
    process.exit(2);
  }
  try {
    for (const dir of dirs) {
      const kept = await asciiBundle(dir);
      if (kept > 0) console.log(`${dir}: ${kept} character${kept === 1 ? '' : 's'} beyond ASCII kept in tagged templates`);
    }
  } catch (error) {
    console.error(`ascii-bundle: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
