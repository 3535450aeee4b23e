import jsYaml from 'js-yaml';
import { trimEndChars } from '../core/trim-end-chars.ts';

// The `yaml` package's core schema (YAML 1.2) as js-yaml types: the same tests, in the same order,
// with the same values, so a plain scalar means the same to both parsers.
const scalar = (tag: string, test: RegExp, construct: (text: string) => unknown): jsYaml.Type =>
  new jsYaml.Type(tag, { kind: 'scalar', resolve: (text: string | null) => test.test(text ?? ''), construct: (text: string | null) => construct(text ?? '') });
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
const INT_ANY = new RegExp(`${INT_OCT.source}|${INT.source}|${INT_HEX.source}`);
const FLOAT_ANY = new RegExp(`${FLOAT_NAN.source}|${FLOAT_EXP.source}|${FLOAT.source}`);
// js-yaml keeps one type per tag, so each tag tests its forms in `yaml`'s order (the tags' forms never overlap).
const CORE_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    scalar('tag:yaml.org,2002:null', NULL, () => null),
    scalar('tag:yaml.org,2002:bool', BOOL, (text) => text[0] === 't' || text[0] === 'T'),
    scalar('tag:yaml.org,2002:int', INT_ANY, (text) =>
      INT_OCT.test(text) ? parseInt(text.slice(2), 8) : INT.test(text) ? parseInt(text, 10) : parseInt(text.slice(2), 16),
    ),
    scalar('tag:yaml.org,2002:float', FLOAT_ANY, (text) =>
      FLOAT_NAN.test(text)
        ? text.slice(-3).toLowerCase() === 'nan'
          ? NaN
          : text[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY
        : parseFloat(text),
    ),
  ],
});

/**
 * What the fast reader leaves to the `yaml` package, shape by shape: where js-yaml would take a text
 * that `yaml` refuses, or read it as another value. A differential fuzz of the two readers (millions of
 * texts: mutated plans, every scalar form, block scalars, flow collections, comments, line endings)
 * found each. A false alarm costs only time. Each pattern looks no further than the line it starts
 * on, so the test runs in time linear in the text, as do the line scanners below: no shape of a 1 MiB
 * plan found by hand or by search takes the checks more than about 0.1 s (300,000 short lines).
 */
