import type { PathSegment } from './plan-issue.ts';
import type { PlanPositions } from './parse-plan-yaml.ts';
import { planFileText } from './plan-file-text.ts';

/**
 * The positions of the plan file `file`, read again for problems found after the plan loaded (a loaded plan
 * keeps no positions, which most runs never need); undefined when the file no longer reads. Read with the
 * loader's limits: the file may have changed since it loaded, into one larger than any plan or a FIFO.
 */
export async function planFilePositions(file: string): Promise<PlanPositions | undefined> {
  const text = planFileText(file);
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
