import { readInputFile } from '../core/read-input-file.ts';
import { decodeUtf8 } from './decode-utf8.ts';
import type { PathSegment } from './plan-issue.ts';
import { MAX_PLAN_BYTES, type PlanPositions } from './parse-plan-yaml.ts';

/**
 * The positions of the plan file `file`, read again for problems found after the plan loaded (a loaded plan
 * keeps no positions, which most runs never need); undefined when the file no longer reads. Read with the
 * loader's limits: the file may have changed since it loaded, into one larger than any plan or a FIFO.
 */
export async function planFilePositions(file: string): Promise<PlanPositions | undefined> {
  const read = readInputFile(file, MAX_PLAN_BYTES);
  const decoded = read.ok ? decodeUtf8(read.bytes) : undefined;
  if (!decoded?.ok) return undefined;
  const text = decoded.text;
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
