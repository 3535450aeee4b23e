import { closeSync, writeFileSync } from 'node:fs';
import { openOutputFile } from '../core/open-output-file.ts';
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
      writeFileSync(fd, markdown);
    } finally {
      closeSync(fd);
    }
    return undefined;
  } catch (cause) {
    return new ReportWriteError({ path: file, cause });
  }
}
