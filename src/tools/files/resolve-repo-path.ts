import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../../core/is-inside.ts';
import { isSystemPath } from '../../core/system-path.ts';
import { PathRefusedError } from './path-refused-error.ts';
import { RepoFileNotFoundError } from './repo-file-not-found-error.ts';
import { isGitSegment } from './git-segment.ts';
import { isCredentialFile } from './credential-file.ts';
import { isOutputFolder } from './output-folder.ts';

const CREDENTIAL_FILE = 'a credentials file an earlier step of the job wrote (gha-creds-*.json, from google-github-actions/auth) is not readable';
const OWN_OUTPUTS = "plan-runner's own output folder (.plan-runner: its traces and reports) is not readable";
const NOT_REGULAR = 'it is not a regular file (a FIFO, a socket or a device)';

/**
 * What separates a path's folders: `\` too only on Windows. Elsewhere it is a character of a name, and a file
 * `list_files` listed as `src\b` was read as `src/b` (by `search_files`, under the name it listed) or not at all
 * (found by an adversarial pass).
 */
function separators(platform: NodeJS.Platform): RegExp {
  return platform === 'win32' ? /[\\/]+/ : /\/+/;
}

/**
 * Checks the spelling of a model-chosen relative path before touching the disk: no absolute paths,
 * no `..` segments, nothing inside `.git` or `.plan-runner`. Returns the path split into segments.
 * Absolute as the runner's platform reads it: `a:/b.txt` is a drive only on Windows, and Node expands no `~`, so
 * elsewhere both name files of the repository, which list_files listed and read_file and search_files refused
 * (search_files said "no matches" for their text; found by an adversarial pass).
 */
export function checkRelativePath(toolName: string, requested: string, platform: NodeJS.Platform = process.platform): string[] {
  if (requested.includes('\0')) throw new PathRefusedError(toolName, requested, 'it contains a NUL byte');
  if ((platform === 'win32' ? path.win32 : path.posix).isAbsolute(requested)) {
    throw new PathRefusedError(toolName, requested, 'absolute paths are not allowed');
  }
  const segments = segmentsOf(requested, platform);
  if (segments.includes('..')) throw new PathRefusedError(toolName, requested, "'..' segments are not allowed");
  if (segments.some((segment) => isGitSegment(segment, platform))) throw new PathRefusedError(toolName, requested, 'git internals (.git) are not readable');
  if (segments.some(isCredentialFile)) throw new PathRefusedError(toolName, requested, CREDENTIAL_FILE);
  if (segments.some(isOutputFolder)) throw new PathRefusedError(toolName, requested, OWN_OUTPUTS);
  return segments;
}

/** A path's names, without empty and `.` ones. */
function segmentsOf(requested: string, platform: NodeJS.Platform = process.platform): string[] {
  return requested.split(separators(platform)).filter((segment) => segment !== '' && segment !== '.');
}

/** The `list_files` pattern of every file in a folder a model named. */
function filesIn(folder: string): string {
  const segments = segmentsOf(folder);
  return segments.length === 0 ? '**/*' : `${segments.join('/')}/**`;
}

/**
 * Resolves a model-chosen path against the repository root and returns its real path, refusing
 * anything that leaves the repository, including through symlinks. `realRoot`: the root's real path,
 * when the caller resolves many paths (search_files) and has it already.
 */
export async function resolveRepoPath(toolName: string, root: string, requested: string, realRoot?: string): Promise<string> {
  const segments = checkRelativePath(toolName, requested);
  realRoot ??= await realpath(root);
  let resolved: string;
  try {
    resolved = await realpath(path.join(realRoot, ...segments));
  } catch (error) {
    throw pathError(toolName, requested, error, 'it is a symlink loop');
  }
  if (!isInside(realRoot, resolved)) {
    throw new PathRefusedError(toolName, requested, 'it resolves (through a symlink) to a place outside the repository');
  }
  if (isSystemPath(resolved)) throw new PathRefusedError(toolName, requested, 'system trees (/proc, /sys, /dev) are not readable');
  const inside = path.relative(realRoot, resolved).split(path.sep);
  if (inside.some((segment) => isGitSegment(segment))) throw new PathRefusedError(toolName, requested, 'git internals (.git) are not readable');
  if (inside.some(isCredentialFile)) throw new PathRefusedError(toolName, requested, CREDENTIAL_FILE);
  if (inside.some(isOutputFolder)) throw new PathRefusedError(toolName, requested, OWN_OUTPUTS);
  return resolved;
}

