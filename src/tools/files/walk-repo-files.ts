import { cutNote } from '../../core/cut-note.ts';
import { constants, existsSync } from 'node:fs';
import { open, opendir, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { Dir } from 'node:fs';
import path from 'node:path';
import { groupDigits } from '../../core/group-digits.ts';
import { isGitSegment } from './git-segment.ts';
import { holdsPath } from './resolve-repo-path.ts';

/** Walked into only when asked for: dependencies. Git internals never are (`isGitSegment`, any spelling). */
const SKIPPED_BY_DEFAULT = new Set(['node_modules']);

/** The most files one walk looks at: a guard against huge trees. */
export const MAX_WALK_FILES = 50_000;
/** The most folders one walk opens: a tree of deep, thin folders took 0.1 ms a folder and minutes in all. */
export const MAX_WALK_FOLDERS = 10_000;

/** A walk's limits (tests lower them). */
export type WalkLimits = Pick<WalkOptions, 'maxFiles' | 'maxFolders'>;

export interface WalkOptions {
  /** Walk into `node_modules` too. */
  readonly includeNodeModules?: boolean;
  /** The glob the files are for: the walk starts at its leading folders (`src/lib` of `src/lib/**\/*.ts`). */
  readonly pattern?: string;
  /** Keep only the files this accepts (the glob's test). */
  readonly keep?: (file: string) => boolean;
  /** Stop after this many files; default `MAX_WALK_FILES`. */
  readonly maxFiles?: number;
  /** Stop after opening this many folders; default `MAX_WALK_FOLDERS`. */
  readonly maxFolders?: number;
  readonly signal?: AbortSignal;
}

export interface RepoWalk {
  /** The files kept, as `/`-separated paths relative to the root, in no set order. */
  readonly files: string[];
  /** For the tool's answer, before all else: a line saying what was not looked at when the walk stopped at a limit, else empty. */
  readonly notice: string;
}

/** The glob's leading folders, written without any glob character: where its files can only be. */
function leadingFolders(pattern: string | undefined): string[] {
  // As compileGlob reads it: a leading `./` names the root.
  const segments = pattern?.replace(/^(?:\.\/)+/, '').split('/') ?? [];
  const folders: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (segment === '' || segment === '.' || /[*?[\]{}()!@+\\]/.test(segment)) break;
    folders.push(segment);
  }
  return folders;
}

/**
 * The repository's regular files, from the glob's leading folders down. Symlinks are not followed (as
 * git and ripgrep do), so the walk cannot leave the repository; `.git` is never entered. It stops at
 * `maxFiles` files or `maxFolders` folders, and then says so in `notice`: a walk that stopped silently
 * answered "no matches" for files it never read.
 */
export async function walkRepoFiles(root: string, options: WalkOptions = {}): Promise<RepoWalk> {
  const realRoot = await realpath(root);
  const maxFiles = options.maxFiles ?? MAX_WALK_FILES;
  const maxFolders = options.maxFolders ?? MAX_WALK_FOLDERS;
  const walkable = (name: string) => !isGitSegment(name) && (options.includeNodeModules === true || !SKIPPED_BY_DEFAULT.has(name));
  const start = leadingFolders(options.pattern);
  const files: string[] = [];
  if (!start.every(walkable)) return { files, notice: '' };
  if (start.length > 0) {
    // Only a real folder of the repository: none of its parts a symlink, as the walk would not follow one.
    const folder = path.join(realRoot, ...start);
    const real = await realpath(folder).catch(() => undefined);
    if (real !== folder || !(await stat(real)).isDirectory()) return { files, notice: '' };
  }
  let seen = 0;
  let opened = 0;
  const pending: string[] = [start.join('/')];
  while (pending.length > 0) {
    options.signal?.throwIfAborted();
    if (opened === maxFolders) return { files, notice: cutNotice(maxFolders, 'folder', start) };
    opened += 1;
    const relativeDir = pending.pop() as string;
    const folder = await openFolder(path.join(realRoot, relativeDir));
    // Swapped for a symlink since it was listed (a command tool running beside the walk): not followed, as any symlink.
    if (folder === undefined) continue;
    try {
      for await (const entry of folder.dir) {
        const relative = relativeDir === '' ? entry.name : `${relativeDir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (walkable(entry.name)) pending.push(relative);
        } else if (entry.isFile()) {
          if (seen === maxFiles) return { files, notice: cutNotice(maxFiles, 'file', start) };
          seen += 1;
          if (options.keep === undefined || options.keep(relative)) files.push(relative);
        }
      }
    } finally {
      await folder.handle.close();
    }
  }
  return { files, notice: '' };
}

/** Read only, a folder, not following a last symlink (the flags are 0 where the platform has none). */
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * The folder at `resolved` (a real path), opened so that what is listed is what was checked: the handle must hold
 * that very folder (`holdsPath`: a folder on the way swapped for a symlink out of the repository between the listing
 * that named it and this open is caught, found by an adversarial pass), and on Linux its entries are read through
 * the handle (`/proc/self/fd`), so a swap after the check cannot change them. Undefined when it is no such folder now.
 */
async function openFolder(resolved: string): Promise<{ readonly handle: FileHandle; readonly dir: Dir } | undefined> {
  const handle = await open(resolved, FOLDER_FLAGS).catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const opened = await handle.stat();
    if (!opened.isDirectory() || !(await holdsPath(handle, resolved, opened))) {
      await handle.close();
      return undefined;
    }
    const throughHandle = `/proc/self/fd/${handle.fd}`;
    const dir = await opendir(existsSync(throughHandle) ? throughHandle : resolved);
    return { handle, dir };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function cutNotice(limit: number, noun: string, start: readonly string[]): string {
  const stoppedAt = `${groupDigits(limit)} ${limit === 1 ? noun : `${noun}s`}`;
  const where = start.length === 0 ? 'the repository' : `'${start.join('/')}'`;
  const advice = start.length === 0 ? "Give a pattern that starts with a folder, e.g. 'src/**/*.ts', to walk only that folder" : `Give a pattern that starts with a folder inside '${start.join('/')}', to walk only that one`;
  // A cut note (`cutNote`): what the walk did not look at is missing from the result, and a goal that must read all of it cannot pass.
  return `${cutNote(`the walk of ${where} stopped at ${stoppedAt}, in no set order; files past them were not looked at. ${advice}`)}\n`;
}
