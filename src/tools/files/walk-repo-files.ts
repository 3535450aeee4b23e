import { opendir, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Never walked into: git internals, and dependencies unless asked for. */
const ALWAYS_SKIPPED = new Set(['.git']);
const SKIPPED_BY_DEFAULT = new Set(['node_modules']);

export interface WalkOptions {
  /** Walk into `node_modules` too. */
  readonly includeNodeModules?: boolean;
  /** Stop after this many files (a guard against huge trees). */
  readonly maxVisited?: number;
  readonly signal?: AbortSignal;
}

/**
 * Yields the repository's regular files as `/`-separated paths relative to `root`. Symlinks are not
 * followed (as git and ripgrep do), so the walk cannot leave the repository; `.git` is never entered.
 */
export async function* walkRepoFiles(root: string, options: WalkOptions = {}): AsyncGenerator<string> {
  const realRoot = await realpath(root);
  const maxVisited = options.maxVisited ?? 50_000;
  let visited = 0;
  const pending: string[] = [''];
  while (pending.length > 0) {
    options.signal?.throwIfAborted();
    const relativeDir = pending.pop() as string;
    for await (const entry of await opendir(path.join(realRoot, relativeDir))) {
      if (ALWAYS_SKIPPED.has(entry.name)) continue;
      const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (options.includeNodeModules === true || !SKIPPED_BY_DEFAULT.has(entry.name)) pending.push(relative);
      } else if (entry.isFile()) {
        visited += 1;
        if (visited > maxVisited) return;
        yield relative;
      }
    }
  }
}
