import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { decodeUtf8 } from './decode-utf8.ts';
import { formatPath } from './format-path.ts';
import { parsePlanYaml } from './parse-plan-yaml.ts';
import type { PlanError } from './plan-error.ts';
import { schemaIssues } from './schema-issues.ts';

export type YamlFileResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly PlanError[] };

/**
 * Reads a small YAML file (fault lists, scripted answers) with the plan file's limits and parses
 * it with `schema`; every problem comes back positioned (`file:line:col`), never as a throw.
 */
export async function readYamlFile<S extends z.ZodType>(path: string, schema: S): Promise<YamlFileResult<z.infer<S>>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'no such file; check the path (it is relative to the current directory)' : `cannot read the file (${code ?? 'error'})`;
    return { ok: false, errors: [{ file: path, path: '', message }] };
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return { ok: false, errors: [{ file: path, ...decoded.position, path: '', message: decoded.message }] };
  const yaml = await parsePlanYaml(decoded.text, path);
  if (!yaml.ok) return yaml;
  const parsed = schema.safeParse(yaml.parsed.value);
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
