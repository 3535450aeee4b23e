import { fstatSync, lstatSync, unlinkSync } from 'node:fs';
import { closeOutputFile, openOutputFile, writeOutputFile } from '../core/open-output-file.ts';
import { OutputPathRefusedError } from '../core/output-path-refused-error.ts';

/** A report file that could not be written; the message names the path and what to check. */
export class ReportWriteError extends Error {
  readonly path: string;

  constructor(options: { path: string; cause: unknown }) {
    const { cause } = options;
    const reason = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause));
    // A refused path (/proc, a kernel file system) already says where and what to do.
    const message = cause instanceof OutputPathRefusedError ? cause.message : `cannot write the report to ${options.path} (${reason}); check the path is writable and the disk is not full`;
    super(message, { cause });
    this.name = 'ReportWriteError';
    this.path = options.path;
  }
}

/**
 * Writes a report file, creating its folder (where `createOutputFolder` allows), never through a final symlink (`openOutputFile`). It never throws: a path that cannot be written comes
 * back as a `ReportWriteError`, for the front end to say plainly (the CLI on stderr, the action as
 * a warning), the same way as an unwritable trace.
 */
export async function writeReportFile(file: string, markdown: string): Promise<ReportWriteError | undefined> {
  try {
    const fd = openOutputFile(file);
    try {
      writeOutputFile(fd, markdown);
    } catch (cause) {
      removeCutFile(file, fd);
      throw cause;
    } finally {
      closeOutputFile(fd);
    }
    return undefined;
  } catch (cause) {
    return new ReportWriteError({ path: file, cause });
  }
}

/**
 * Removes the regular file `fd` has open at `file`, whose write failed part-way (a full disk, a file size
 * limit): left there, a cut report was taken for the whole one by whatever read it next (found by an
 * adversarial pass). Only when `file` still names that file: never a device (`/dev/full`), nor another
 * file put in its place since.
 */
function removeCutFile(file: string, fd: number): void {
  try {
    const open = fstatSync(fd);
    const named = lstatSync(file);
    if (open.isFile() && named.isFile() && open.dev === named.dev && open.ino === named.ino) unlinkSync(file);
  } catch {
    // Not removable: the message says the report could not be written all the same.
  }
}
