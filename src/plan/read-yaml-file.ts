import { readInputFile } from '../core/read-input-file.ts';
import { MAX_PLAN_BYTES } from './parse-plan-yaml.ts';
import type { z } from 'zod';
import { decodeUtf8 } from './decode-utf8.ts';
import { formatPath } from '../core/format-path.ts';
import { parsePlanYaml } from './parse-plan-yaml.ts';
import type { PlanError } from './plan-error.ts';
import { schemaIssues } from './schema-issues.ts';

export type YamlFileResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly PlanError[] };

/**
 * Reads a small YAML file (fault lists, scripted answers) with the plan file's limits and parses
 * it with `schema`; every problem comes back positioned (`file:line:col`), never as a throw. `holds`
 * says what the file is for, for the error when it has nothing in it (the plan file's own message
 * asked for `goal:`).
 */
export async function readYamlFile<S extends z.ZodType>(path: string, schema: S, holds?: string): Promise<YamlFileResult<z.infer<S>>> {
  // The plan file's limits: a regular file of at most MAX_PLAN_BYTES (a FIFO or a device would hang or fill memory).
  const read = readInputFile(path, MAX_PLAN_BYTES);
  if (!read.ok) return { ok: false, errors: [{ file: path, path: '', message: read.problem }] };
  const bytes = read.bytes;
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return { ok: false, errors: [{ file: path, ...decoded.position, path: '', message: decoded.message }] };
  // `[^\n]`, not `.`: a comment's line ending with CRLF keeps its `\r`, which `.` does not match.
  if (holds !== undefined && decoded.text.split('\n').every((line) => /^\s*(?:#[^\n]*)?$/.test(line))) {
    return { ok: false, errors: [{ file: path, path: '', message: `the file is empty: it holds ${holds}` }] };
  }
  const yaml = await parsePlanYaml(decoded.text, path);
  if (!yaml.ok) return yaml;
  // With the input in each issue, as the plan schema parses: "got `2`", not "got nothing".
  const parsed = schema.safeParse(yaml.parsed.value, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  const positions = await yaml.parsed.positions();
  if (positions.readErrors) return { ok: false, errors: positions.readErrors };
  const errors = schemaIssues(parsed.error.issues, schema).map((issue): PlanError => ({
    file: path,
    ...positions.locate(issue.path, issue.at),
    path: formatPath(issue.path),
    message: issue.message,
  }));
  return { ok: false, errors };
}
