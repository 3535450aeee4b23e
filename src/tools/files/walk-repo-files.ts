import { cutNote } from '../../core/cut-note.ts';
import { constants } from 'node:fs';
import { lstat, open, opendir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { Dir } from 'node:fs';
import path from 'node:path';
import { groupDigits } from '../../core/group-digits.ts';
import { isGitSegment } from './git-segment.ts';
import { isCredentialFile } from './credential-file.ts';
import { isOutputFolder } from './output-folder.ts';
import { holdsPath } from './resolve-repo-path.ts';
import { shownPath } from './shown-path.ts';
import { normalGlob } from './compile-glob.ts';

/** Walked into only when asked for: dependencies. Git internals and plan-runner's outputs never are (`isGitSegment`, `isOutputFolder`, any spelling). */
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
  // As compileGlob reads it (`normalGlob`): `src//lib/` walks from `src/lib`.
  const segments = pattern === undefined ? [] : normalGlob(pattern).split('/');
  const folders: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (segment === '' || /[*?[\]{}()!@+\\]/.test(segment)) break;
    folders.push(segment);
  }
  return folders;
}

/**
 * The repository's regular files, from the glob's leading folders down. Symlinks are not followed (as
 * git and ripgrep do), so the walk cannot leave the repository; `.git` is never entered, nor a credentials file
 * (`isCredentialFile`) listed. It stops at
 * `maxFiles` files or `maxFolders` folders, and then says so in `notice`: a walk that stopped silently
 * answered "no matches" for files it never read. So it says which files and folders it passed over as their names are not UTF-8,
 * and which folders it may not open (no permission).
 */
