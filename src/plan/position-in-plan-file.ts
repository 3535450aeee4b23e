import { readFile } from 'node:fs/promises';
import type { PathSegment } from './plan-issue.ts';
import type { PlanPositions } from './parse-plan-yaml.ts';

/**
 * The positions of the plan file `file`, read again for problems found after the plan loaded (a loaded plan
 * keeps no positions, which most runs never need); undefined when the file no longer reads.
 */
export async function planFilePositions(file: string): Promise<PlanPositions | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    // Loaded here, as the plan reader does: the `yaml` package is off the start path.
    return (await import('./yaml-document.ts')).positionsOf(text, file);
  } catch {
    return undefined;
  }
}

/** Where `path` is in the plan file `file` (see `planFilePositions`). */
export async function positionInPlanFile(file: string, path: readonly PathSegment[], at?: 'key' | 'value'): Promise<{ line: number; column: number } | undefined> {
  return (await planFilePositions(file))?.locate(path, at);
}
