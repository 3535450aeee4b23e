import jsYaml from 'js-yaml';

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
 * What the fast reader leaves to the `yaml` package: tabs, document markers and directives, anchors,
 * aliases and tags, complex keys, a byte-order mark, `__proto__`, lines of 1,000 characters or more
 * (`yaml` refuses an implicit key over 1,024, js-yaml does not), a quoted scalar that goes on past its
 * line (js-yaml takes one continued at the margin, `yaml` does not) and a comment against a closing
 * quote (`"x"# why`: `yaml` refuses it, js-yaml does not). A false alarm costs only time.
 */
const NOT_PLAIN = /\t|^\uFEFF|^(?:---|\.\.\.)(?:\s|$)|^%|(?:^|[\s[{,])(?:[&*!][^\s,[\]{}]|\?(?:\s|$)|"(?:[^"\\\n]|\\.)*$|'(?:[^'\n]|'')*$)|["']#|__proto__/m;

// Where a key can start: a line's start (after indentation and list dashes), or after `{`, `[` or `,`.
const KEY = /(?:^[ ]*(?:-[ ]+)*|[{[,][ ]*)([^\n:#,[\]{}"'][^\n:#,[\]{}]*?|)[ ]*:(?=[ \n,\]}]|$)/gm;

const MAX_LINE = 1000;

function hasLongLine(text: string): boolean {
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    if (end - start >= MAX_LINE) return true;
    start = end + 1;
  }
  return text.length - start >= MAX_LINE;
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

/** True when some plain key would mean something else than its text to js-yaml (a number, true, null…). */
function hasNonTextKey(text: string): boolean {
  for (const match of text.matchAll(KEY)) {
    const key = match[1]!.trim();
    if (NULL.test(key) || BOOL.test(key) || INT_ANY.test(key) || FLOAT_ANY.test(key)) return true;
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
  let value: unknown;
  try {
    value = jsYaml.load(text, { schema: CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
  if (value === null || value === undefined || deeperThan(value, maxNesting)) return undefined;
  return value;
}
