import { existsSync, lstatSync, mkdirSync, realpathSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';
import { isSystemPath } from './system-path.ts';
import { namedDescriptor, ownDescriptor } from './own-descriptor.ts';
import { OutputPathRefusedError } from './output-path-refused-error.ts';

/** `statfs` types of kernel file systems, wherever they are mounted: proc, sysfs, cgroup2, debugfs. */
const KERNEL_FS_TYPES = new Set([0x9fa0, 0x62656572, 0x63677270, 0x64626720]);

/** Why a path in `/proc`, `/sys` or `/dev` (but for a device there) is not written. */
export const SYSTEM_TREE = 'it is inside a system tree (/proc, /sys, /dev; only an existing device such as /dev/null can be written)';

/** A path under `/dev`, where only a device is written (`createOutputFolder`). */
export function isDevicePath(file: string): boolean {
  return process.platform !== 'win32' && path.resolve(file).startsWith('/dev/');
}

/**
 * Whether `file`, under `/dev`, is written: only the process's own descriptors (`/dev/stdout`, `/dev/fd/N`) and
 * character or block devices are. A regular file there (`/dev/shm/n.md`) passed the check before the run, was
 * removed as an earlier summary, and was then refused at the run's end: the run failed and the file was gone
 * (found by an adversarial CLI hunt). A link to a device is refused as every final link is (`openOutputFile`).
 */
function isWritableDevice(file: string): boolean {
  if (ownDescriptor(file) !== undefined) return true;
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    return stat !== undefined && (stat.isCharacterDevice() || stat.isBlockDevice());
  } catch {
    return false;
  }
}

/** The deepest path of `folder` that exists (the root at worst), spelled as given. */
function deepestExisting(folder: string): string {
  let found = folder;
  while (!existsSync(found)) {
    const parent = path.dirname(found);
    if (parent === found) break;
    found = parent;
  }
  return found;
}

/**
 * Creates the folder an output file goes in, after checking where it is: `/proc`, `/sys`, `/dev`
 * (but for a device such as `/dev/null` or `/dev/stdout`) and kernel file systems are refused with `OutputPathRefusedError` (Node's recursive `mkdirSync`
 * spins forever under `/proc`, deaf to signals). Every file plan-runner writes goes through here.
 */
export function createOutputFolder(file: string): void {
  // A descriptor named by number that is no file or terminal given to the command is Node's own, a pipe, or closed: refused before the run.
  const fd = namedDescriptor(file);
  if (fd !== undefined && ownDescriptor(file) === undefined) {
    throw new OutputPathRefusedError(file, `descriptor ${fd} is not a file or terminal open for writing (standard input, a pipe, or one opened only for reading): give it one in the shell, ${fd}>file`);
  }
  // A device (`--trace /dev/null`) needs no folder and is written like a file; nothing else under /dev is written.
  if (isDevicePath(file)) {
    if (!isWritableDevice(file)) throw new OutputPathRefusedError(file, SYSTEM_TREE);
    return;
  }
  createFolder(path.dirname(file), { for: file });
}

/**
 * Creates `folder` and the folders above it that are missing, refusing (`OutputPathRefusedError`, naming
 * `options.for`, the file it is made for) one in a system tree or on a kernel file system, where Node's
 * recursive `mkdirSync` spins forever, deaf to signals; throws for a file on the way. Every folder
 * plan-runner makes for its own files goes through here: the CLI's compile cache under `HOME=/proc/self`
 * hung every command (found by an adversarial CLI hunt).
 */
export function createFolder(folder: string, options: { readonly for?: string; readonly mode?: number } = {}): void {
  const shown = options.for ?? folder;
  const absolute = path.resolve(folder);
  const existing = deepestExisting(folder);
  // `mkdir` would say only EEXIST or ENOTDIR: `--trace-dir report.md` names a file as a folder.
  if (!statSync(existing).isDirectory()) throw new Error(`${existing} is not a folder, so nothing can be written in it; choose another path`);
  const ancestor = realpathSync(existing);
  if (isSystemPath(absolute) || isSystemPath(ancestor)) {
    throw new OutputPathRefusedError(shown, SYSTEM_TREE);
  }
  let type: number | bigint | undefined;
  try {
    type = statfsSync(ancestor).type;
  } catch {
    type = undefined; // statfs is missing on some platforms; the path check above still holds
  }
  if (type !== undefined && KERNEL_FS_TYPES.has(Number(type))) {
    throw new OutputPathRefusedError(shown, `${ancestor} is on a kernel file system`);
  }
  mkdirSync(absolute, { recursive: true, ...(options.mode !== undefined && { mode: options.mode }) });
}

/**
 * Refuses the folder plan-runner writes in by default (the CLI's `.plan-runner`, the action's output
 * folder) when it is a symlink: a checkout can hold `.plan-runner -> /anywhere`, and every default output
 * would land there. The CLI refuses it for any output under `.plan-runner/`, named or by default: the
 * name is plan-runner's, and a checkout can plant it. Any other folder a user names is theirs to link.
 */
export function refuseLinkedOutputFolder(folder: string): void {
  let linked = false;
  try {
    linked = lstatSync(folder).isSymbolicLink();
  } catch {
    return; // not there yet: it is created as a folder
  }
  if (linked) throw new OutputPathRefusedError(folder, 'it is plan-runner\'s default output folder, and it is a symbolic link (a checkout can hold one pointing anywhere); remove the link');
}
