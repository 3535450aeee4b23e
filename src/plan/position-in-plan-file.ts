import { readFile } from 'node:fs/promises';
import { parsePlanYaml } from './parse-plan-yaml.ts';
import type { PathSegment } from './plan-issue.ts';

/**
 * Where `path` is in the plan file `file`, for a problem found after the plan loaded (a loaded plan
 * keeps no positions, which most runs never need); undefined when the file no longer reads.
 */
export async function positionInPlanFile(file: string, path: readonly PathSegment[], at?: 'key' | 'value'): Promise<{ line: number; column: number } | undefined> {
  try {
    const yaml = await parsePlanYaml(await readFile(file, 'utf8'), file);
    return yaml.ok ? (await yaml.parsed.positions()).locate(path, at) : undefined;
  } catch {
    return undefined;
  }
}
