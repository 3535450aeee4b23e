import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../../core/is-inside.ts';
import { isSystemPath } from '../../core/system-path.ts';
import { PathRefusedError } from './path-refused-error.ts';
import { RepoFileNotFoundError } from './repo-file-not-found-error.ts';

/**
 * Checks the spelling of a model-chosen relative path before touching the disk: no absolute paths,
 * no `..` segments, nothing inside `.git`. Returns the path split into segments.
 */
export function checkRelativePath(toolName: string, requested: string): string[] {
  if (requested.includes('\0')) throw new PathRefusedError(toolName, requested, 'it contains a NUL byte');
  if (path.isAbsolute(requested) || /^[a-zA-Z]:[\\/]/.test(requested) || requested.startsWith('~')) {
    throw new PathRefusedError(toolName, requested, 'absolute paths are not allowed');
  }
  const segments = requested.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new PathRefusedError(toolName, requested, "'..' segments are not allowed");
  if (segments.includes('.git')) throw new PathRefusedError(toolName, requested, 'git internals (.git) are not readable');
  return segments;
}

/**
 * Resolves a model-chosen path against the repository root and returns its real path, refusing
 * anything that leaves the repository, including through symlinks.
 */
export async function resolveRepoPath(toolName: string, root: string, requested: string): Promise<string> {
  const segments = checkRelativePath(toolName, requested);
  const realRoot = await realpath(root);
  let resolved: string;
  try {
    resolved = await realpath(path.join(realRoot, ...segments));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new RepoFileNotFoundError(toolName, requested);
    }
    throw error;
  }
  if (!isInside(realRoot, resolved)) {
    throw new PathRefusedError(toolName, requested, 'it resolves (through a symlink) to a place outside the repository');
  }
  if (isSystemPath(resolved)) throw new PathRefusedError(toolName, requested, 'system trees (/proc, /sys, /dev) are not readable');
  if (path.relative(realRoot, resolved).split(path.sep).includes('.git')) {
    throw new PathRefusedError(toolName, requested, 'git internals (.git) are not readable');
  }
  return resolved;
}
