import { readInputFile } from '../core/read-input-file.ts';
import { MAX_PLAN_BYTES } from './parse-plan-yaml.ts';
import type { z } from 'zod';
import { decodeUtf8 } from './decode-utf8.ts';
import { parsePlanYaml } from './parse-plan-yaml.ts';
import { planErrorAt, type PlanError } from './plan-error.ts';
import { schemaIssues } from './schema-issues.ts';
import { describeKind } from './show-value.ts';
import { emptyFileMessage, type YamlFileKind } from './yaml-file-kind.ts';

export type YamlFileResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly PlanError[] };

/**
 * Reads a small YAML file (fault lists, scripted answers) with the plan file's limits and parses
 * it with `schema`; every problem comes back positioned (`file:line:col`), never as a throw, and in
 * the words of `kind`, the file it is (the plan file's own messages asked a fault file for `goal:`).
 */
export async function readYamlFile<S extends z.ZodType>(path: string, schema: S, kind: YamlFileKind): Promise<YamlFileResult<z.infer<S>>> {
  // The plan file's limits: a regular file of at most MAX_PLAN_BYTES (a FIFO or a device would hang or fill memory).
  const read = readInputFile(path, MAX_PLAN_BYTES);
  if (!read.ok) return { ok: false, errors: [{ file: path, path: '', message: read.problem }] };
  const bytes = read.bytes;
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return { ok: false, errors: [{ file: path, ...decoded.position, path: '', message: decoded.message }] };
  // `[^\n]`, not `.`: a comment's line ending with CRLF keeps its `\r`, which `.` does not match.
  if (decoded.text.split('\n').every((line) => /^\s*(?:#[^\n]*)?$/.test(line))) {
    return { ok: false, errors: [{ file: path, path: '', message: emptyFileMessage(kind) }] };
  }
  const yaml = await parsePlanYaml(decoded.text, path, { kind });
  if (!yaml.ok) return yaml;
  // Said of the file, not of a `value` (a fault file that is a map was told "value must be a list; got a map").
  const value = yaml.parsed.value;
  const top = Array.isArray(value) ? 'list' : value !== null && typeof value === 'object' ? 'map' : undefined;
  if (value === null || value === undefined) return { ok: false, errors: [{ file: path, path: '', message: emptyFileMessage(kind) }] };
  if (top !== kind.top) {
    const positions = await yaml.parsed.positions();
    if (positions.readErrors) return { ok: false, errors: positions.readErrors };
    return { ok: false, errors: [{ file: path, ...positions.locate([]), path: '', message: `${kind.called} holds ${kind.holds}; got ${describeKind(value)}` }] };
  }
  // With the input in each issue, as the plan schema parses: "got `2`", not "got nothing".
  const parsed = schema.safeParse(yaml.parsed.value, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  const positions = await yaml.parsed.positions();
  if (positions.readErrors) return { ok: false, errors: positions.readErrors };
  const errors = schemaIssues(parsed.error.issues, schema).map((issue) => planErrorAt(path, positions, issue));
  return { ok: false, errors };
}
