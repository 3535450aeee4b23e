import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, writeFileSync } from 'node:fs';
import { flushBatchedOutput } from './batch-output.ts';
import { createOutputFolder, isDevicePath, SYSTEM_TREE } from './create-output-folder.ts';
import { ownDescriptor } from './own-descriptor.ts';
import { OutputPathRefusedError } from './output-path-refused-error.ts';

/** Opening flags of every file plan-runner writes: never through a symlink at the end of the path. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** The process's own descriptors that `openOutputFile` handed out: `closeOutputFile` leaves them open. */
const borrowed = new Set<number>();

/**
 * How an output file is opened: written afresh (`'w'`), afresh and readable back through the same descriptor
 * (`'w+'`), appended to (`'a'`), or appended to only while it is still there (`'a-existing'`: a file this run
 * made, never made again where a step removed it or put a link in place of its folder).
 */
export type OutputMode = 'w' | 'w+' | 'a' | 'a-existing';

/** The mode a new output file is made with (before the umask): its user's to read and write, no one else's. */
export const OUTPUT_FILE_MODE = 0o600;

/** Never waiting on a FIFO at the open (0 where the platform has none); a regular file ignores it. */
const NO_WAIT = constants.O_NONBLOCK ?? 0;

/**
 * The flags of `mode` (a device is opened for writing only), without following a final symlink nor waiting for
 * a FIFO's reader (but for a device, which a user names on purpose and is written as asked: a terminal).
 */
function outputFlags(mode: OutputMode, file?: string): number {
  const device = file !== undefined && isDevicePath(file);
  const follow = device ? NO_FOLLOW : NO_FOLLOW | NO_WAIT;
  const access = mode === 'w+' && !device ? constants.O_RDWR : constants.O_WRONLY;
  // Nor made nor emptied under /dev: a device is there already and has nothing to empty, and anything else is refused once open.
  const create = mode === 'a-existing' || device ? 0 : constants.O_CREAT;
  // Not O_TRUNC: a file is emptied only once it is known to have no other name (`openOutputFile`).
  return access | create | (mode === 'a' || mode === 'a-existing' ? constants.O_APPEND : 0) | follow;
}

const NOT_REGULAR = 'it is a FIFO or a socket, not a regular file, and writing it would hold the run until something reads it (a step may have put it there); remove it';

/** The error for a file that is a symlink (`ELOOP` from an open with `O_NOFOLLOW`), else the error itself. */
function symlinkRefusal(file: string, error: unknown): unknown {
  return (error as NodeJS.ErrnoException).code === 'ELOOP'
    ? new OutputPathRefusedError(file, 'it is a symbolic link, and plan-runner does not write through one (a checkout can hold a link to any file); remove the link or choose another path')
    : error;
}

/**
 * Opens an output file for writing (after `createOutputFolder`), refusing a final symlink with
 * `OutputPathRefusedError`: a checkout can contain `.plan-runner/report.md -> ../../anything`. Folders
 * on the way are followed (an explicit path through a linked `/tmp` works); see
 * `refuseLinkedOutputFolder` for the folder plan-runner writes in by default. Every report, trace and
 * recording is opened here. Returns the file descriptor.
 */
export function openOutputFile(file: string, mode: OutputMode = 'w'): number {
  // Opened again (as /proc/self/fd/1), `--summary /dev/stdout >> run.log` emptied run.log, and `--trace /dev/stdout > both.log`
  // wrote at an offset of its own, over the checklist's lines (found by an adversarial CLI hunt): the descriptor itself is
  // written, where it stands, after what the process's output holds back.
  const own = ownDescriptor(file);
  if (own !== undefined) {
    flushBatchedOutput();
    borrowed.add(own);
    return own;
  }
  if (mode !== 'a-existing') createOutputFolder(file);
  let fd: number;
  try {
    // Made readable by its user only: a trace, a recording or a report holds tool outputs and model answers (a
    // credential a tool printed that no redaction knew), and made 0o666 they were readable by every user of a shared
    // machine (found by a replay hunt). A file that is there keeps the mode it has.
    fd = openSync(file, outputFlags(mode, file), OUTPUT_FILE_MODE);
  } catch (error) {
    // A FIFO no one reads, opened for writing without waiting.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw new OutputPathRefusedError(file, NOT_REGULAR);
    throw symlinkRefusal(file, error);
  }
  const stat = fstatSync(fd);
  // Under /dev only a device is written (`createOutputFolder`), and this one may have been put there since.
  if (isDevicePath(file)) {
    if (stat.isCharacterDevice() || stat.isBlockDevice()) return fd;
    closeSync(fd);
    throw new OutputPathRefusedError(file, SYSTEM_TREE);
  }
  // Outside /dev only a regular file is written: a FIFO opened at once (read-write, or with a reader) blocked
  // each write once its pipe was full, the whole process with it, deaf to signals (found by an adversarial pass).
  if (!stat.isFile()) {
    closeSync(fd);
    throw new OutputPathRefusedError(file, NOT_REGULAR);
  }
  // A hard link is another name of another file, which O_NOFOLLOW does not see: emptied and written, a trace at a path a
  // step had linked to any file the runner's user may write replaced that file (found by an adversarial hunt).
  if (stat.nlink > 1) {
    closeSync(fd);
    throw new OutputPathRefusedError(file, 'it has another name (a hard link), and writing it would change that file too (a step may have put it there); remove it or choose another path');
  }
  if (mode === 'w' || mode === 'w+') ftruncateSync(fd, 0);
  return fd;
}

/** Writes `text` to what `openOutputFile` opened; to the process's own descriptor after what its output holds back. */
export function writeOutputFile(fd: number, text: string): void {
  if (borrowed.has(fd)) flushBatchedOutput();
  writeFileSync(fd, text);
}

/** Closes what `openOutputFile` opened; a descriptor of the process's own (`/dev/stdout`) stays open. */
export function closeOutputFile(fd: number): void {
  if (!borrowed.has(fd)) closeSync(fd);
}

/** Throws what `openOutputFile` would for a final symlink, without opening (or truncating) anything: for checks before a run. */
export function refuseFinalSymlink(file: string): void {
  if (ownDescriptor(file) !== undefined) return;
  let linked = false;
  try {
    linked = lstatSync(file).isSymbolicLink();
  } catch {
    return;
  }
  if (linked) throw symlinkRefusal(file, Object.assign(new Error('ELOOP'), { code: 'ELOOP' }));
}