/**
 * The tool error for a path the file system would not resolve or open: a path the repository does not
 * hold (`ENOENT`, or `ENOTDIR`: a file named as a folder) is not found, a symlink loop (`ELOOP`, which a
 * repository can hold), a name too long, a socket (`ENXIO`) or a file the runner may not read is refused.
 * Any other failure is the runner's, passed on. The file system's own message named the runner's absolute
 * path (found by adversarial passes).
 */
function pathError(toolName: string, requested: string, error: unknown, loop: string): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new RepoFileNotFoundError(toolName, requested);
    case 'ELOOP':
      return new PathRefusedError(toolName, requested, loop);
    case 'ENAMETOOLONG':
      return new PathRefusedError(toolName, requested, 'it, or a name in it, is longer than the file system allows');
    case 'ENXIO':
      return new PathRefusedError(toolName, requested, NOT_REGULAR, 'Read a regular file of the repository.');
    case 'EACCES':
    case 'EPERM':
      return new PathRefusedError(toolName, requested, 'it is not readable (the runner has no permission to read it)', 'Read another file of the repository.');
    default:
      return error;
  }
}

/** Read only, not following a last symlink, never waiting on a FIFO (O_NOFOLLOW and O_NONBLOCK are 0 where the platform has none). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Whether `handle` holds the file at `resolved` (a real path). On Linux the kernel says which file a
 * descriptor holds (`/proc/self/fd`), in one step. Elsewhere the path is resolved and looked at again,
 * two steps a swap can fall between: the window is narrower, not closed.
 */
export async function holdsPath(handle: FileHandle, resolved: string, opened: Stats): Promise<boolean> {
  const held = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
  if (held !== undefined) return held === resolved;
  const [again, named] = await Promise.all([realpath(resolved), stat(resolved)]);
  return again === resolved && named.dev === opened.dev && named.ino === opened.ino;
}

/**
 * Opens a model-chosen repository file for reading, refusing what `resolveRepoPath` refuses and
 * anything that is not a regular file; the caller closes the handle (its stats come with it). What was checked is what is
 * read: a directory on the way swapped for a symlink out of the repository between the check and
 * the open (a command tool running beside it can do that) is caught by asking, after the open,
 * which file the handle holds (`holdsPath`).
 */
export async function openRepoFile(toolName: string, root: string, requested: string, realRoot?: string): Promise<{ readonly handle: FileHandle; readonly stats: Stats }> {
  const resolved = await resolveRepoPath(toolName, root, requested, realRoot);
  let handle: FileHandle;
  try {
    handle = await open(resolved, OPEN_FLAGS);
  } catch (error) {
    throw pathError(toolName, requested, error, 'it changed into a symlink while it was read');
  }
  try {
    const opened = await handle.stat();
    // A folder is inside the repository: told to give a path inside it, a model asked again for the same folder.
    if (opened.isDirectory()) throw new PathRefusedError(toolName, requested, 'it is a folder, not a regular file', `Call list_files with pattern '${filesIn(requested)}' to see the files in it.`);
    if (!opened.isFile()) throw new PathRefusedError(toolName, requested, NOT_REGULAR, 'Read a regular file of the repository.');
    if (!(await holdsPath(handle, resolved, opened))) throw new PathRefusedError(toolName, requested, 'it changed (through a symlink) while it was read');
    return { handle, stats: opened };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