const NOT_PLAIN_SHAPES: readonly RegExp[] = [
  /\t/, // tabs
  /\r(?!\n)/, // a lone CR: a line break to js-yaml, text to `yaml`
  /[\u2028\u2029]/, // line and paragraph separators: line ends to a pattern's `^`, `$` and `.`, which the checks below read by `\n`
  /^\uFEFF/, // a byte-order mark
  /^(?:---|\.\.\.|%)/, // document markers (also `----`, `---x`), directives
  /^[ ]*(?:-[ ]+)*-[ ]*(?:#.*)?$/, // an empty list item (`- -` then `- b` nests differently)
  /(?:^|[\s[{,:])(?:[&*][^ \r\n,[\]{}]|!|\?(?:\s|$))/, // anchors, aliases, tags (even a bare `!`), complex keys
  // A quoted scalar that goes on past its line (js-yaml takes one continued at the margin, `yaml` does not).
  // eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried after a blank, a bracket or a comma only, and a quote's text stops at the next quote: linear (8,000 ` ''` and `'x`: 0.5 ms).
  /(?:^|[\s[{,]|["'][ ]*:)(?:"(?:[^"\\\n]|\\.)*\\?$|'(?:[^'\n]|'')*$)/,
  /["'[\]{},:]#/, // a comment against a token (`"x"# why`, `[a]#c`): `yaml` refuses it
  /[\]}][ ]*:/, // a list or map as a key (`[a]: x`)
  /\\U(?!00(?:0[0-9a-fA-F]|10)[0-9a-fA-F]{4})/, // an escape past U+10FFFF
  /(?:^|[ ])[|>][-+]?[1-9]/, // a block scalar's indentation indicator
  /^[ ]+(?![\s\S])/, // a last line of only spaces
  /__proto__/,
  // After a blank, a bracket, a comma, or a quoted key's colon (JSON's `{"zip":01234}` has no blank after it).
  /(?:^|[\s[{,]|["'][ ]*:)[-+]?0[0-9]+(?![^\s,\]}])/, // a whole number with a leading zero, which `yaml` refuses (`010`)
  /(?:^|[\s[{,]|["'][ ]*:)(?:[-+]?[0-9]{16,}|0x[0-9a-fA-F]{14,}|0o[0-7]{18,})(?![^\s,\]}])/, // a whole number a double may not hold exactly (also `0x…`, `0o…`), which `yaml` refuses
];
const NOT_PLAIN = new RegExp(NOT_PLAIN_SHAPES.map((shape) => shape.source).join('|'), 'm');

// Where a key can start: a line's start (after indentation and list dashes), or after `{`, `[` or `,`.
// The key is taken whole up to its colon (trailing spaces are trimmed after), and starts with a `-`
// only when one is not a list's: no part of a line can be read two ways, so a line is scanned once.
// (With a lazy key and the spaces before the colon as a pattern of their own, a 1 MiB plan of lines
// of spaces took 170 s.)
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried from a line's start or a {, [ or , only, and its runs stop at the next: linear.
const KEY = /(?:^[ ]*(?:-[ ]+)*|[{[,][ ]*)([^\s:#,[\]{}"'-][^\n:#,[\]{}]*|-[^\s:#,[\]{}][^\n:#,[\]{}]*|):(?=[ \n,[\]{}]|$)/gm;

const MAX_LINE = 1000;

const SPACES = /^[ ]*/;
// A line's indentation and any `- ` list indicators after it: where its content starts.
const ITEM_PREFIX = /^[ ]*(?:-[ ]+)*/;

function hasLongLine(text: string): boolean {
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    if (end - start >= MAX_LINE) return true;
    start = end + 1;
  }
  return text.length - start >= MAX_LINE;
}

const isNonText = (key: string): boolean => NULL.test(key) || BOOL.test(key) || INT_ANY.test(key) || FLOAT_ANY.test(key);

/** True when some plain key would mean something else than its text to js-yaml (a number, true, null…). */
function hasNonTextKey(text: string): boolean {
  for (const match of text.matchAll(KEY)) if (isNonText(match[1]!.trim())) return true;
  return false;
}

// A plain scalar in a flow map, taken whole up to whatever ends it (see loneKeyAt).
const FLOW_SCALAR = /[^\s,[\]{}:#"'][^\n,[\]{}:#]*/y;

/** The key at `at` in a flow map's entry when it stands alone, with no colon (`{a, 1}`); else undefined. */
function loneKeyAt(line: string, at: number): string | undefined {
  FLOW_SCALAR.lastIndex = at;
  const scalar = FLOW_SCALAR.exec(line)?.[0];
  if (scalar === undefined) return undefined;
  const next = line[at + scalar.length];
  const alone = next === undefined || next === ',' || next === '}' || (next === '#' && scalar.endsWith(' '));
  return alone ? scalar.trim() : undefined;
}

/**
 * True when a flow collection (`[…]`, `{…}`) has something js-yaml takes and `yaml` refuses: a line
 * inside it indented less than `yaml` wants (at least one column past the key or the last `-` the
 * collection belongs to; the closing bracket of the outermost collection may stand at that column),
 * a collection as a key in a flow map (`{[a]: 1}`, `{{}}`), a lone key that is not text (`{1.}`), or
 * more on the line where a collection spanning lines closes (`]x: 1`), or a quote inside a plain scalar
 * in a flow collection. Brackets in quoted scalars and comments are skipped; one in a plain or block
 * scalar may give a false alarm, which costs only time.
 */
function hasFlowTrouble(lines: readonly string[]): boolean {
  const open: string[] = [];
  let anchor = 0;
  let entryStart = false; // at the start of an entry of a flow map: after `{` or `,`
  let last = ''; // the last character that is not a space, from the line a flow collection opens on
  for (const line of lines) {
    const indent = SPACES.exec(line)![0].length;
    const rest = line.slice(indent);
    const continued = open.length > 0;
    if (continued) {
      if (rest === '' || rest === '\r' || (rest[0] === '#' && indent > anchor)) continue;
      if (indent <= anchor && !(indent === anchor && open.length === 1 && (rest[0] === ']' || rest[0] === '}'))) return true;
    } else {
      // Where content starts, past any `- ` indicators: yaml's anchor is at or left of it.
      anchor = ITEM_PREFIX.exec(line)![0].length;
      entryStart = false;
      last = '';
    }
    let quotedEnd = -1; // where the last quoted scalar on this line closed
    for (let i = indent; i < line.length; last = line[i] === ' ' ? last : line[i]!, i++) {
      const ch = line[i]!;
      const prev = i === 0 ? ' ' : line[i - 1]!;
      if (ch === ' ' || ch === '\r') continue;
      if (ch === '#' && (prev === ' ' || i === indent)) break;
      if (open.length > 0 && (ch === '[' || ch === '{') && entryStart) return true;
      if (entryStart) {
        const lone = loneKeyAt(line, i);
        if (lone !== undefined && isNonText(lone)) return true;
      }
      entryStart = false;
      if (ch === '"' || ch === "'") {
        // A quote opens a quoted scalar where a scalar starts: a block line's content, after `[`, `{`
        // or `,`, after `: `, or after the colon of a quoted key (`"a":"b"`). Elsewhere it is a character
        // of a plain scalar (`a "x: [`): the brackets after it count. In a flow collection, where a plain
        // scalar may go on to the next line and how `yaml` reads that is subtle, such a text goes to `yaml`.
        const scalarStart =
          (!continued && i === anchor) || (last !== '' && '[{,'.includes(last)) || (last === ':' && prev === ' ') || (prev === ':' && quotedEnd === i - 2);
        if (!scalarStart) {
          if (open.length > 0) return true;
          continue;
        }
        const close = ch === '"' ? /"(?:[^"\\]|\\.)*"/y : /'(?:[^']|'')*'/y;
        close.lastIndex = i;
        // Unclosed on its line: a quoted scalar that goes on. NOT_PLAIN has refused those; should one get here, `yaml`.
        if (!close.test(line)) return true;
        i = close.lastIndex - 1;
        quotedEnd = i;
      } else if (ch === '[' || ch === '{') {
        open.push(ch);
        entryStart = ch === '{';
      } else if (ch === ',' && open.at(-1) === '{') entryStart = true;
      else if ((ch === ']' || ch === '}') && open.length > 0) {
        open.pop();
        if (open.length === 0 && continued && !/^[ \r]*(?:#.*)?$/.test(line.slice(i + 1))) return true;
      }
    }
  }
  return false;
}

/**
 * The column of a key with no value on its line (`key:`, `- key:  # why`): where its text starts,
 * past the indentation and any `- `; undefined for any other line. Its colon is the first one followed
 * by nothing but spaces, or by spaces and a comment.
 */
function openKeyColumn(raw: string): number | undefined {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const prefix = ITEM_PREFIX.exec(line)![0];
  let column = prefix.length;
  // `- #c:` is no key after its `- `; read as a key from the dash, as a line-wide pattern would.
  if (line[column] === undefined || line[column] === '#' || line[column] === ' ') {
    const dash = trimEndChars(prefix, ' ');
    if (dash.length === prefix.length || !dash.endsWith('-')) return undefined;
    column = prefix.trimEnd().length - 1;
  }
  for (let colon = line.indexOf(':', column + 1); colon !== -1; colon = line.indexOf(':', colon + 1)) {
    let after = colon + 1;
    while (line[after] === ' ') after++;
    if (after === line.length || (line[after] === '#' && after > colon + 1)) return column;
  }
  return undefined;
}

/**
 * True when a key with no value on its line is followed by a comment no further right than the key,
 * and then by a plain scalar (its value) on a line of its own: `yaml` ends the map's entry at that
 * comment and reads the scalar as the next key (an error, or the lines after joined into it).
 */
function hasCommentBeforeValue(lines: readonly string[]): boolean {
  for (let i = 0; i < lines.length; i++) {
    const column = openKeyColumn(lines[i]!);
    if (column === undefined) continue;
    let shallowComment = false;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      const indent = SPACES.exec(line)![0].length;
      const rest = line.slice(indent);
      if (rest === '' || rest === '\r') continue;
      if (rest[0] !== '#') break;
      if (indent <= column) shallowComment = true;
    }
    if (!shallowComment || j === lines.length) continue;
    const value = lines[j]!;
    const indent = SPACES.exec(value)![0].length;
    const rest = value.slice(indent);
    if (indent <= column || /^(?:-(?:[ ]|\r?$)|["'[{])/.test(rest) || /:(?:[ ]|\r?$)/.test(rest)) continue;
    return true;
  }
  return false;
}

// A line that ends with a block scalar's header (`|`, `>-`, `|+ # why`).
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried from each `|` or `>` only, and the blanks after one are after no other: linear.
const BLOCK_HEADER = /[|>][-+]?[ ]*(?:#[^\n]*|\r)?$/;

/**
 * True when a block scalar's first lines are blank and then one is an indented `#`: `yaml` refuses
 * more-indented leading empty lines without an indentation indicator there, js-yaml takes them.
 */
function hasBlockScalarComment(lines: readonly string[]): boolean {
  let afterHeader = false;
  for (const line of lines) {
    if (afterHeader) {
      if (/^[ ]*\r?$/.test(line)) continue;
      if (/^[ ]+#/.test(line)) return true;
    }
    afterHeader = BLOCK_HEADER.test(line);
  }
  return false;
}

/** True when lists and maps in a js-yaml value (a tree: no aliases) nest deeper than `max`. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * The value of plain plan YAML, read with js-yaml (ten times faster than the `yaml` package on a
 * 10,000-step plan, and with no document tree to collect) when it means exactly what `yaml` would
 * read: undefined when the text uses anything the two could differ on, or has any problem at all
 * (a syntax error, a duplicate key, nesting deeper than `maxNesting`, nothing in it). The caller
 * then reads it with `yaml`, which says where the problem is.
 */
export function readPlainYaml(text: string, maxNesting: number): unknown {
  if (hasLongLine(text) || NOT_PLAIN.test(text) || hasNonTextKey(text)) return undefined;
  const lines = text.split('\n');
  if (hasFlowTrouble(lines) || hasCommentBeforeValue(lines) || hasBlockScalarComment(lines)) return undefined;
  let value: unknown;
  try {
    value = jsYaml.load(text, { schema: CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
  // A plan is a map: a scalar document (`|1` then text) is left to `yaml` too.
  if (value === null || typeof value !== 'object' || deeperThan(value, maxNesting)) return undefined;
  return value;
}
