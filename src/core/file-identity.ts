import { statSync } from 'node:fs';
import path from 'node:path';
import { realPathAhead } from './real-path-ahead.ts';

/**
 * What identifies a file, however it is spelled: the device and inode of one that exists (symlinks and
 * hard links included), else the real path of its deepest existing folder joined with the rest. A device
 * or a FIFO (`/dev/null`) is undefined: writing it twice destroys nothing.
 */
export function fileIdentity(file: string): string | undefined {
  try {
    const stat = statSync(path.resolve(file));
    return stat.isFile() || stat.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
  } catch {
    // Not there (yet): where it would be created.
    return realPathAhead(file);
  }
}

/** Whether two paths name the same file (a trace resumed in place, by `--resume` or `resume-from`), however each is spelled. */
export function sameFile(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  const identity = fileIdentity(a);
  return identity !== undefined && identity === fileIdentity(b);
}
