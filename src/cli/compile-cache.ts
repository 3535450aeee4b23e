import { lstatSync } from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createFolder } from '../core/create-output-folder.ts';

/**
 * Where the CLI keeps V8's compiled code between runs: the user's own cache folder, so a second `validate`
 * or `run` skips compiling the command's chunks (BODMAS `validate` 169 → 131 ms, `run` 276 → 212 ms here).
 * Never `os.tmpdir()`, Node's default: on a shared machine another user could create that folder first and
 * leave compiled code in it for this user to run. Undefined when there is no home to put it in.
 */
export function compileCacheDirectory(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string | undefined {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const absolute = (folder: string | undefined) => (folder && paths.isAbsolute(folder) ? folder : undefined);
  const cache = platform === 'win32' ? absolute(env['LOCALAPPDATA']) : (absolute(env['XDG_CACHE_HOME']) ?? (absolute(home) && paths.join(home, platform === 'darwin' ? 'Library/Caches' : '.cache')));
  return cache === undefined ? undefined : paths.join(cache, 'plan-runner', 'compile-cache');
}

/**
 * Turns V8's compile cache on for the chunks the CLI loads from here on. A miss, or a folder that cannot be
 * written, compiles as usual: Node reports that in the result rather than throwing, and nothing depends on it.
 * `NODE_COMPILE_CACHE` (a folder of the user's choice, which Node has already turned on) and
 * `NODE_DISABLE_COMPILE_CACHE=1` are left to Node. Only the CLI does this: a runner starts the action on a
 * fresh machine, where a cache would only cost its writing, and on a self-hosted runner shared by
 * repositories, a cache one job wrote would be code another job's gate runs.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  if (env['NODE_COMPILE_CACHE'] || env['NODE_DISABLE_COMPILE_CACHE']) return;
  let home: string;
  try {
    home = os.homedir();
  } catch {
    return; // no home folder for this user (a service account): compile as usual
  }
  const directory = compileCacheDirectory(env, process.platform, home);
  if (directory !== undefined && ownFolder(directory)) module.enableCompileCache?.(directory);
}

/**
 * Whether `directory` (made here, for this user only, if missing) holds only what this user wrote: it and
 * its parent (`plan-runner`) are this user's and no one else may write them, and the cache folder above
 * them is this user's and not writable by all. Else no cache: a `HOME=/tmp` whose `.cache` another user
 * made first, or `sudo` keeping the user's `HOME`, would have the CLI run code someone else left there.
 */
function ownFolder(directory: string): boolean {
  if (typeof process.getuid !== 'function') return true; // Windows: the user's own LOCALAPPDATA
  const uid = process.getuid();
  const mine = (folder: string, notWritableBy: number) => {
    const stats = lstatSync(folder);
    return stats.isDirectory() && stats.uid === uid && (stats.mode & notWritableBy) === 0;
  };
  try {
    // Not under /proc or on a kernel file system (`HOME=/proc/self`): Node's recursive mkdirSync spins there for ever.
    createFolder(directory, { mode: 0o700 });
    const own = path.dirname(directory);
    return mine(directory, 0o022) && mine(own, 0o022) && mine(path.dirname(own), 0o002);
  } catch {
    return false;
  }
}
