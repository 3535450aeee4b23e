import { fstatSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isatty } from 'node:tty';

/** The descriptor `/dev/stdout`, `/dev/stderr` or `/dev/fd/N` names, open or not; undefined for any other path. */
export function namedDescriptor(file: string): number | undefined {
  if (process.platform === 'win32') return undefined;
  const absolute = path.resolve(file);
  const named = absolute === '/dev/stdout' ? '1' : absolute === '/dev/stderr' ? '2' : /^\/dev\/fd\/(\d+)$/.exec(absolute)?.[1];
  return named === undefined ? undefined : Number(named);
}

/**
 * The descriptor `/dev/stdout`, `/dev/stderr` or `/dev/fd/N` names, when the process has it open for writing and it is
 * one a user gives a command: standard output and error, and past them a file (`3>file`) or a terminal; else undefined. Each is a
 * link to the process's own open file, which a user names on purpose. Node's own descriptors sit among the low numbers
 * too (libuv's epoll, io_uring, eventfd and wake-up pipes): named as an output, one lost the report with exit 0 and
 * another crashed the CLI (found by an adversarial pass). None of those is a file or a terminal. Node marks those it
 * was started with close-on-exec as it does its own, so that flag tells nothing; a pipe given as `3>&1` or `>(cmd)`
 * cannot be told from libuv's, and is refused with them.
 */
export function ownDescriptor(file: string): number | undefined {
  const fd = namedDescriptor(file);
  // Standard input is no output: `--trace /dev/fd/0 < file` ran every step and lost the trace (found by a review).
  if (fd === undefined || fd === 0) return undefined;
  try {
    if (!(fd <= 2 || fstatSync(fd).isFile() || isatty(fd))) return undefined;
    // Open for writing: one open only for reading (`3<file`) was taken, and the run went on to lose its trace.
    writeSync(fd, '');
    return fd;
  } catch {
    return undefined; // not open, or not for writing: opening the path says why
  }
}