export async function walkRepoFiles(root: string, options: WalkOptions = {}): Promise<RepoWalk> {
  const realRoot = await realpath(root);
  const maxFiles = options.maxFiles ?? MAX_WALK_FILES;
  const maxFolders = options.maxFolders ?? MAX_WALK_FOLDERS;
  const walkable = (name: string) => !isGitSegment(name) && !isOutputFolder(name) && (options.includeNodeModules === true || !SKIPPED_BY_DEFAULT.has(name));
  const start = leadingFolders(options.pattern);
  const files: string[] = [];
  if (!start.every(walkable)) return { files, notice: '' };
  if (start.length > 0) {
    // Only a real folder of the repository: none of its parts a symlink, as the walk would not follow one.
    const folder = path.join(realRoot, ...start);
    const real = await realpath(folder).catch((error: unknown) => error as NodeJS.ErrnoException);
    if (real instanceof Error) {
      // A folder on the way the runner may not go through is said, as one the walk may not open: swallowed, a search
      // below it answered "no matches" alone (found by a review). A folder the repository lacks holds no files.
      if (!NOT_PERMITTED.has(real.code ?? '')) return { files, notice: '' };
      const locked = await lockedOnTheWay(realRoot, start);
      if (locked === '') throw real;
      return { files, notice: locked === undefined ? '' : lockedNotice({ count: 1, some: [locked] }) };
    }
    if (real !== folder || !(await stat(real)).isDirectory()) return { files, notice: '' };
  }
  let seen = 0;
  let opened = 0;
  const unnamed: PassedOver = { count: 0, some: [] };
  const locked: PassedOver = { count: 0, some: [] };
  const passedOver = () => unnamedNotice(unnamed) + lockedNotice(locked);
  const pending: string[] = [start.join('/')];
  while (pending.length > 0) {
    options.signal?.throwIfAborted();
    if (opened === maxFolders) return { files, notice: cutNotice(maxFolders, 'folder', start) + passedOver() };
    // A few folders opened at once (in the order they would be popped one by one): each open is several calls
    // through the thread pool (open, readlink, opendir), which one at a time made a walk twice as slow.
    const batch = pending.splice(-Math.min(OPEN_AT_ONCE, maxFolders - opened)).reverse();
    opened += batch.length;
    const folders = await Promise.allSettled(batch.map((relativeDir) => openFolder(path.join(realRoot, relativeDir))));
    try {
      for (const [index, settled] of folders.entries()) {
        const relativeDir = batch[index]!;
        if (settled.status === 'rejected') {
          // A folder of the repository the runner may not open is said in the notice: thrown, the file system's error
          // named the runner's absolute path (found by an adversarial pass). The root is the runner's own to open.
          if (relativeDir === '' || !NOT_PERMITTED.has((settled.reason as NodeJS.ErrnoException).code ?? '')) throw settled.reason;
          locked.count += 1;
          if (locked.some.length < 3) locked.some.push(relativeDir);
          continue;
        }
        // Swapped for a symlink since it was listed (a command tool running beside the walk): not followed, as any symlink.
        if (settled.value === undefined) continue;
        for await (const entry of settled.value.dir) {
          // Read as bytes (`latin1`, one character a byte), then as UTF-8: a name that is not UTF-8 was listed with a
          // U+FFFD that names no file, so read_file said it did not exist, and search_files said "no matches" for its text.
          const name = utf8Name(entry.name);
          if (name === undefined) {
            if (!entry.isDirectory() && !entry.isFile()) continue;
            // Counted as a file the walk looked at: a folder of a million such names is bounded as any other.
            if (entry.isFile() && seen++ === maxFiles) return { files, notice: cutNotice(maxFiles, 'file', start) + passedOver() };
            unnamed.count += 1;
            if (unnamed.some.length < 3) unnamed.some.push(relativeDir === '' ? asText(entry.name) : `${relativeDir}/${asText(entry.name)}`);
            continue;
          }
          const relative = relativeDir === '' ? name : `${relativeDir}/${name}`;
          if (entry.isDirectory()) {
            if (walkable(name)) pending.push(relative);
          } else if (entry.isFile()) {
            // Not listed, searched or read: the file tools refuse it by name too (credential-file.ts), as they refuse a file
            // named as git internals (a submodule's `.git` file) or plan-runner's outputs, which were listed.
            if (isCredentialFile(name) || isGitSegment(name) || isOutputFolder(name)) continue;
            if (seen === maxFiles) return { files, notice: cutNotice(maxFiles, 'file', start) + passedOver() };
            seen += 1;
            if (options.keep === undefined || options.keep(relative)) files.push(relative);
          }
        }
      }
    } finally {
      for (const settled of folders) if (settled.status === 'fulfilled' && settled.value) await closeFolder(settled.value);
    }
  }
  return { files, notice: passedOver() };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A name read as `latin1` (its bytes), as UTF-8; undefined when its bytes are not UTF-8. */
function utf8Name(bytes: string): string | undefined {
  if (!/[^\x00-\x7f]/.test(bytes)) return bytes;
  try {
    return STRICT_UTF8.decode(Buffer.from(bytes, 'latin1'));
  } catch {
    return undefined;
  }
}

/** A name read as `latin1`, as a reader is shown it: UTF-8, a U+FFFD for each byte that is not. */
function asText(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The files or folders a walk passed over (their names are not UTF-8, or it may not open them): how many, and the first few. */
interface PassedOver {
  count: number;
  readonly some: string[];
}

/** The cut note for the files and folders a walk passed over as their names are not UTF-8, else empty. */
function unnamedNotice(unnamed: PassedOver): string {
  if (unnamed.count === 0) return '';
  const some = unnamed.some.map((name) => `'${shownPath(name)}'`).join(', ');
  const one = unnamed.count === 1;
  const count = one ? 'a file or folder whose name is' : `${groupDigits(unnamed.count)} files or folders whose names are`;
  const shown = `${some}${unnamed.count > unnamed.some.length ? ', …' : ''}, with � for each byte that is not`;
  return `${cutNote(`${count} not UTF-8 (${shown}) ${one ? 'was' : 'were'} not looked at, as the files tools cannot name ${one ? 'it' : 'them'}; rename ${one ? 'it' : 'them'} in UTF-8`)}\n`;
}

/** The cut note for the folders a walk may not open (no permission), else empty. */
function lockedNotice(locked: PassedOver): string {
  if (locked.count === 0) return '';
  const some = `${locked.some.map((name) => `'${shownPath(name)}'`).join(', ')}${locked.count > locked.some.length ? ', …' : ''}`;
  const one = locked.count === 1;
  return `${cutNote(`${one ? 'a folder' : `${groupDigits(locked.count)} folders`} the runner may not open (${some}) ${one ? 'was' : 'were'} not looked at`)}\n`;
}

/**
 * The first folder on the way to `start` (from `realRoot`) the runner may not go through, once resolving `start` was
 * refused: the folder holding the first part it may not look at (`''`, the root). Undefined when the way is not one the
 * walk goes (a part is gone, a file or a symlink).
 */
async function lockedOnTheWay(realRoot: string, start: readonly string[]): Promise<string | undefined> {
  for (let depth = 1; depth <= start.length; depth += 1) {
    const part = await lstat(path.join(realRoot, ...start.slice(0, depth))).catch((error: unknown) => error as NodeJS.ErrnoException);
    if (!(part instanceof Error)) {
      if (!part.isDirectory()) return undefined;
      continue;
    }
    return NOT_PERMITTED.has(part.code ?? '') ? start.slice(0, depth - 1).join('/') : undefined;
  }
  // Every part looked at now (its permissions changed since): the folder the walk was to start from is named.
  return start.join('/');
}

/** Folders opened at once by a walk. */
const OPEN_AT_ONCE = 8;

/** Closes a folder opened by `openFolder`; its listing may have been read to the end (which closed it) or not. */
async function closeFolder(folder: { readonly handle: FileHandle; readonly dir: Dir }): Promise<void> {
  await folder.dir.close().catch(() => undefined);
  await folder.handle.close();
}

/** Read only, a folder, not following a last symlink (the flags are 0 where the platform has none). */
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

/** Errors of an open that say the runner may not open the folder: said in the walk's notice. */
const NOT_PERMITTED = new Set(['EACCES', 'EPERM']);

/** Errors of an open that say the folder is not one the walk goes into now: gone, or no longer a folder (a symlink). */
const NOT_A_FOLDER_NOW = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/**
 * The folder at `resolved` (a real path), opened so that what is listed is what was checked: the handle must hold
 * that very folder (a folder on the way swapped for a symlink out of the repository between the listing that named
 * it and this open is caught, found by an adversarial pass), and on Linux its entries are read through the handle
 * (`/proc/self/fd`), so a swap after the check cannot change them. Undefined when it is no such folder now; any
 * other failure is thrown, as a walk that skipped a folder silently would answer "no matches" for files it never
 * read: the walk turns no permission (EACCES, EPERM) into its notice, and fails on the rest (no file descriptors left).
 */
async function openFolder(resolved: string): Promise<{ readonly handle: FileHandle; readonly dir: Dir } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(resolved, FOLDER_FLAGS);
  } catch (error) {
    if (NOT_A_FOLDER_NOW.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  try {
    // On Linux the kernel says which folder the handle holds, and lists it: no stat, no second lookup by path.
    const throughHandle = `/proc/self/fd/${handle.fd}`;
    const held = await readlink(throughHandle).catch(() => undefined);
    if (held !== undefined) {
      if (held !== resolved) return void (await handle.close());
      return { handle, dir: await opendir(throughHandle, { encoding: 'latin1' }) };
    }
    const opened = await handle.stat();
    if (!opened.isDirectory() || !(await holdsPath(handle, resolved, opened))) return void (await handle.close());
    return { handle, dir: await opendir(resolved, { encoding: 'latin1' }) };
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
