import { isAlias, isCollection, isPair, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { PlanError } from './plan-error.ts';
import { readPlainYaml } from './read-plain-yaml.ts';

/** The largest plan file read, in bytes; plans are small and a cap keeps hostile files cheap. */
export const MAX_PLAN_BYTES = 1024 * 1024;
/** How deeply maps and lists may nest; deeper files are refused before anything recurses on them. */
export const MAX_NESTING = 64;
/** How many alias uses (`*name`) a plan may expand; stops "billion laughs" files. */
export const MAX_ALIAS_COUNT = 50;

/** A parsed plan file: its plain value, and the YAML document for positions. */
export interface ParsedPlanYaml {
  readonly value: unknown;
  /** The document and its line counter, for the positions of errors: read on first use when the fast reader read the value. */
  located(): { readonly doc: Document.Parsed; readonly lineCounter: LineCounter };
}

export interface ParsePlanYamlOptions {
  /** Read with the `yaml` package from the start, never with the fast reader; tests compare the two. */
  readonly positionsFirst?: boolean;
}

export type PlanYamlResult = { readonly ok: true; readonly parsed: ParsedPlanYaml } | { readonly ok: false; readonly errors: PlanError[] };

const FRIENDLY_YAML_MESSAGES: Partial<Record<string, (source: string) => string>> = {
  DUPLICATE_KEY: (key) => `duplicate key \`${key}\`: each key may appear once in a map`,
  RESOURCE_EXHAUSTION: () => `the file nests too deeply to read; plans nest at most ${MAX_NESTING} levels`,
  MULTIPLE_DOCS: () => 'a plan file holds one YAML document; remove the `---` separator and what follows it',
  NON_STRING_KEY: () => 'keys must be plain text, not lists or maps',
  TAB_AS_INDENT: () => 'tabs are not allowed as indentation in YAML; indent with spaces',
};

/** The key written at `offset` (yaml reports a duplicate key by its first character only). */
function keyTextAt(text: string, offset: number): string {
  const match = /^("(?:[^"\\\n]|\\.)*"|'[^'\n]*'|[^:\n]*?)\s*:/.exec(text.slice(offset, offset + 200));
  return match ? match[1]! : text.slice(offset, offset + 1);
}

function positionOf(lineCounter: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function failure(file: string | undefined, message: string, position = { line: 1, column: 1 }): PlanYamlResult {
  return { ok: false, errors: [{ file, ...position, path: '', message }] };
}

/** The first node nested deeper than MAX_NESTING, found without recursion. */
function tooDeepNode(root: Node): Node | undefined {
  const stack: Array<{ node: Node; depth: number }> = [{ node: root, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!isCollection(node)) continue;
    if (depth > MAX_NESTING) return node;
    for (const item of node.items) {
      const child = isPair(item) ? item.value : item;
      if (child && !isAlias(child) && typeof child === 'object') stack.push({ node: child as Node, depth: depth + 1 });
    }
  }
  return undefined;
}

function readDocument(text: string): { doc: Document.Parsed; lineCounter: LineCounter } {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, stringKeys: true, logLevel: 'error' }), lineCounter };
}

/**
 * Parses plan YAML into a value, turning every YAML problem (syntax, size, depth, aliases) into
 * positioned errors. Plain YAML (no anchors, aliases, tags, tabs or other features the two readers
 * could differ on) is read with js-yaml, many times faster on a big plan; anything else, and
 * anything js-yaml finds wrong, is read with the `yaml` package, which says where each problem is.
 */
export function parsePlanYaml(text: string, file?: string, options: ParsePlanYamlOptions = {}): PlanYamlResult {
  if (text.length > MAX_PLAN_BYTES || Buffer.byteLength(text, 'utf8') > MAX_PLAN_BYTES) {
    return failure(file, `the plan file is larger than ${MAX_PLAN_BYTES / 1024 / 1024} MiB (${MAX_PLAN_BYTES} bytes), the most plan-runner reads; split it or move data into tool inputs`);
  }
  const plain = options.positionsFirst ? undefined : readPlainYaml(text, MAX_NESTING);
  if (plain !== undefined) {
    let located: ReturnType<ParsedPlanYaml['located']> | undefined;
    return { ok: true, parsed: { value: plain, located: () => (located ??= readDocument(text)) } };
  }
  const { doc, lineCounter } = readDocument(text);
  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((error) => {
        const friendly = FRIENDLY_YAML_MESSAGES[error.code];
        const message = friendly ? friendly(keyTextAt(text, error.pos[0])) : `YAML: ${error.message}`;
        return { file, ...positionOf(lineCounter, error.pos[0]), path: '', message };
      }),
    };
  }
  if (doc.contents === null) {
    return failure(file, 'the plan file is empty: add `goal:` (the task in words, for a model to plan) or `workflow_sequence:` (the steps)');
  }
  const deep = tooDeepNode(doc.contents);
  if (deep) return failure(file, `the file nests more than ${MAX_NESTING} levels deep; plans never need that`, positionOf(lineCounter, deep.range?.[0] ?? 0));
  try {
    return { ok: true, parsed: { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), located: () => ({ doc, lineCounter }) } };
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      return failure(file, `the file expands too many aliases (*name), as "billion laughs" files do; use at most ${MAX_ALIAS_COUNT} alias expansions`);
    }
    if (error instanceof RangeError) return failure(file, 'the file nests too deeply to read');
    return failure(file, `could not read the YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
}
