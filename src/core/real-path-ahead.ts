import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Where `file` is, or would be created: the real path of its deepest existing part (links followed), with
 * the parts not there yet after it; the absolute path when that part cannot be resolved.
 */
export function realPathAhead(file: string): string {
  const absolute = path.resolve(file);
  let existing = absolute;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    return path.join(realpathSync(existing), path.relative(existing, absolute));
  } catch {
    return absolute;
  }
}
