import type { PathSegment } from './plan-issue.ts';
import type { PlanError } from './plan-error.ts';
import { readPlainYaml } from './read-plain-yaml.ts';
import { positionAt } from './text-position.ts';
import type { YamlFileKind } from './yaml-file-kind.ts';

/** The largest plan file read, in bytes; plans are small and a cap keeps hostile files cheap. */
export const MAX_PLAN_BYTES = 1024 * 1024;
/** How deeply maps and lists may nest; deeper files are refused before anything recurses on them. */
export const MAX_NESTING = 64;
/** How many alias uses (`*name`) a plan may expand; stops "billion laughs" files. */
export const MAX_ALIAS_COUNT = 50;
/**
 * How many values aliases may add to a plan as it expands: within MAX_ALIAS_COUNT, 49 aliases of one
 * list of 150,000 items made a 300 KB file 7 million values (`run`: 16 s and 1 GB, a 30 MB trace).
 */
export const MAX_ALIASED_VALUES = 100_000;

/** Where paths of a plan file are, for the positions of errors (`file:line:column`). */
export interface PlanPositions {
  /**
   * The line and column of the node at `path` (or of its key, with `at: 'key'`). When the path runs
   * out of nodes (a missing key), the deepest node that exists is used: the map missing the key.
   */
  locate(path: readonly PathSegment[], at?: 'key' | 'value'): { line: number; column: number };
  /**
   * What the `yaml` package refuses in a file the fast reader read (a quoted scalar continued at the
   * margin, a comment against a closing quote): the errors a file's reader would report first.
   */
  readonly readErrors?: PlanError[];
}

/** A parsed plan file: its plain value, and where its parts are. */
export interface ParsedPlanYaml {
  readonly value: unknown;
  /** Where its parts are: read (with the `yaml` package, loaded then) on first use when the fast reader read the value. */
  positions(): Promise<PlanPositions>;
}

export interface ParsePlanYamlOptions {
  /** Read with the `yaml` package from the start, never with the fast reader; tests compare the two. */
  readonly positionsFirst?: boolean;
  /** What the file is, for the reader's messages; a plan file unless told. */
  readonly kind?: YamlFileKind;
}

export type PlanYamlResult = { readonly ok: true; readonly parsed: ParsedPlanYaml } | { readonly ok: false; readonly errors: PlanError[] };

/** The `yaml` package and what reads with it, loaded once and only when needed: most runs never do. */
const withPositions = (): Promise<typeof import('./yaml-document.ts')> => import('./yaml-document.ts');

/**
 * Parses plan YAML into a value, turning every YAML problem (syntax, size, depth, aliases) into
 * positioned errors. Plain YAML (no anchors, aliases, tags, tabs or other features the two readers
 * could differ on) is read with js-yaml, many times faster on a big plan; anything else, and
 * anything js-yaml finds wrong, is read with the `yaml` package, which says where each problem is.
 */
export async function parsePlanYaml(text: string, file?: string, options: ParsePlanYamlOptions = {}): Promise<PlanYamlResult> {
  if (text.length > MAX_PLAN_BYTES || Buffer.byteLength(text, 'utf8') > MAX_PLAN_BYTES) {
    const message = `the plan file is larger than ${MAX_PLAN_BYTES / 1024 / 1024} MiB (${MAX_PLAN_BYTES} bytes), the most plan-runner reads; split it or move data into tool inputs`;
    return { ok: false, errors: [{ file, line: 1, column: 1, path: '', message }] };
  }
  // YAML text holds no NUL, and the `yaml` package took one into a value; NULs beside the first character are
  // UTF-16 or UTF-32 written without a byte-order mark, which was "a plan must be a map of keys, not a string".
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    if (nul <= 1) return { ok: false, errors: [{ file, line: 1, column: 1, path: '', message: 'the file is UTF-16 or UTF-32 (a NUL byte beside each character), not UTF-8; save it as UTF-8' }] };
    const message = 'the file holds a NUL byte, which YAML text cannot hold (is it a binary file?); remove it';
    return { ok: false, errors: [{ file, ...positionAt(text, nul), path: '', message }] };
  }
  // The `yaml` package reads a carriage return alone as no line break: a whole file of them was one line, with
  // six errors on it that said nothing of line endings.
  const loneReturn = text.search(/\r(?!\n)/);
  if (loneReturn !== -1) {
    const message = 'this line ends with a carriage return alone (\\r, as old Mac files do), which is not read as a line break; save the file with LF (or CRLF) line endings';
    return { ok: false, errors: [{ file, ...positionAt(text, loneReturn), path: '', message }] };
  }
  const plain = options.positionsFirst ? undefined : readPlainYaml(text, MAX_NESTING);
  if (plain !== undefined) {
    let positions: Promise<PlanPositions> | undefined;
    return { ok: true, parsed: { value: plain, positions: () => (positions ??= withPositions().then(({ positionsOf }) => positionsOf(text, file, options.kind))) } };
  }
  return (await withPositions()).parseWithPositions(text, file, options.kind);
}
